// ListServer — ListServerTests

import Foundation
import Testing

@testable import ListServer

/// A response as read off the wire by `RawClient`.
struct WireResponse {
    var status: Int
    var headers: HTTPHeaders
    var body: [UInt8]
    var text: String { String(decoding: body, as: UTF8.self) }
}

/// A blocking loopback client that speaks raw bytes, for end-to-end tests of the server.
final class RawClient {
    let fd: Int32
    private var buffer: [UInt8] = []

    init(port: Int, timeoutSeconds: Int = 5) throws {
        fd = try Posix.connect(port: port, timeoutSeconds: timeoutSeconds)
    }

    deinit { Posix.close(fd) }

    func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let result = try bytes.withUnsafeBytes { raw in
                try Posix.send(fd, UnsafeRawBufferPointer(rebasing: raw[offset...]))
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
        let result = chunk.withUnsafeMutableBytes { try? Posix.receive(fd, into: $0) }
        guard case .processed(let count)? = result, count > 0 else { return false }
        buffer.append(contentsOf: chunk[..<count])
        return true
    }

    /// Reads one response.
    /// - Parameter hasBody: false for the answer to a `HEAD` request.
    /// - Returns: nil when the connection ends or times out before a whole response arrives.
    func readResponse(hasBody: Bool = true) -> WireResponse? {
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
        if status < 200 { return WireResponse(status: status, headers: headers, body: []) }
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
    func readChunks(_ count: Int) -> [String]? {
        var chunks: [String] = []
        while chunks.count < count {
            guard let lineEnd = readUntil([13, 10]),
                let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            buffer.removeFirst(lineEnd + 2)
            while buffer.count < size + 2 { guard fill() else { return nil } }
            chunks.append(String(decoding: buffer[..<size], as: UTF8.self))
            buffer.removeFirst(size + 2)
        }
        return chunks
    }

    /// Whether the server has closed the connection (reads end of stream or a reset before the timeout).
    func isClosedByServer() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let result = chunk.withUnsafeMutableBytes { raw -> Result<IOResult<Int>, Error> in
                Result { try Posix.receive(fd, into: raw) }
            }
            switch result {
            case .success(.processed(0)), .failure: return true
            case .success(.processed): continue
            case .success(.wouldBlock): return false
            }
        }
    }

    /// Every byte until the server closes the connection (or the timeout).
    func readToEnd() -> [UInt8] {
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

/// Starts a server on an ephemeral loopback port for the duration of `body`, then stops it gracefully.
func withTestServer(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPHandler,
    _ body: (_ port: Int, _ server: HTTPServer) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.eventLoopCount = 2
    configuration.accessLog = false
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    defer {
        server.stop()
        server.wait()
    }
    try body(port, server)
}

/// The routes the end-to-end tests talk to.
func testRouter() -> HTTPRouter {
    var router = HTTPRouter()
    router.get("/hello") { _, _ in .text("hello") }
    router.get("/path/*") { request, _ in .text(request.path) }
    router.post("/echo") { request, _ in
        HTTPResponse(status: 200, headers: ["X-Method": request.method], body: request.body)
    }
    router.post("/upload") { request, _ in .text("\(request.body.count)") }
    router.get("/sleep") { request, _ in
        Thread.sleep(forTimeInterval: Double(request.query("ms") ?? "100")! / 1000)
        return .text("slept")
    }
    router.get("/big") { _, _ in HTTPResponse(body: [UInt8](repeating: 65, count: 3 << 20)) }
    router.get("/empty") { _, _ in HTTPResponse(status: 204, headers: ["Content-Length": "7"]) }
    router.get("/api/conflict") { _, _ in throw HTTPError(409, detail: "Version 3 is stale.") }
    router.get("/crash") { _, _ in
        struct Unexpected: Error {}
        throw Unexpected()
    }
    return router
}

/// Runs `body` on `count` threads at once and waits for all of them.
func concurrently(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) throws {
    let threads = try (0..<count).map { index in try Posix.spawnThread(name: "test-client") { body(index) } }
    for thread in threads { Posix.join(thread) }
}
