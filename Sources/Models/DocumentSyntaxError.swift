// Models — A document (JSON, XML plist

/// A document (JSON, XML plist, binary plist) that cannot be read at all: bad syntax,
/// truncation, an unknown element, a reference out of range.
///
/// The importer turns it into an ``ImportError`` naming the file.
public struct DocumentSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where it went wrong: `line 3, column 7` for text formats, `byte 1234` or `object 17` for binary ones.
    public var location: String
    public var message: String

    public init(location: String, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}
