// Models — reads XML property lists

/// Reads XML property lists (`<plist version="1.0">…</plist>`) into ``FieldValue`` trees.
///
/// A pure function over bytes, written for exact types and exact error positions:
/// - the prolog may hold a UTF-8 byte-order mark, `<?xml …?>`, `<!DOCTYPE …>`, comments and whitespace;
///   a UTF-16 document with a byte-order mark is transcoded first;
/// - the root is `<plist>` holding one value, or a bare value;
/// - `<dict>` keeps its keys in document order; a repeated key keeps its first position and takes the
///   last value; keys are compared by Unicode scalars;
/// - `<string>` and `<key>` decode `&lt; &gt; &amp; &quot; &apos;`, `&#NN;` and `&#xHH;` (any Unicode
///   scalar, including control characters), CDATA sections and comments; line ends `\r\n` and `\r` in the
///   text become `\n` as XML requires (a `&#13;` reference stays `\r`);
/// - `<integer>` holds an optionally signed decimal or `0x` hexadecimal number. Values from `Int64.min` to
///   `Int64.max` are `.int`; values above `Int64.max` up to `UInt64.max` (plistlib writes them) become
///   `.real` with the nearest `Double`; anything larger, or below `Int64.min`, is an error;
/// - `<real>` also accepts `nan`, `inf`, `infinity` with an optional sign, in any letter case;
/// - `<date>` is ISO 8601 UTC (`2024-05-01T12:00:00Z`) to the second, its year four digits or more; a
///   date outside years 1–9999 is read as it is, for the field rules to refuse with its key path
///   (``FieldValue/dateProblem(unixSeconds:)``); `<data>` is base64 with any whitespace;
/// - containers nest at most 512 levels deep.
public enum XMLPropertyListReader {
    /// The deepest nesting of `<dict>` and `<array>` elements accepted.
    public static let maximumDepth = 512

    /// Parses a whole XML property list.
    ///
    /// - Parameter bytes: the document, UTF-8 (or UTF-16 with a byte-order mark).
    /// - Returns: the plist's single value.
    /// - Throws: ``DocumentSyntaxError`` located as `line L, column C` (columns count characters, from 1)
    ///   for an empty file, bad markup, an unknown element, a mismatched close tag, a key without a value,
    ///   a value where a key was expected, a truncated document, bad numbers, dates, base64 or entities,
    ///   text that is not UTF-8, and nesting deeper than ``maximumDepth``.
    /// - Complexity: O(n) in the document's length.
    public static func read(_ bytes: [UInt8]) throws -> FieldValue {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return try read(transcodingUTF16: bytes)
        }
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while start < bytes.count, XMLPropertyListParser.isWhitespace(bytes[start]) { start += 1 }
        guard start < bytes.count else {
            throw DocumentSyntaxError(location: "line 1, column 1", message: "the file is empty")
        }
        return try bytes.withUnsafeBufferPointer { buffer throws(DocumentSyntaxError) in
            var parser = XMLPropertyListParser(bytes: buffer)
            return try parser.parseDocument()
        }
    }

    private static func read(transcodingUTF16 bytes: [UInt8]) throws -> FieldValue {
        let bigEndian = bytes[0] == 0xFE
        guard bytes.count % 2 == 0 else {
            throw DocumentSyntaxError(
                location: "line 1, column 1", message: "the UTF-16 text has an odd number of bytes")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        for index in stride(from: 2, to: bytes.count, by: 2) {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw DocumentSyntaxError(location: "line 1, column 1", message: "the UTF-16 text is not valid")
        }
        return try read(Array(text.utf8))
    }
}
