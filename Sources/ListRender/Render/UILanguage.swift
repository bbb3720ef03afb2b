// ListRender — the language of the interface's own words (not the dataset's)
import Models

/// The language of the words the interface writes around the data: buttons, labels, counts. English;
/// Simplified Chinese, the language of the notes the product grew from; Traditional Chinese as iOS's
/// zh-Hant writes it; and Arabic and Hebrew, whose pages read from right to left. Each word's translations
/// stand together in one place (``UIWord``, ``UIWords``).
public enum UILanguage: Int, Sendable, Hashable, CaseIterable {
    case english
    case simplifiedChinese
    case traditionalChinese
    case arabic
    case hebrew

    /// The language's tag for `lang` attributes and the `lang=` query parameter.
    public var tag: StaticString {
        switch self {
        case .english: "en"
        case .simplifiedChinese: "zh-Hans"
        case .traditionalChinese: "zh-Hant"
        case .arabic: "ar"
        case .hebrew: "he"
        }
    }

    /// Whether the language is written from right to left (its pages are `dir="rtl"`).
    public var isRightToLeft: Bool { self == .arabic || self == .hebrew }

    /// Whether the language writes words without spaces between them and counts without plurals (`3行`).
    public var isChinese: Bool { self == .simplifiedChinese || self == .traditionalChinese }

    /// The language a tag names: `zh` in the traditional script or its regions (`zh-Hant`, `zh-TW`, `zh-HK`,
    /// `zh-MO`) is Traditional Chinese, any other `zh` Simplified Chinese, `en…` English, `ar…` Arabic, `he…`
    /// (and its old code `iw`) Hebrew; nil for others.
    public init?(tag: some StringProtocol) {
        let tag = tag.lowercased().replacing("_", with: "-")
        func names(_ language: String) -> Bool { tag == language || tag.hasPrefix(language + "-") }
        if names("en") {
            self = .english
        } else if names("zh") {
            let traditional = ["zh-hant", "zh-tw", "zh-hk", "zh-mo"].contains { tag.hasPrefix($0) }
            self = traditional ? .traditionalChinese : .simplifiedChinese
        } else if names("ar") {
            self = .arabic
        } else if names("he") || names("iw") {
            self = .hebrew
        } else {
            return nil
        }
    }

    /// The language an `Accept-Language` field prefers among those the interface speaks: the supported range
    /// with the highest quality, the first of equals; English when none is named.
    /// - Complexity: O(field length).
    public init(acceptLanguage field: some StringProtocol) {
        var best: (language: UILanguage, quality: Double)?
        for range in field.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let name = parts.first?.trimmingSpaces, let language = UILanguage(tag: name) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let parameter = parameter.trimmingSpaces
                if parameter.hasPrefix("q="), let value = Double(parameter.dropFirst(2)) { quality = value }
            }
            if quality > 0, quality > best?.quality ?? 0 { best = (language, quality) }
        }
        self = best?.language ?? .english
    }

    /// The word in this language.
    @inline(__always)
    public func pick(_ word: UIWord) -> StaticString {
        word.translations[self]
    }
}

/// One word or phrase of the interface in every language it speaks. Every field must be given, so that a
/// missing translation is a compile error a reviewer sees beside the others.
public struct UIWords: Sendable {
    public let english: StaticString
    public let simplifiedChinese: StaticString
    public let traditionalChinese: StaticString
    public let arabic: StaticString
    public let hebrew: StaticString

    public init(
        _ english: StaticString, zhHans simplifiedChinese: StaticString, zhHant traditionalChinese: StaticString,
        ar arabic: StaticString, he hebrew: StaticString
    ) {
        (self.english, self.simplifiedChinese) = (english, simplifiedChinese)
        (self.traditionalChinese, self.arabic, self.hebrew) = (traditionalChinese, arabic, hebrew)
    }

    /// The word in `language`.
    @inline(__always)
    public subscript(language: UILanguage) -> StaticString {
        switch language {
        case .english: english
        case .simplifiedChinese: simplifiedChinese
        case .traditionalChinese: traditionalChinese
        case .arabic: arabic
        case .hebrew: hebrew
        }
    }
}

extension LocalizedTitle {
    /// The title for readers of `language`: the first translation whose tag names it, else the fallback.
    /// - Complexity: O(translations).
    public func text(in language: UILanguage) -> String {
        text { UILanguage(tag: $0) == language }
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: SubSequence {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map(index(after:)) ?? start
        return self[start..<Swift.max(start, end)]
    }
}
