// ListRender — the second line of an app cell
import Foundation
import Models

extension FragmentRenderer {
    /// The second line of an app cell: `size M · download downloads` (`23.4M · 1284503 downloads`).
    /// A string value that already ends in a letter (`"12 MB"`, `"1.2M downloads"`) is shown as it is.
    /// - Parameter fields: the app row's fields.
    /// - Returns: the line; the missing parts are left out.
    public static func appSummary(_ fields: Fields) -> String {
        var parts: [String] = []
        if let size = numberText(fields["size"]) {
            parts.append(endsInLetter(size) ? size : size + "M")
        }
        if let download = numberText(fields["download"]) {
            parts.append(endsInLetter(download) ? download : download + " downloads")
        }
        return parts.joined(separator: " · ")
    }

    /// A message's date, `yyyy-MM-dd` in UTC, from its `send_time` (unix seconds, or a plist date).
    /// - Parameter value: the `send_time` field.
    /// - Returns: the date, or nil when the value is not a time.
    public static func messageDate(_ value: FieldValue?) -> String? {
        let seconds: Double?
        switch value {
        case .date(let date): seconds = date.timeIntervalSince1970
        case .string(let text): seconds = Double(text.trimmingCharacters(in: .whitespaces))
        default: seconds = value?.doubleValue
        }
        return seconds.flatMap(CivilDate.init(unixTime:))?.formatted
    }

    /// A hero's tags: an array's strings, or a string split at commas, each trimmed, empty ones dropped.
    /// - Parameter value: the `tags` field.
    /// - Returns: the tags in order.
    public static func heroTags(_ value: FieldValue?) -> [String] {
        let raw: [String]
        switch value {
        case .array(let items): raw = items.compactMap(\.stringValue)
        case .string(let text): raw = text.split(separator: ",").map(String.init)
        default: raw = []
        }
        return raw.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A number's shortest text (`23.4`, `5`, `1284503`), or a string as it is.
    static func numberText(_ value: FieldValue?) -> String? {
        switch value {
        case .int(let number): return String(number)
        case .real(let number):
            guard number.isFinite else { return nil }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let text): return text.isEmpty ? nil : text
        default: return nil
        }
    }

    static func endsInLetter(_ text: String) -> Bool {
        text.unicodeScalars.last.map { CharacterSet.letters.contains($0) } ?? false
    }
}
