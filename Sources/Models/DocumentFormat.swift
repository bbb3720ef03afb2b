// Models — the file formats a dataset can be read from and written to

/// The file formats a dataset can be read from and written to.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
    case json
    /// An XML property list.
    case plist
    /// A binary property list (`bplist00`).
    case binaryPlist = "binary-plist"

    /// Recognises a document's format from its first bytes: `bplist00`, an XML prolog or `<plist`,
    /// otherwise JSON. Text behind a UTF-16 byte-order mark is XML when its first character after
    /// whitespace is `<`, JSON otherwise.
    /// - Complexity: O(leading whitespace).
    public static func detect(_ bytes: [UInt8]) -> DocumentFormat {
        if PropertyListFormat.isBinaryPropertyList(bytes) { return .binaryPlist }
        if let bigEndian = utf16ByteOrder(bytes) {
            var index = 2
            while index + 1 < bytes.count {
                let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
                guard high == 0, low == 0x20 || low == 0x09 || low == 0x0A || low == 0x0D else {
                    return high == 0 && low == UInt8(ascii: "<") ? .plist : .json
                }
                index += 2
            }
            return .json
        }
        if PropertyListFormat.isXMLPropertyList(bytes) { return .plist }
        return .json
    }

    /// Whether the bytes start with a UTF-16 byte-order mark: true for big-endian, false for
    /// little-endian, nil for none.
    static func utf16ByteOrder(_ bytes: [UInt8]) -> Bool? {
        guard bytes.count >= 2 else { return nil }
        if bytes[0] == 0xFE && bytes[1] == 0xFF { return true }
        if bytes[0] == 0xFF && bytes[1] == 0xFE { return false }
        return nil
    }

    /// The media type of a document in this format.
    public var contentType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .plist: "application/x-plist; charset=utf-8"
        case .binaryPlist: "application/x-bplist"
        }
    }

    /// The extension of a file in this format.
    public var fileExtension: String {
        switch self {
        case .json: "json"
        case .plist, .binaryPlist: "plist"
        }
    }

    /// Reads a whole document.
    /// - Throws: ``DocumentSyntaxError`` when the bytes are not a well-formed document of this format.
    public func read(_ bytes: [UInt8]) throws(DocumentSyntaxError) -> FieldValue {
        do {
            switch self {
            case .json:
                if let bigEndian = Self.utf16ByteOrder(bytes) {
                    return try JSONReader.read(try Self.transcodeUTF16(bytes, bigEndian: bigEndian))
                }
                return try JSONReader.read(bytes)
            case .plist: return try XMLPropertyListReader.read(bytes)
            case .binaryPlist: return try BinaryPropertyListReader.read(bytes)
            }
        } catch let error as DocumentSyntaxError {
            throw error
        } catch {
            throw DocumentSyntaxError(location: "byte 0", message: "\(error)")
        }
    }

    /// The UTF-8 of UTF-16 text behind its byte-order mark.
    /// - Throws: ``DocumentSyntaxError`` for an odd byte count or an unpaired surrogate.
    private static func transcodeUTF16(_ bytes: [UInt8], bigEndian: Bool) throws(DocumentSyntaxError) -> [UInt8] {
        guard bytes.count % 2 == 0 else {
            throw DocumentSyntaxError(
                location: "byte \(bytes.count - 1)", message: "the UTF-16 text has an odd number of bytes")
        }
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 - 1)
        for index in stride(from: 2, to: bytes.count, by: 2) {
            let (high, low) = bigEndian ? (bytes[index], bytes[index + 1]) : (bytes[index + 1], bytes[index])
            units.append(UInt16(high) << 8 | UInt16(low))
        }
        guard let text = String(validating: units, as: UTF16.self) else {
            throw DocumentSyntaxError(
                location: "line 1, column 1", message: "the UTF-16 text is not valid (unpaired surrogate)")
        }
        return Array(text.utf8)
    }

    /// Writes a value tree as a document of this format.
    public func write(_ value: FieldValue) -> [UInt8] {
        switch self {
        case .json: JSONWriter.write(value, pretty: true)
        case .plist: XMLPropertyListWriter.write(value)
        case .binaryPlist: BinaryPropertyListWriter.write(value)
        }
    }

    /// `value` as a document in this format, as ``write(_:)`` writes it, handed on in pieces of about
    /// `pieceBytes` bytes as they are written: no buffer holds the whole of a large export (193 MB for a
    /// million rows as an XML plist) nor is copied as it grows, and a server sends the pieces as they are.
    /// - Parameter handOff: given each piece as it is cut, the last one too, in order (a server streams them).
    /// - Returns: the pieces, in order; their bytes joined are ``write(_:)``'s.
    /// - Complexity: O(size of the value).
    public func writePieces(
        _ value: FieldValue, pieceBytes: Int = 1 << 20, handOff: (([UInt8]) -> Void)? = nil
    ) -> [[UInt8]] {
        switch self {
        case .json: JSONWriter.writePieces(value, pretty: true, pieceBytes: pieceBytes, handOff: handOff)
        case .plist: XMLPropertyListWriter.writePieces(value, pieceBytes: pieceBytes, handOff: handOff)
        case .binaryPlist:
            BinaryPropertyListWriter.writePieces(value, pieceBytes: pieceBytes, handOff: handOff)
        }
    }
}
