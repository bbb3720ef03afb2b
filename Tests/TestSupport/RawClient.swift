// TestSupport — a raw loopback client

import Foundation
import SystemSupport
import Testing

import HTTPServer

/// A response as read off the wire by `RawClient`.
public struct WireResponse {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: [UInt8]
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking loopback client that speaks raw bytes, for end-to-end tests of the server.
public final class RawClient {
    public let fd: Int32
    private var buffer: [UInt8] = []

    public init(port: Int, timeoutSeconds: Int = 5) throws {
        fd = try ClientSocket.connect(port: port, timeoutSeconds: timeoutSeconds)
    }

    deinit { ClientSocket.close(fd) }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let result = try bytes.withUnsafeBytes { raw in
                try ClientSocket.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
            }
            guard case .processed(let count) = result else { throw PosixError(call: "send (timed out)", code: 0) }
            offset += count
        }
    }

    /// Reads more bytes into the buffer.
    /// - Returns: false at end of stream, on a reset or on the receive timeout.
    @discardableResult
    private func fill() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        let result = chunk.withUnsafeMutableBytes { try? ClientSocket.receive(fd, into: $0) }
        guard case .processed(let count)? = result, count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Reads one response.
    /// - Parameter hasBody: false for the answer to a `HEAD` request.
    /// - Returns: nil when the connection ends or times out before a whole response arrives.
    public func readResponse(hasBody: Bool = true) -> WireResponse? {
        guard let head = readHead() else { return nil }
        return readBody(of: head, hasBody: hasBody)
    }

    /// Reads the status line and header fields of one response, and none of its body (``readBody(of:hasBody:)``
    /// reads it).
    /// - Returns: the response with an empty body; nil when the connection ends or times out first.
    public func readHead() -> WireResponse? {
        guard let headEnd = readUntil([13, 10, 13, 10]) else { return nil }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return WireResponse(status: status, headers: headers, body: [])
    }

    /// Reads the body of the response whose head ``readHead()`` read.
    /// - Parameter hasBody: false for the answer to a `HEAD` request.
    /// - Returns: the response with its body; nil when the connection ends or times out first.
    public func readBody(of head: WireResponse, hasBody: Bool = true) -> WireResponse? {
        let (status, headers) = (head.status, head.headers)
        if status < 200 { return head }
        var body: [UInt8] = []
        if !hasBody || status == 204 || status == 304 {
        } else if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            while buffer.count < length { guard fill() else { return nil } }
            body = Array(buffer[..<length])
            buffer.removeFirst(length)
        } else if headers["Transfer-Encoding"] == "chunked" {
            while true {
                guard let lineEnd = readUntil([13, 10]) else { return nil }
                guard let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) else { return nil }
                buffer.removeFirst(lineEnd + 2)
                while buffer.count < size + 2 { guard fill() else { return nil } }
                body.append(contentsOf: buffer[..<size])
                buffer.removeFirst(size + 2)
                if size == 0 { break }
            }
        } else {
            while fill() {}
            body = buffer
            buffer = []
        }
        return WireResponse(status: status, headers: headers, body: body)
    }

    /// Reads the chunks of a streaming response as they come, until `count` data chunks have arrived.
    /// - Returns: the chunks, or nil on timeout.
    public func readChunks(_ count: Int) -> [String]? {
        readChunkBytes(count)?.map { String(decoding: $0, as: UTF8.self) }
    }

    /// Reads the chunks of a streaming response as they come, as bytes, until `count` data chunks have
    /// arrived.
    /// - Returns: the chunks, or nil on timeout.
    public func readChunkBytes(_ count: Int) -> [[UInt8]]? {
        var chunks: [[UInt8]] = []
        while chunks.count < count {
            guard let lineEnd = readUntil([13, 10]),
                let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            buffer.removeFirst(lineEnd + 2)
            while buffer.count < size + 2 { guard fill() else { return nil } }
            chunks.append(Array(buffer[..<size]))
            buffer.removeFirst(size + 2)
        }
        return chunks
    }

    /// Whether the server has closed the connection (reads end of stream or a reset before the timeout).
    public func isClosedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = chunk.withUnsafeMutableBytes { raw -> Result<IOResult<Int>, Error> in
                Result { try ClientSocket.receive(fd, into: raw) }
            }
            switch result {
            case .success(.processed(0)), .failure: return true
            case .success(.processed): continue
            case .success(.wouldBlock): return false
            }
        }
    }

    /// Every byte until the server closes the connection (or the timeout).
    public func readToEnd() -> [UInt8] {
        while fill() {}
        defer { buffer = [] }
        return buffer
    }

    private func readUntil(_ marker: [UInt8]) -> Int? {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for start in searchFrom...(buffer.count - marker.count)
                where buffer[start..<(start + marker.count)].elementsEqual(marker) {
                    return start
                }
                searchFrom = buffer.count - marker.count + 1
            }
            guard fill() else { return nil }
        }
    }
}

extension RawClient {
    /// Connects to the loopback server on `port` and sends `request` at once.
    ///
    /// - Parameters:
    ///   - port: The server's port on 127.0.0.1.
    ///   - request: The bytes of one or more requests, as text.
    /// - Throws: ``PosixError`` when the connection or the send fails.
    public convenience init(port: Int, sending request: String) throws {
        try self.init(port: port)
        try send(request)
    }
}
