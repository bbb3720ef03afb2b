// Models — why a file could not be imported

/// Why a file could not be imported: the file, where inside it, and what was wrong.
///
/// Its description is the one line the CLI prints, e.g.
/// `friends.plist: friends[3].friends[0].vip: expected a boolean, found "yes"`.
public struct ImportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's name as given on the command line.
    public var file: String
    /// The key path inside the file (`friends[3].vip`), or a byte/line position for syntax errors.
    public var path: String
    public var message: String

    public init(file: String, path: String, message: String) {
        self.file = file
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
