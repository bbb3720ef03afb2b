// Models — a `.strings` file: the key-to-text table of one language, in each form Apple writes it

/// A `.strings` file read into its table of keys and texts, in each form Apple's tools write one:
/// the old ASCII property-list form (`"key" = "text";`, comments, `\n`/`\"`/`\U20AC` escapes, unquoted
/// words) in UTF-8 or behind a UTF-16 byte-order mark, and XML or binary property lists of strings.
///
/// A `.strings` file that cannot be read gives no table rather than an error: the Settings app shows the
/// key itself where a translation is missing, and so does an import.
public enum StringsFile {
    /// Reads a `.strings` file.
    /// - Parameter bytes: the whole file.
    /// - Returns: the keys and their texts in file order (a repeated key keeps its last text); nil when the
    ///   bytes are none of the forms.
    /// - Complexity: O(file size).
    public static func read(_ bytes: [UInt8]) -> [String: String]? {
        if PropertyListFormat.isBinaryPropertyList(bytes) {
            return (try? BinaryPropertyListReader.read(bytes)).flatMap(table(of:))
        }
        guard let text = decodedText(bytes) else { return nil }
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<?xml") || trimmed.hasPrefix("<plist") || trimmed.hasPrefix("<!DOCTYPE") {
            return (try? XMLPropertyListReader.read(Array(text.utf8))).flatMap(table(of:))
        }
        var parser = StringsFileParser(Array(String(trimmed).unicodeScalars))
        return parser.parse()
    }

    /// The text of the file: UTF-16 behind a byte-order mark (big- or little-endian), else UTF-8 (with or
    /// without its mark).
    /// - Returns: nil when the bytes are not valid text in the encoding they say.
    static func decodedText(_ bytes: [UInt8]) -> String? {
        if let bigEndian = DocumentFormat.utf16ByteOrder(bytes) {
            guard bytes.count % 2 == 0 else { return nil }
            var units: [UInt16] = []
            units.reserveCapacity(bytes.count / 2)
            for index in stride(from: 2, to: bytes.count, by: 2) {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                units.append(UInt16(high) << 8 | UInt16(low))
            }
            return String(validating: units, as: UTF16.self)
        }
        let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
        return String(validating: body, as: UTF8.self)
    }

    /// The string values of a property list's root dictionary.
    private static func table(of root: FieldValue) -> [String: String]? {
        guard let fields = root.dictValue else { return nil }
        var table: [String: String] = [:]
        for field in fields { if let text = field.value.stringValue { table[field.key] = text } }
        return table
    }
}
