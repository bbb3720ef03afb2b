// HTTPServer — the host names a server answers to

/// The host names a server answers to: a request whose `Host` names another is answered `421` and read
/// no further, so that a page on a foreign name that resolves to this server (DNS rebinding) reads and
/// changes nothing.
///
/// Names are compared without case and without the port (`localhost:8080` is `localhost`); an IPv6
/// address is written in brackets (`[::1]`), as in a `Host` header. A request without `Host` (HTTP/1.0)
/// names no host and is let through: browsers always send one.
public struct HostAllowlist: Sendable, Equatable {
    /// The loopback names: `localhost`, `127.0.0.1` and `[::1]`.
    public static let loopbackNames = ["localhost", "127.0.0.1", "[::1]"]

    /// The names allowed, lower-cased.
    public let names: [String]
    private let nameBytes: [[UInt8]]

    /// - Parameter names: host names or addresses; IPv6 addresses with or without brackets.
    public init(_ names: [String]) {
        var unique: [String] = []
        for name in names {
            var lowered = name.lowercased()
            if lowered.contains(":") && !lowered.hasPrefix("[") { lowered = "[\(lowered)]" }
            if lowered.hasSuffix(".") { lowered.removeLast() }
            if !lowered.isEmpty && !unique.contains(lowered) { unique.append(lowered) }
        }
        self.names = unique
        nameBytes = unique.map { Array($0.utf8) }
    }

    /// Whether a `Host` header value (`name`, `name:port`, `[v6]:port`) names an allowed host. The value
    /// must be a host as RFC 9110 writes one: after the name (or the bracketed address) only nothing, or a
    /// colon and a port of at most five digits up to 65535 (`localhost:evil.example`, `[::1]evil.example`
    /// and `localhost:99999` name no host).
    /// - Complexity: O(length of the value × number of names).
    public func allows(_ value: UnsafeRawBufferPointer) -> Bool {
        var end = value.count
        if value.first == UInt8(ascii: "[") {
            guard let close = value.firstIndex(of: UInt8(ascii: "]")) else { return false }
            end = close + 1
        } else if let colon = HTTPBytes.firstIndex(of: HTTPBytes.colon, in: value, from: 0) {
            end = colon
        }
        guard Self.isPort(UnsafeRawBufferPointer(rebasing: value[end...])) else { return false }
        if end > 0 && value[end - 1] == UInt8(ascii: ".") { end -= 1 }
        let name = UnsafeRawBufferPointer(rebasing: value[..<end])
        // By index: a name copied out of the list would be retained and released.
        for index in nameBytes.indices where nameBytes[index].count == name.count {
            if nameBytes[index].withUnsafeBytes({ HTTPBytes.equalsIgnoringCase(name, $0) }) { return true }
        }
        return false
    }

    /// Whether what follows a host's name is nothing, or `:` and a port: one to five digits, at most 65535.
    static func isPort(_ rest: UnsafeRawBufferPointer) -> Bool {
        guard let colon = rest.first else { return true }
        let digits = rest.dropFirst()
        guard colon == HTTPBytes.colon, (1...5).contains(digits.count),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return false }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 65535
    }

    /// The authority of an absolute-form target (`http://localhost:8080/a?b` → `localhost:8080`), which
    /// names the host in place of the `Host` field (RFC 9112 §3.2.2); nil for any other form of target.
    /// - Complexity: O(length of the target).
    public static func authority(ofTarget target: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        guard target.first != HTTPBytes.slash, let colon = target.firstIndex(of: HTTPBytes.colon),
            target[colon...].starts(with: "://".utf8)
        else { return nil }
        let start = colon + 3
        let end = target[start...].firstIndex { $0 == HTTPBytes.slash || $0 == HTTPBytes.question } ?? target.count
        return UnsafeRawBufferPointer(rebasing: target[start..<end])
    }

    /// Whether a `Host` header value names an allowed host.
    public func allows(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { allows(UnsafeRawBufferPointer($0)) }
    }

    /// The error for a request to a host not allowed; it names no host, the allowed ones least of all
    /// (they are no stranger's business).
    func refusal() -> HTTPError {
        HTTPError(421, detail: "This server does not answer to the host this request names.")
    }
}
