// Models — a title a dataset gives in one language or in several

/// A title a dataset gives for a button, in one language or in several, keyed by language tag:
///
/// ```json
/// "Delete"
/// {"en": "Mark as Read", "zh-Hans": "标为已读"}
/// ```
///
/// The interface picks the text for its own language (``text(where:)``) and falls back to ``fallback``.
public struct LocalizedTitle: Sendable, Hashable, ExpressibleByStringLiteral {
    /// One title and the language tag it is for.
    public struct Translation: Sendable, Hashable {
        public var tag: String
        public var text: String

        public init(tag: String, text: String) {
            self.tag = tag
            self.text = text
        }
    }

    /// The titles by language, in the file's order; empty for a plain string.
    public var translations: [Translation]
    /// The text for a language the dataset does not name: the plain string, else the English title, else
    /// the first one given.
    public var fallback: String

    /// The most languages one title may give.
    public static let maximumTranslations = 16
    /// The longest title, in characters.
    public static let maximumLength = 100

    /// A title in no particular language.
    public init(_ text: String) {
        fallback = text
        translations = []
    }

    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// A title in several languages, the English one (a tag `en` or `en-…`) or else the first being the
    /// fallback.
    /// - Precondition: `translations` is not empty.
    public init(translations: [Translation]) {
        precondition(!translations.isEmpty, "a title needs at least one translation")
        self.translations = translations
        let english = translations.first { Self.isEnglish($0.tag) }
        fallback = (english ?? translations[0]).text
    }

    /// Reads a checked title (``violation(in:)``): a string, or a dictionary of tags to strings.
    public init?(_ value: FieldValue) {
        if let fields = value.dictValue {
            let translations = fields.compactMap { field in field.value.text.map { Translation(tag: field.key, text: $0) } }
            guard !translations.isEmpty, translations.count == fields.count else { return nil }
            self.init(translations: translations)
        } else if let text = value.text {
            self.init(text)
        } else {
            return nil
        }
    }

    /// The text for the first language tag `matches` accepts, else ``fallback``.
    /// - Complexity: O(translations).
    public func text(where matches: (String) -> Bool) -> String {
        translations.first { matches($0.tag) }?.text ?? fallback
    }

    /// Checks a title: a string of 1 to ``maximumLength`` characters, or a dictionary of 1 to
    /// ``maximumTranslations`` language tags (`en`, `zh-Hans`) to such strings.
    /// - Returns: nil when it fits, else the key path below the title (`.zh`) and the message.
    static func violation(in value: FieldValue) -> (suffix: String, message: String)? {
        guard let fields = value.dictValue else { return textViolation(value) }
        guard (1...maximumTranslations).contains(fields.count) else {
            return ("", "expected 1 to \(maximumTranslations) languages, found \(fields.count)")
        }
        for field in fields {
            guard isLanguageTag(field.key) else {
                return (".\(field.key.prefix(20))", "expected a language tag such as en or zh-Hans as the key")
            }
            if let problem = textViolation(field.value) { return (".\(field.key)" + problem.suffix, problem.message) }
        }
        return nil
    }

    private static func textViolation(_ value: FieldValue) -> (suffix: String, message: String)? {
        guard let text = value.text, !text.isEmpty, text.count <= maximumLength else {
            return ("", "expected a title of 1 to \(maximumLength) characters or a dictionary of them by "
                + "language, found \(value.errorPreview)")
        }
        return nil
    }

    /// Whether `tag` looks like a BCP 47 tag: letters, then `-` and letters or digits, 1 to 8 at a time.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...8).contains(language.count),
              language.unicodeScalars.allSatisfy({ $0.isASCIILetter }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) }
        }
    }

    private static func isEnglish(_ tag: String) -> Bool {
        let tag = tag.lowercased()
        return tag == "en" || tag.hasPrefix("en-")
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
