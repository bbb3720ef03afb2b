// HTTPServerTests — the event loop a handler runs on and the writer it writes a response into
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server: the loop answering a request and the writer it hands a response")
struct HTTPServerWriterTests {
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

    @Test("a body written into the loop's writer is sent after its head, each pipelined answer its own")
    func writtenBody() throws {
        try withTestServer(
            configure: { configuration in configuration.responseWriterBytes = 4096 },
            handler: { request in
                // As many bytes as the query says, each the letter after the last.
                let count = Int(request.rawQuery ?? "") ?? 0
                return HTTPResponse(status: 200) { writer in
                    writer.field("X-Written", "yes")
                    writer.write((0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) })
                }
            }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /a?3 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?4096 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?9000 HTTP/1.1\r\nHost: t\r\n\r\n" + "HEAD /a?5 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?2 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?0 HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let short = try #require(client.readResponse())
            #expect(
                short.text == "abc" && short.headers["X-Written"] == "yes" && short.headers["Content-Length"] == "3")
            for count in [4096, 9000] {
                let full = try #require(client.readResponse())
                let letters = (0..<count).map { UInt8(ascii: "a") + UInt8($0 % 26) }
                #expect(full.body == letters && full.headers["Content-Length"] == "\(count)", "past its first room too")
            }
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.status == 200 && head.headers["Content-Length"] == "5", "HEAD: the length, no body")
            #expect(client.readResponse()?.text == "ab", "after a longer body, the writer starts again")
            let empty = try #require(client.readResponse())
            #expect(empty.status == 200 && empty.body.isEmpty && empty.headers["Content-Length"] == "0")
        }
    }

    @Test("fields written into the loop's writer are checked once: a bad one, or one the server writes, is left out")
    func writtenFields() throws {
        try withTestServer(
            handler: { request in
                let query = request.rawQuery ?? ""
                return HTTPResponse(status: 200) { writer in
                    writer.field("X-Query", query)
                    writer.field("Bad Name", "x")
                    writer.field("X-Bad-Value", "a\r\nInjected: yes")
                    writer.field("Content-Length", "99")
                    writer.field("Connection", "close")
                    writer.write("body")
                }
            }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /a?first HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?second HTTP/1.1\r\nHost: t\r\n\r\n")
            for query in ["first", "second"] {
                let answer = try #require(client.readResponse())
                #expect(answer.headers["X-Query"] == query && answer.text == "body", "\(query): \(answer.headers)")
                #expect(answer.headers["Injected"] == nil && answer.headers["X-Bad-Value"] == nil)
                #expect(answer.headers["Bad Name"] == nil && answer.headers["Content-Length"] == "4")
                #expect(answer.headers["Connection"] == nil, "the connection stays open: \(answer.headers)")
            }
        }
    }

    @Test("a request answered off the server is on loop 0, and its response is written over plain memory")
    func offTheServer() throws {
        let request = try HTTPRequest(target: "/a?b=1")
        #expect(request.loop == 0 && !request.isServed)
        let response = HTTPResponse(status: 201, headers: ["X-Own": "1"]) { writer in
            writer.field("Content-Type", "text/plain")
            writer.field("Date", "no")
            writer.write("written")
        }.written()
        #expect(response.status == 201 && response.bodyBytes == Array("written".utf8))
        #expect(response.headers["X-Own"] == "1" && response.headers["Content-Type"] == "text/plain")
        #expect(response.headers["Date"] == nil)
    }
}
