// HTTPServer — writes response heads and chunk framing straight into a connection's output buffer

/// Writes response heads and chunk framing straight into a connection's output buffer (no intermediate
/// strings).
public enum ResponseEncoding {
    /// How the body of a response is delimited.
    public enum Framing: Equatable {
        /// `Content-Length: n`.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// No length header: the body ends when the connection closes (HTTP/1.0 streams).
        case untilClose
        /// No body and no length header written by the server (`204`, `1xx`; or `HEAD`/`304` whose handler
        /// set its own `Content-Length`).
        case none
    }

    /// What the `Connection` header says.
    public enum Persistence: Equatable {
        /// HTTP/1.1 keep-alive: no header.
        case keepAlive
        /// HTTP/1.0 keep-alive: `Connection: keep-alive`.
        case keepAliveHTTP10
        /// `Connection: close`.
        case close
    }

    /// Appends a status line and header section.
    /// - Parameters:
    ///   - status: the status code.
    ///   - headers: the handler's headers; `Date`, `Connection`, `Transfer-Encoding` and (unless `framing` is
    ///     `.none`) `Content-Length` are the server's and are skipped, as are fields that are not valid HTTP.
    ///   - dateLine: `Date: …\r\n`, formatted once per second.
    /// - Complexity: O(size of the head).
    public static func appendHead(
        status: Int, headers: HTTPHeaders, framing: Framing, persistence: Persistence, dateLine: [UInt8],
        to buffer: inout [UInt8]
    ) {
        appendText("HTTP/1.1 " as StaticString, to: &buffer)
        appendDecimal(status, to: &buffer)
        buffer.append(HTTPBytes.space)
        appendText(HTTPResponse.reasonPhrase(status), to: &buffer)
        appendText("\r\n" as StaticString, to: &buffer)
        buffer.append(contentsOf: dateLine)
        let keepingContentLength = framing == .none
        for field in headers {
            var (name, value) = (field.name, field.value)
            name.withUTF8 { name in
                value.withUTF8 { value in
                    guard isWritable(name: name, value: value, keepingContentLength: keepingContentLength) else { return }
                    buffer.append(contentsOf: name)
                    appendText(": " as StaticString, to: &buffer)
                    buffer.append(contentsOf: value)
                    appendText("\r\n" as StaticString, to: &buffer)
                }
            }
        }
        switch framing {
        case .length(let length):
            appendText("Content-Length: " as StaticString, to: &buffer)
            appendDecimal(length, to: &buffer)
            appendText("\r\n" as StaticString, to: &buffer)
        case .chunked:
            appendText("Transfer-Encoding: chunked\r\n" as StaticString, to: &buffer)
        case .untilClose, .none:
            break
        }
        switch persistence {
        case .keepAlive: break
        case .keepAliveHTTP10: appendText("Connection: keep-alive\r\n" as StaticString, to: &buffer)
        case .close: appendText("Connection: close\r\n" as StaticString, to: &buffer)
        }
        appendText("\r\n" as StaticString, to: &buffer)
    }

    @inline(__always)
    private static func appendText(_ text: StaticString, to buffer: inout [UInt8]) {
        text.withUTF8Buffer { buffer.append(contentsOf: $0) }
    }

    @inline(__always)
    private static func appendText(_ text: String, to buffer: inout [UInt8]) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    private static func isWritable(
        name: UnsafeBufferPointer<UInt8>, value: UnsafeBufferPointer<UInt8>, keepingContentLength: Bool
    ) -> Bool {
        switch name.count {
        case 4 where HTTPBytes.equalsIgnoringCase(name, "date".utf8): return false
        case 10 where HTTPBytes.equalsIgnoringCase(name, "connection".utf8): return false
        case 17 where HTTPBytes.equalsIgnoringCase(name, "transfer-encoding".utf8): return false
        case 14 where HTTPBytes.equalsIgnoringCase(name, "content-length".utf8):
            guard keepingContentLength else { return false }
        default: break
        }
        guard !name.isEmpty else { return false }
        for byte in name where !HTTPBytes.isTokenByte(byte) { return false }
        for byte in value where !HTTPBytes.isFieldValueByte(byte) { return false }
        return true
    }

    /// Appends the size line of a chunk; the caller appends the data and `"\r\n"`.
    public static func appendChunkHeader(size: Int, to buffer: inout [UInt8]) {
        var shift = (Int.bitWidth - size.leadingZeroBitCount + 3) / 4 * 4 - 4
        if shift < 0 { shift = 0 }
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: (size >> shift) & 0xf)
            buffer.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            shift -= 4
        }
        buffer.append(contentsOf: "\r\n".utf8)
    }

    /// Appends a non-negative integer in decimal.
    public static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        if value < 10 {
            buffer.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: max(0, value)))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            while rest > 0 && count < 24 {
                raw[23 - count] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
                count += 1
            }
            buffer.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
        }
    }
}
