// ListServer — Models

/// The file formats a dataset can be read from and written to.
public enum DocumentFormat: String, Sendable, Hashable, CaseIterable {
    case json
    /// An XML property list.
    case plist
    /// A binary property list (`bplist00`).
    case binaryPlist = "binary-plist"

    /// Recognises a document's format from its first bytes: `bplist00`, an XML prolog or `<plist`,
    /// otherwise JSON.
    public static func detect(_ bytes: [UInt8]) -> DocumentFormat {
        if PropertyListFormat.isBinaryPropertyList(bytes) { return .binaryPlist }
        if PropertyListFormat.isXMLPropertyList(bytes) { return .plist }
        return .json
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
            case .json: return try JSONReader.read(bytes)
            case .plist: return try XMLPropertyListReader.read(bytes)
            case .binaryPlist: return try BinaryPropertyListReader.read(bytes)
            }
        } catch let error as DocumentSyntaxError {
            throw error
        } catch {
            throw DocumentSyntaxError(location: "byte 0", message: "\(error)")
        }
    }

    /// Writes a value tree as a document of this format.
    public func write(_ value: FieldValue) -> [UInt8] {
        switch self {
        case .json: JSONWriter.write(value, pretty: true)
        case .plist: XMLPropertyListWriter.write(value)
        case .binaryPlist: BinaryPropertyListWriter.write(value)
        }
    }
}
