// ListServer — ListServer

/// The protocol version of a request line, `HTTP/major.minor`.
struct HTTPVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    var major: Int
    var minor: Int

    static let http10 = HTTPVersion(major: 1, minor: 0)
    static let http11 = HTTPVersion(major: 1, minor: 1)

    var description: String { "HTTP/\(major).\(minor)" }

    static func < (a: HTTPVersion, b: HTTPVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
}
