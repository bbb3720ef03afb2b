// HTTPServerTests — which heads are plain, and the plain responder over real sockets
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Plain requests: GETs answered from their bytes")
struct HTTPPlainRequestTests {
    /// The plain request of `head`, as the connection asks for it once the head is scanned.
    private func plain(_ head: String, _ body: (HTTPPlainRequest?) -> Void) {
        var parser = HTTPRequestParser()
        let bytes = Array(head.utf8)
        bytes.withUnsafeBytes { raw in
            guard case .complete = parser.scan(raw) else {
                Issue.record("not a whole head: \(head)")
                return
            }
            body(parser.plainRequest(raw))
        }
    }

    @Test("a GET in HTTP/1.1 with one Host and a normal path is plain: path, query, target and fields as sent")
    func plainHead() {
        plain("GET /d/x/fragment?top=1&q=a%20b HTTP/1.1\r\nHost: h:8\r\nIf-None-Match:  \"t\" \r\n\r\n") { request in
            guard let request else {
                Issue.record("not plain")
                return
            }
            #expect(Array(request.path) == Array("/d/x/fragment".utf8))
            #expect(Array(request.query) == Array("top=1&q=a%20b".utf8))
            #expect(Array(request.target) == Array("/d/x/fragment?top=1&q=a%20b".utf8))
            #expect(request.field("if-none-match").map { Array($0) } == Array("\"t\"".utf8))
            #expect(request.field("HOST").map { Array($0) } == Array("h:8".utf8))
            #expect(request.field("accept") == nil)
        }
        plain("GET / HTTP/1.1\r\nHost: h\r\nConnection: Keep-Alive\r\nAccept: */*\r\n\r\n") { request in
            #expect(request.map { Array($0.path) } == Array("/".utf8))
            #expect(request?.query.isEmpty == true)
        }
    }

    @Test(
        "anything a head must be checked or normalised for is not plain",
        arguments: [
            "HEAD / HTTP/1.1\r\nHost: h\r\n\r\n", "POST / HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.0\r\nHost: h\r\n\r\n", "GET / HTTP/1.2\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\r\n\r\n", "GET / HTTP/1.1\r\nHost: h\r\nHost: h\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h h\r\n\r\n", "GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nConnection: keep-alive, Upgrade\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nContent-Length: 0\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n",
            "GET / HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n\r\n",
            "GET /a%41 HTTP/1.1\r\nHost: h\r\n\r\n", "GET /a//b HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET /a/./b HTTP/1.1\r\nHost: h\r\n\r\n", "GET /a/.. HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET /a?b=%G1 HTTP/1.1\r\nHost: h\r\n\r\n", "GET /a?b=%4 HTTP/1.1\r\nHost: h\r\n\r\n",
            "GET http://h/a HTTP/1.1\r\nHost: h\r\n\r\n", "GET * HTTP/1.1\r\nHost: h\r\n\r\n",
        ])
    func notPlain(_ head: String) {
        plain(head) { request in #expect(request == nil, "\(head)") }
    }

    @Test("over a socket the plain responder answers plain GETs, in order with the handler's answers to the rest")
    func overTheWire() throws {
        let asked = Atomic<Int>(0)
        try withTestServer(
            configure: { configuration in
                configuration.plainResponder = { request in
                    asked.add(1, ordering: .relaxed)
                    guard request.path.elementsEqual("/fast".utf8) else { return nil }
                    return .text("fast " + String(decoding: request.query, as: UTF8.self))
                }
            },
            handler: { request in .text("handler \(request.method) \(request.target)") }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /fast?a=1 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /slow HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /fast?b HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n"
                    + "HEAD /fast HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /fast HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse()?.text == "fast a=1")
            #expect(client.readResponse()?.text == "handler GET /slow", "declined: the handler answers")
            #expect(client.readResponse()?.text == "handler GET /fast?b", "a Content-Length field is not plain")
            let head = client.readResponse(hasBody: false)
            #expect(head?.status == 200 && head?.body.isEmpty == true, "HEAD goes to the handler, with no body")
            let last = try #require(client.readResponse())
            #expect(last.text == "fast ")
            #expect(last.headers["Content-Length"] == "5" && last.headers["Date"] != nil)
            #expect(asked.load(ordering: .relaxed) == 3, "asked for the three plain GETs only")
        }
    }

    @Test("the plain responder is told which event loop answers: each connection's loop, within the loop count")
    func loopIndex() throws {
        let loops = System.Locked<Set<Int>>([])
        try withTestServer(
            configure: { configuration in
                configuration.eventLoopCount = 2
                configuration.plainResponder = { request in
                    loops.withLock { _ = $0.insert(request.loop) }
                    return .text("loop \(request.loop)")
                }
            },
            handler: { _ in .text("handler") }
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
            configure: { configuration in
                configuration.plainBodyBytes = 4096
                configuration.plainResponder = { request in
                    // As many bytes as the query says, each the letter after the last, in the lent memory.
                    let count = Int(String(decoding: request.query, as: UTF8.self)) ?? 0
                    guard count <= request.bodyMemory.count else { return nil }
                    for index in 0..<count { request.bodyMemory[index] = UInt8(ascii: "a") + UInt8(index % 26) }
                    return HTTPResponse(status: 200, fieldLines: Array("X-Lent: yes\r\n".utf8), lentBodyCount: count)
                }
            },
            handler: { request in .text("handler \(request.target)") }
        ) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /a?3 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?4096 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /a?4097 HTTP/1.1\r\nHost: t\r\n\r\n" + "GET /a?0 HTTP/1.1\r\nHost: t\r\n\r\n")
            let short = try #require(client.readResponse())
            #expect(short.text == "abc" && short.headers["X-Lent"] == "yes" && short.headers["Content-Length"] == "3")
            let full = try #require(client.readResponse())
            let letters = (0..<4096).map { UInt8(ascii: "a") + UInt8($0 % 26) }
            #expect(full.body == letters && full.headers["Content-Length"] == "4096")
            #expect(client.readResponse()?.text == "handler /a?4097", "past the lent memory: declined")
            let empty = try #require(client.readResponse())
            #expect(empty.status == 200 && empty.body.isEmpty && empty.headers["Content-Length"] == "0")
        }
    }
}
