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

    /// Whether a `Host` header value (`name`, `name:port`, `[v6]:port`) names an allowed host.
    /// - Complexity: O(length of the value × number of names).
    public func allows(_ value: UnsafeRawBufferPointer) -> Bool {
        var end = value.count
        if value.first == UInt8(ascii: "[") {
            end = (value.firstIndex(of: UInt8(ascii: "]")) ?? value.count - 1) + 1
        } else if let colon = HTTPBytes.firstIndex(of: HTTPBytes.colon, in: value, from: 0) {
            end = colon
        }
        if end > 0 && value[end - 1] == UInt8(ascii: ".") { end -= 1 }
        let name = UnsafeRawBufferPointer(rebasing: value[..<end])
        // By index: a name copied out of the list would be retained and released.
        for index in nameBytes.indices where nameBytes[index].count == name.count {
            if nameBytes[index].withUnsafeBytes({ HTTPBytes.equalsIgnoringCase(name, $0) }) { return true }
        }
        return false
    }

    /// Whether a `Host` header value names an allowed host.
    public func allows(_ value: String) -> Bool {
        var value = value
        return value.withUTF8 { allows(UnsafeRawBufferPointer($0)) }
    }

    /// The error for a request to a host not allowed.
    func refusal(host: String) -> HTTPError {
        HTTPError(
            421,
            detail: "This server does not answer to the host \"\(host)\"; it answers to "
                + names.joined(separator: ", ") + ".")
    }
}
