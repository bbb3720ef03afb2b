// ListRender — the language of the interface's own words (not the dataset's)
import Models

/// The language of the words the interface writes around the data: buttons, labels, counts. English,
/// and Simplified Chinese, the language of the notes the product grew from.
public enum UILanguage: Sendable, Hashable {
    case english
    case simplifiedChinese

    /// The language's tag for `lang` attributes and the `lang=` query parameter.
    public var tag: StaticString {
        switch self {
        case .english: "en"
        case .simplifiedChinese: "zh-Hans"
        }
    }

    /// The language a tag names: any `zh` but the traditional scripts and regions is Simplified Chinese,
    /// `en…` English; nil for others.
    public init?(tag: some StringProtocol) {
        let tag = tag.lowercased()
        if tag == "en" || tag.hasPrefix("en-") {
            self = .english
        } else if tag == "zh" || tag.hasPrefix("zh-") {
            let traditional = ["zh-hant", "zh-tw", "zh-hk", "zh-mo"].contains { tag.hasPrefix($0) }
            guard !traditional else { return nil }
            self = .simplifiedChinese
        } else {
            return nil
        }
    }

    /// The language the interface speaks to a reader of `tag`: its own for `en…` and `zh…` of any script or
    /// region (a reader of Traditional Chinese reads the interface's Chinese words sooner than its English
    /// ones; the rows keep the dataset's own Traditional texts); nil for others.
    public init?(speaking tag: some StringProtocol) {
        if let language = UILanguage(tag: tag) {
            self = language
        } else if case let tag = tag.lowercased(), tag == "zh" || tag.hasPrefix("zh-") {
            self = .simplifiedChinese
        } else {
            return nil
        }
    }

    /// The language an `Accept-Language` field prefers among the two: the supported range with the highest
    /// quality, the first of equals (Chinese of any script speaks Chinese, ``init(speaking:)``); English when
    /// none is named.
    /// - Complexity: O(field length).
    public init(acceptLanguage field: some StringProtocol) {
        var best: (language: UILanguage, quality: Double)?
        for range in field.split(separator: ",") {
            let parts = range.split(separator: ";")
            guard let name = parts.first?.trimmingSpaces, let language = UILanguage(speaking: name) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let parameter = parameter.trimmingSpaces
                if parameter.hasPrefix("q="), let value = Double(parameter.dropFirst(2)) { quality = value }
            }
            if quality > 0, quality > best?.quality ?? 0 { best = (language, quality) }
        }
        self = best?.language ?? .english
    }

    /// The word in this language: `english` or `chinese`.
    @inline(__always)
    public func pick(_ english: StaticString, _ chinese: StaticString) -> StaticString {
        self == .english ? english : chinese
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
