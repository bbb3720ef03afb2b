// HTTPServer — the protocol version of a request line, `HTTP/major.minor`

/// The protocol version of a request line, `HTTP/major.minor`.
public struct HTTPVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public static let http10 = HTTPVersion(major: 1, minor: 0)
    public static let http11 = HTTPVersion(major: 1, minor: 1)

    public var description: String { "HTTP/\(major).\(minor)" }

    public static func < (a: HTTPVersion, b: HTTPVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
}
