// HTTPServer — which paths answer errors as problem details

/// The paths whose errors are answered as `application/problem+json` (RFC 9457) rather than
/// `text/plain`: an application's API, named by its path prefix.
public struct ProblemPaths: Sendable, Hashable {
    /// The prefix, without a trailing `/`; nil for no path.
    public var prefix: String?

    /// No path: every error is `text/plain`.
    public static let none = ProblemPaths(prefix: nil)

    /// The path `prefix` and every path under it (`/api`, `/api/…`).
    public static func under(_ prefix: String) -> ProblemPaths { ProblemPaths(prefix: prefix) }

    /// Whether `path` is one of them.
    public func contains(_ path: String) -> Bool {
        guard let prefix else { return false }
        return path == prefix || (path.hasPrefix(prefix) && path.dropFirst(prefix.count).first == "/")
    }

    /// Whether the raw request line of a request whose head could not be read names one of them.
    /// - Complexity: O(1): looks at the line's first bytes only.
    func targets(requestLine bytes: ArraySlice<UInt8>) -> Bool {
        guard let prefix, let space = bytes.prefix(64).firstIndex(of: UInt8(ascii: " ")) else { return false }
        let expected = Array(prefix.utf8) + [UInt8(ascii: "/")]
        return bytes[(space + 1)...].prefix(expected.count).elementsEqual(expected)
    }
}
