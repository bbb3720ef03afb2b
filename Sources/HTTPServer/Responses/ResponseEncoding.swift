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

    /// What the head says of the body's coding, as ``ResponseCompressor`` chose it.
    public enum Coding: Equatable {
        /// Nothing: the body is never compressed (its type, its status), so it does not vary.
        case fixed
        /// `Vary: Accept-Encoding`: sent as written here, compressed to a client that accepts gzip.
        case varying
        /// `Content-Encoding: gzip` and `Vary: Accept-Encoding`.
        case gzip
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
    ///   - fieldLines: field lines already checked (a ``ResponseWriter``'s, rewritten by the coding), written
    ///     after `headers` as they are.
    ///   - writtenFields: the field lines the handler wrote into the server's ``ResponseWriter``, written
    ///     after `fieldLines`.
    ///   - coding: the body's coding, written after the field lines (`Content-Encoding`, `Vary`).
    /// - Complexity: O(size of the head).
    static func appendHead(
        status: Int, headers: HTTPHeaders, framing: Framing, persistence: Persistence, dateLine: [UInt8],
        fieldLines: [UInt8] = [],
        writtenFields: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        coding: Coding = .fixed, to buffer: inout [UInt8]
    ) {
        let reason = HTTPResponse.reasonPhrase(status)
        // The head is written into scratch memory of its largest possible size, then appended at once.
        var room = 128 + noSniffLine.utf8CodeUnitCount + reason.utf8.count + dateLine.count + fieldLines.count
        room += writtenFields.count
        room += contentEncodingLine.utf8CodeUnitCount + varyLine.utf8CodeUnitCount
        for field in headers { room += field.name.utf8.count + field.value.utf8.count + 4 }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { scratch in
            var head = HeadWriter(scratch.baseAddress.unsafelyUnwrapped)
            head.append("HTTP/1.1 ")
            head.appendDecimal(status)
            head.append(" ")
            head.append(reason)
            head.append("\r\n")
            dateLine.withUnsafeBufferPointer { head.append($0) }
            head.append(noSniffLine)
            let keepingContentLength = framing == .none
            for field in headers {
                withUTF8(field.name) { name in
                    withUTF8(field.value) { value in
                        guard isWritable(name: name, value: value, keepingContentLength: keepingContentLength) else {
                            return
                        }
                        head.append(name)
                        head.append(": ")
                        head.append(value)
                        head.append("\r\n")
                    }
                }
            }
            fieldLines.withUnsafeBufferPointer { head.append($0) }
            head.append(writtenFields.assumingMemoryBound(to: UInt8.self))
            switch coding {
            case .fixed: break
            case .varying: head.append(varyLine)
            case .gzip:
                head.append(contentEncodingLine)
                head.append(varyLine)
            }
            switch framing {
            case .length(let length):
                head.append("Content-Length: ")
                head.appendDecimal(length)
                head.append("\r\n")
            case .chunked:
                head.append("Transfer-Encoding: chunked\r\n")
            case .untilClose, .none:
                break
            }
            switch persistence {
            case .keepAlive: break
            case .keepAliveHTTP10: head.append("Connection: keep-alive\r\n")
            case .close: head.append("Connection: close\r\n")
            }
            head.append("\r\n")
            buffer.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress, count: head.count))
        }
    }

    /// Written on every response: a browser takes each body as the type the server names, never as a
    /// script or a page it guesses from the bytes.
    static let noSniffLine: StaticString = "X-Content-Type-Options: nosniff\r\n"
    static let contentEncodingLine: StaticString = "Content-Encoding: gzip\r\n"
    static let varyLine: StaticString = "Vary: Accept-Encoding\r\n"

    /// Writes a head, or a number, into memory with room for it (``appendHead`` measures the head
    /// first): no check, no growth.
    private struct HeadWriter {
        let base: UnsafeMutablePointer<UInt8>
        var count = 0

        init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        mutating func append(_ text: StaticString) {
            append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        mutating func append(_ text: String) {
            ResponseEncoding.withUTF8(text) { append($0) }
        }

        /// A non-negative integer in decimal (at most 20 digits: the room counts 128 bytes for the line
        /// and the framing).
        mutating func appendDecimal(_ value: Int) {
            var rest = UInt(Swift.max(0, value))
            var digits = 1
            var power: UInt = 10
            while digits < 20 && rest >= power {
                digits += 1
                power = power &* 10
            }
            var position = count + digits
            repeat {
                position -= 1
                base[position] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while position > count
            count += digits
        }
    }

    /// Lends the UTF-8 bytes of `text` where they are when it is native, else those of a contiguous copy.
    @inline(__always)
    private static func withUTF8<Result>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var text = text
        return text.withUTF8(body)
    }

    /// Whether a field may be written: its name is a token, its value holds only field-value bytes, and it
    /// is not one the server writes (`Content-Length` only when `keepingContentLength`).
    static func isWritable(
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

    /// Appends a non-negative integer in decimal (a negative one as `0`), formed as a head's are.
    public static func appendDecimal(_ value: Int, to buffer: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { scratch in
            var digits = HeadWriter(scratch.baseAddress.unsafelyUnwrapped)
            digits.appendDecimal(value)
            buffer.append(contentsOf: UnsafeBufferPointer(start: scratch.baseAddress, count: digits.count))
        }
    }
}
