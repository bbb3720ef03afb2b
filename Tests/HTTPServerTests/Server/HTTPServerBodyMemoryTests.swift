// HTTPServerTests — the event loop a handler runs on and the memory it lends for a body
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server: the loop answering a request and the memory it lends")
struct HTTPServerBodyMemoryTests {
    @Test("the handler is told which event loop answers: each connection's loop, within the loop count")
    func loopIndex() throws {
        let loops = System.Locked<Set<Int>>([])
        try withTestServer(
            configure: { configuration in configuration.eventLoopCount = 2 },
            handler: { request in
                loops.withLock { _ = $0.insert(request.loop) }
                return .text("loop \(request.loop)")
            }
        ) { port, _ in
            // Enough connections that both loops accept some; each answers all of its connection's requests.
            for _ in 0..<16 {
                let client = try RawClient(port: port)
                try client.send(String(repeating: "GET /a HTTP/1.1\r\nHost: t\r\n\r\n", count: 3))
                let answers = (0..<3).map { _ in client.readResponse()?.text }
                #expect(Set(answers).count == 1, "one connection, one loop: \(answers)")
            }
        }
        let seen = loops.withLock { $0 }
        #expect(!seen.isEmpty && seen.isSubset(of: [0, 1]), "\(seen)")
    }

    @Test("a body written in the memory the loop lends is sent after its head, each pipelined answer its own")
    func lentBody() throws {
        try withTestServer(
            configure: { configuration in configuration.bodyMemoryBytes = 4096 },
            handler: { request in
                // As many bytes as the query says, each the letter after the last, in the lent memory.
                let count = Int(request.rawQuery ?? "") ?? 0
                guard count <= request.bodyMemory.count else { return .text("past \(request.target)") }
                for index in 0..<count { request.bodyMemory[index] = UInt8(ascii: "a") + UInt8(index % 26) }
                return HTTPResponse(status: 200, fieldLines: Array("X-Lent: yes\r\n".utf8), lentBodyCount: count)
            }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /a?3 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?4096 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?4097 HTTP/1.1\r\nHost: t\r\n\r\n" + "HEAD /a?5 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?0 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let short = try #require(client.readResponse())
            #expect(short.text == "abc" && short.headers["X-Lent"] == "yes" && short.headers["Content-Length"] == "3")
            let full = try #require(client.readResponse())
            let letters = (0..<4096).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(full.body == letters && full.headers["Content-Length"] == "4096")
            #expect(client.readResponse()?.text == "past /a?4097", "past the lent memory: an answer of its own")
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.status == 200 && head.headers["Content-Length"] == "5", "HEAD: the length, no body")
            let empty = try #require(client.readResponse())
            #expect(empty.status == 200 && empty.body.isEmpty && empty.headers["Content-Length"] == "0")
        }
    }

    @Test("field lines written in the memory the loop lends go in the head, each pipelined answer its own")
    func lentFieldLines() throws {
        try withTestServer(
            configure: { configuration in configuration.bodyMemoryBytes = 4096 },
            handler: { request in
                // `X-Query: <query>` in the lent memory, and a body in an array or in the lent memory.
                let line = Array("X-Query: \(request.rawQuery ?? "")\r\n".utf8)
                guard line.count <= request.fieldLineMemory.count else { return .text("no room") }
                line.withUnsafeBytes { request.fieldLineMemory.copyMemory(from: $0) }
                if request.rawQuery == "lent" {
                    request.bodyMemory.storeBytes(of: UInt8(ascii: "L"), as: UInt8.self)
                    return HTTPResponse(lentFieldLineCount: line.count, lentBodyCount: 1)
                }
                return HTTPResponse(lentFieldLineCount: line.count, body: Array("array".utf8))
            }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /a?first HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?lent HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?third HTTP/1.1\r\nHost: t\r\n\r\n")
            for (query, body) in [("first", "array"), ("lent", "L"), ("third", "array")] {
                let answer = try #require(client.readResponse())
                #expect(answer.headers["X-Query"] == query && answer.text == body, "\(query): \(answer.headers)")
            }
        }
    }

    @Test("a request answered off the server lends no memory and is on loop 0")
    func offTheServer() throws {
        let request = try HTTPRequest(target: "/a?b=1")
        #expect(request.bodyMemory.isEmpty && request.fieldLineMemory.isEmpty && request.loop == 0)
    }
}
