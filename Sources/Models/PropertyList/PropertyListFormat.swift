// Models — the two property-list encodings the readers and writers handle

/// The two property-list encodings the readers and writers handle, and how to tell them apart.
public enum PropertyListFormat: Sendable, Hashable {
    /// `<?xml …?><plist version="1.0">…</plist>`, as written by Xcode, `plutil -convert xml1` and plistlib.
    case xml
    /// `bplist00…`, as written by Apple's frameworks and `plistlib.FMT_BINARY`.
    case binary

    /// The format the bytes appear to be in, judged from their first bytes only.
    ///
    /// - Parameter bytes: the whole document, or at least its first few hundred bytes.
    /// - Returns: `.binary` when ``isBinaryPropertyList(_:)`` holds, `.xml` when
    ///   ``isXMLPropertyList(_:)`` holds, nil otherwise (JSON, text, empty input).
    /// - Complexity: O(leading whitespace).
    public static func detect(_ bytes: [UInt8]) -> PropertyListFormat? {
        if isBinaryPropertyList(bytes) { return .binary }
        if isXMLPropertyList(bytes) { return .xml }
        return nil
    }

    /// Whether the bytes start with the `bplist00` magic.
    ///
    /// - Complexity: O(1).
    public static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 8 && bytes[0..<8].elementsEqual(binaryMagic)
    }

    /// Whether the bytes look like an XML property list: after an optional UTF-8 byte-order mark and
    /// whitespace they start with `<?xml`, `<plist` or `<!DOCTYPE`.
    ///
    /// UTF-16 documents (with their byte-order mark) are recognised too; the XML reader transcodes them.
    /// - Complexity: O(leading whitespace).
    public static func isXMLPropertyList(_ bytes: [UInt8]) -> Bool {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            return true
        }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, XMLPropertyListParser.isWhitespace(bytes[index]) {
            index += 1
        }
        let rest = bytes[index...]
        return xmlOpenings.contains { rest.starts(with: $0) }
    }

    static let binaryMagic: [UInt8] = Array("bplist00".utf8)
    private static let xmlOpenings: [[UInt8]] = [Array("<?xml".utf8), Array("<plist".utf8), Array("<!DOCTYPE".utf8)]
}
