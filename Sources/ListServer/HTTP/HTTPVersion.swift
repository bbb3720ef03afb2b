// ListServer — ListServer

/// The protocol version of a request line, `HTTP/major.minor`.
struct HTTPVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    var major: Int
    var minor: Int

    static let http1_0 = HTTPVersion(major: 1, minor: 0)
    static let http1_1 = HTTPVersion(major: 1, minor: 1)

    var description: String { "HTTP/\(major).\(minor)" }

    static func < (a: HTTPVersion, b: HTTPVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
}
