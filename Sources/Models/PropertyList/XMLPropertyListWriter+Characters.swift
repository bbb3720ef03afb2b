// Models — what an XML property list cannot carry

extension XMLPropertyListWriter {
    /// Where `value` holds text that XML 1.0 has no form for: a control character other than tab, line
    /// feed and carriage return (not even as `&#N;`), or U+FFFE or U+FFFF, in a string or a key. Strict
    /// readers (Python's `plistlib`, Apple's) refuse a document with one, so such a value is not
    /// exported as XML; JSON and binary plists carry it.
    /// - Parameter value: the document's value, written as ``write(_:)`` writes it (`null` entries of a
    ///   dictionary are left out).
    /// - Returns: the key path of the first such text (`[3].title`, `[0].friends[2]`; a key's own
    ///   path for a key) and what it holds; nil when every text can be written.
    /// - Complexity: O(size of the value).
    public static func unwritableText(in value: FieldValue, path: String = "") -> (path: String, message: String)? {
        switch value {
        case .string(let text):
            return unwritableCharacter(in: text).map { (path, "the text holds \($0), which XML cannot carry") }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = unwritableText(in: item, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .dict(let fields):
            for field in fields where !field.value.isNull {
                let fieldPath = path.isEmpty ? field.key : "\(path).\(field.key)"
                if let character = unwritableCharacter(in: field.key) {
                    return (fieldPath, "the key holds \(character), which XML cannot carry")
                }
                if let found = unwritableText(in: field.value, path: fieldPath) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    /// The first character of `text` that XML 1.0 excludes, named as `U+0001`; nil when there is none.
    static func unwritableCharacter(in text: String) -> String? {
        for scalar in text.unicodeScalars {
            let code = scalar.value
            if (code < 0x20 && code != 0x09 && code != 0x0A && code != 0x0D) || code == 0xFFFE || code == 0xFFFF {
                let hex = String(code, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }
        return nil
    }
}
