// ListRender — the second line of an app cell
import Foundation
import Models

extension FragmentRenderer {
    /// The second line of an app cell: `size M · download downloads` (`23.4M · 1,284,503 downloads`; in
    /// Chinese `23.4M · 128万次下载`). A download count that is a whole number is grouped as the language
    /// writes it (``downloadCount(_:language:)``); other numbers and strings are shown as their text
    /// (``FieldValue/text``); a text that already ends in a letter (`"12 MB"`, `"1.2M downloads"`) is shown
    /// as it is. Sizes and counts are read under the keys app lists write them with
    /// (``DatasetKind/sizeKeys``, ``DatasetKind/downloadKeys``).
    /// - Parameter fields: the app row's fields.
    /// - Returns: the line; the missing or empty parts are left out.
    public static func appSummary(_ fields: Fields, language: UILanguage = .english) -> String {
        var parts: [String] = []
        if let value = DatasetKind.sizeKeys.lazy.compactMap({ fields[$0] }).first, let size = value.text, !size.isEmpty {
            parts.append(endsInLetter(size) ? size : appSize(value, text: size))
        }
        let downloads = DatasetKind.downloadKeys.lazy.compactMap { fields[$0]?.text }.first
        if let download = downloads, !download.isEmpty {
            if endsInLetter(download) {
                parts.append(download)
            } else {
                let count = UInt64(download).map { downloadCount($0, language: language) } ?? download
                let downloads: String =
                    switch language {
                    case .english: count + " downloads"
                    case .simplifiedChinese: count + "次下载"
                    case .traditionalChinese: count + "次下載"
                    case .arabic: count + " تنزيل"
                    case .hebrew: count + " הורדות"
                    }
                parts.append(downloads)
            }
        }
        return parts.joined(separator: " · ")
    }

    /// An app's size: megabytes as the samples write them (`23.4` → `23.4M`), or, from 100,000 up, a count
    /// of bytes as app sources give them (`48234496` → `46.0M`).
    static func appSize(_ value: FieldValue, text: String) -> String {
        guard let number = value.number, number >= 100_000 else { return text + "M" }
        return String(format: "%.1fM", number / 1_048_576)
    }

    /// A count as the language writes it: English, Arabic and Hebrew group thousands (`1,284,503`, the digits
    /// the browser's `toLocaleString` gives them too); Chinese counts in 万 (ten thousand), 亿 (a hundred million)
    /// and 万亿 from 10,000 up (Traditional: 萬, 億, 兆), with one decimal under ten of them
    /// (`1.2万`, `13万`, `128万`, `3.5亿`), as the App Store does, rounded as `Intl.NumberFormat("zh-Hans",
    /// {notation: "compact"})` rounds (99,999 → `10万`), so the page says what the browser would.
    public static func downloadCount(_ count: UInt64, language: UILanguage) -> String {
        switch language {
        case .english, .arabic, .hebrew:
            var digits = Array(String(count))
            var at = digits.count - 3
            while at > 0 {
                digits.insert(",", at: at)
                at -= 3
            }
            return String(digits)
        case .simplifiedChinese, .traditionalChinese:
            guard count >= 10_000 else { return String(count) }
            let traditional = language == .traditionalChinese
            let (unit, name): (UInt64, String) =
                count >= 1_000_000_000_000 ? (1_000_000_000_000, traditional ? "兆" : "万亿")
                : count >= 100_000_000 ? (100_000_000, traditional ? "億" : "亿") : (10_000, traditional ? "萬" : "万")
            // Rounded half up as Intl.NumberFormat's compact notation rounds: two significant digits (one
            // decimal under ten units), whole units from ten up; a count rounded up to the next unit is said in it.
            let tenth = unit / 10
            if count / unit < 10 {
                let tenths = count / tenth + (count % tenth >= tenth - tenth / 2 ? 1 : 0)
                if tenths < 100 {
                    return String(tenths / 10) + (tenths % 10 == 0 ? "" : "." + String(tenths % 10)) + name
                }
            }
            let whole = count / unit + (count % unit >= unit - unit / 2 ? 1 : 0)
            if whole >= 10_000, unit < 1_000_000_000_000 { return downloadCount(whole * unit, language: language) }
            return String(whole) + name
        }
    }

    /// A message's date, `yyyy-MM-dd` in UTC, from its `send_time`: a plist date, unix seconds as a number
    /// or a string of one (`"1576139886"`, as the samples' model holds it), or a date's text
    /// (`"2026-01-01 10:00:00"`; ``FieldValue/unixTime``).
    /// - Parameter value: the `send_time` field.
    /// - Returns: the date, or nil when the value is not a time.
    public static func messageDate(_ value: FieldValue?) -> String? {
        value?.unixTime.flatMap(CivilDate.init(unixTime:))?.formatted
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
