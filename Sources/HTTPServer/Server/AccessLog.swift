// HTTPServer — one line per request on stderr

/// One line per request on stderr: `METHOD PATH STATUS BYTES MICROSECONDSus`.
///
/// Each event loop keeps its own log and writes the lines of one loop iteration with one `write`, so logging
/// costs no system call per request. The path is the raw target's path (visible ASCII only, so a line can
/// never be split or forged by a request).
public struct AccessLog {
    public let isEnabled: Bool
    private var buffer: [UInt8] = []

    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
        if isEnabled { buffer.reserveCapacity(4096) }
    }

    /// Appends one line.
    /// - Parameters:
    ///   - method: the request method, or `-` when the request could not be parsed.
    ///   - target: the raw request target; only the part before `?` is logged.
    ///   - bytes: body bytes sent.
    ///   - microseconds: from the complete request to the queued response (to the end, for a stream).
    public mutating func record(method: String, target: String, status: Int, bytes: Int, microseconds: Int) {
        guard isEnabled else { return }
        buffer.append(contentsOf: method.utf8)
        buffer.append(HTTPBytes.space)
        let path = target.utf8.prefix { $0 != HTTPBytes.question }
        buffer.append(contentsOf: path.isEmpty ? "-".utf8[...] : path[...])
        buffer.append(HTTPBytes.space)
        ResponseEncoding.appendDecimal(status, to: &buffer)
        buffer.append(HTTPBytes.space)
        ResponseEncoding.appendDecimal(bytes, to: &buffer)
        buffer.append(HTTPBytes.space)
        ResponseEncoding.appendDecimal(microseconds, to: &buffer)
        buffer.append(contentsOf: "us\n".utf8)
        if buffer.count >= 64 * 1024 { flush() }
    }

    /// Writes the pending lines to stderr.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        Posix.writeAll(2, buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
