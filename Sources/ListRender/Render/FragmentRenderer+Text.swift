// ListRender — the second line of an app cell
import Foundation
import Models

extension FragmentRenderer {
    /// The second line of an app cell: `size M · download downloads` (`23.4M · 1284503 downloads`).
    /// Numbers and strings are shown as their text (``FieldValue/text``); a text that already ends in a
    /// letter (`"12 MB"`, `"1.2M downloads"`) is shown as it is.
    /// - Parameter fields: the app row's fields.
    /// - Returns: the line; the missing or empty parts are left out.
    public static func appSummary(_ fields: Fields) -> String {
        var parts: [String] = []
        if let size = fields["size"]?.text, !size.isEmpty {
            parts.append(endsInLetter(size) ? size : size + "M")
        }
        if let download = fields["download"]?.text, !download.isEmpty {
            parts.append(endsInLetter(download) ? download : download + " downloads")
        }
        return parts.joined(separator: " · ")
    }

    /// A message's date, `yyyy-MM-dd` in UTC, from its `send_time`: a plist date, or unix seconds as a
    /// number or a string of one (`"1576139886"`, as the samples' model holds it; ``FieldValue/number``).
    /// - Parameter value: the `send_time` field.
    /// - Returns: the date, or nil when the value is not a time.
    public static func messageDate(_ value: FieldValue?) -> String? {
        let seconds = if case .date(let date) = value { date.timeIntervalSince1970 } else { value?.number }
        return seconds.flatMap(CivilDate.init(unixTime:))?.formatted
    }

    /// A hero's tags: an array's texts, or one text split at commas, each trimmed, empty ones dropped.
    /// - Parameter value: the `tags` field.
    /// - Returns: the tags in order.
    public static func heroTags(_ value: FieldValue?) -> [String] {
        let raw: [String]
        if let items = value?.arrayValue {
            raw = items.compactMap(\.text)
        } else {
            raw = value?.text?.split(separator: ",").map(String.init) ?? []
        }
        return raw.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    static func endsInLetter(_ text: String) -> Bool {
        text.unicodeScalars.last.map { CharacterSet.letters.contains($0) } ?? false
    }
}
