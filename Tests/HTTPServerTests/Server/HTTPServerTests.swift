// HTTPServerTests — HTTP server over loopback sockets

import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server over loopback sockets")
struct HTTPServerTests {
    private let router = testRouter()

    @Test("keep-alive serves several requests on one connection, each with Date and Content-Length")
    func keepAlive() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            for _ in 0..<5 {
                try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == "hello")
                #expect(response.headers["Content-Length"] == "5")
                #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
                #expect(response.headers["Connection"] == nil)
            }
        }
    }

    @Test("pipelined requests are answered in request order")
    func pipelining() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            var batch = ""
            for index in 0..<30 {
                if index % 3 == 0 {
                    batch += "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(String(index).count)\r\n\r\n\(index)"
                } else {
                    batch += "GET /path/\(index) HTTP/1.1\r\nHost: t\r\n\r\n"
                }
            }
            try client.send(batch)
            for index in 0..<30 {
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.text == (index % 3 == 0 ? "\(index)" : "/path/\(index)"))
            }
        }
    }

    @Test("pipelined bodies large and small arrive whole and in order when the socket takes them in pieces")
    func pipelinedLargeBodies() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            // 2047 bytes is below the size sent from its own buffer, 2048 the first at it; the large ones
            // fill the socket, so sends stop part-way, inside a head and inside a body.
            let sizes = [9000, 3, 2047, 2048, 700_000, 12, 2049, 1_500_000, 5000, 1, 64_000, 9000]
            var batch = ""
            for size in sizes { batch += "GET /pattern/\(size) HTTP/1.1\r\nHost: t\r\n\r\n" }
            try client.send(batch)
            Thread.sleep(forTimeInterval: 0.2)
            for size in sizes {
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                #expect(response.headers["Content-Length"] == String(size))
                #expect(response.body == patternBytes(size), "body of \(size) bytes")
            }
            try client.send("GET /pattern/4096 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse()).body == patternBytes(4096))
        }
    }

    @Test("HEAD gets the GET headers and no body, and the connection stays usable")
    func head() throws {
        let request = "HEAD /hello HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "5")
            let get = try #require(client.readResponse())
            #expect(get.text == "hello")
        }
    }

    @Test("a method the route does not allow is 405 with Allow; an unknown one 501")
    func methodNotAllowed() throws {
        let request = "DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\nBREW /hello HTTP/1.1\r\nHost: t\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            let response = try #require(client.readResponse())
            #expect(response.status == 405)
            #expect(response.headers["Allow"] == "GET, HEAD")
            #expect(response.headers["Content-Length"] != nil)
            #expect(try #require(client.readResponse()).status == 501)
        }
    }

    @Test("Connection: close is honoured and the server closes after the response")
    func connectionClose() throws {
        let request = "GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            let response = try #require(client.readResponse())
            #expect(response.headers["Connection"] == "close")
            #expect(client.isClosedByServer())
        }
    }

    @Test("HTTP/1.0 closes by default and keeps alive when asked")
    func http10() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let plain = try RawClient(port: port, sending: "GET /hello HTTP/1.0\r\n\r\n")
            #expect(try #require(plain.readResponse()).headers["Connection"] == "close")
            #expect(plain.isClosedByServer())

            let kept = try RawClient(port: port, sending: "GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try #require(kept.readResponse()).headers["Connection"] == "keep-alive")
            try kept.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            #expect(try #require(kept.readResponse()).text == "hello")
        }
    }

    @Test("a chunked request body is decoded, and 100-continue is sent before it is read")
    func chunkedAndContinue() throws {
        let request = "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            try client.send("6;ext=1\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n")
            #expect(try #require(client.readResponse()).text == "hello world")

            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nExpect: 100-continue\r\n\r\n")
            #expect(try #require(client.readResponse()).status == 100)
            try client.send("body")
            #expect(try #require(client.readResponse()).text == "body")
        }
    }

    @Test("a half-closed client still gets its response")
    func halfClose() throws {
        let request = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { (client) throws in
            Posix.shutdownWrite(client.fd)
            #expect(try #require(client.readResponse()).text == "hello")
            #expect(client.isClosedByServer())
        }
    }

    @Test("204 has no body and no Content-Length; a large body arrives whole")
    func bodies() throws {
        let request = "GET /empty HTTP/1.1\r\nHost: t\r\n\r\nGET /big HTTP/1.1\r\nHost: t\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            let empty = try #require(client.readResponse())
            #expect(empty.status == 204)
            #expect(empty.headers["Content-Length"] == nil)
            let big = try #require(client.readResponse())
            #expect(big.body.count == 3 << 20)
        }
    }

    @Test("handler errors become responses and the server keeps serving")
    func handlerErrors() throws {
        let request = "GET /crash HTTP/1.1\r\nHost: t\r\n\r\nGET /api/conflict HTTP/1.1\r\nHost: t\r\n\r\n"
        try withTestClient(configure: { $0.problemPaths = .under("/api") }, handler: router.handler, sending: request) {
            client in
            #expect(try #require(client.readResponse()).status == 500)
            let conflict = try #require(client.readResponse())
            #expect(conflict.status == 409)
            #expect(conflict.headers["Content-Type"] == "application/problem+json")
            #expect(conflict.text.contains(#""detail":"Version 3 is stale.""#))
            try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse()).status == 200)
        }
    }

    @Test(
        "malformed, smuggling and unsupported requests get their status and a close",
        arguments: [
            ("GET /\r\n\r\n", 400), ("GET / HTTP/1.1 \r\nHost: t\r\n\r\n", 400),
            ("GET /\0 HTTP/1.1\r\nHost: t\r\n\r\n", 400), ("GET /\u{7F} HTTP/1.1\r\nHost: t\r\n\r\n", 400),
            ("G\u{7F}T / HTTP/1.1\r\nHost: t\r\n\r\n", 400), ("GET / HTTP/1.1\r\nHost: t\r\nX: \0\r\n\r\n", 400),
            ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400), ("GET / HTTP/3.0\r\nHost: t\r\n\r\n", 505),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 4\r\nContent-Length: 5\r\n\r\nbody", 400),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
            ("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),
            ("GET /hello HTTP/1.1\r\nHost: t\r\nX: a\r\n folded\r\n\r\n", 400),
            ("GET /../../etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n", 400),
            ("GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1\r\nHost: t\r\n\r\n", 400),
            ("GET /hello HTTP/1.1\r\n\r\n", 400),
        ])
    func malformed(_ request: String, _ status: Int) throws {
        try withTestClient(handler: router.handler, sending: request) { client in
            let response = try #require(client.readResponse())
            #expect(response.status == status)
            #expect(response.headers["Connection"] == "close")
            #expect(response.headers["Date"] != nil)
            #expect(client.isClosedByServer())
        }
    }

    @Test("many concurrent keep-alive clients all get right answers")
    func concurrentClients() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let failures = Atomic<Int>(0)
            try concurrently(60) { index in
                guard let client = try? RawClient(port: port) else {
                    failures.add(1, ordering: .relaxed)
                    return
                }
                for request in 0..<20 {
                    let path = "/path/\(index)/\(request)"
                    guard (try? client.send("GET \(path) HTTP/1.1\r\nHost: t\r\n\r\n")) != nil,
                        let response = client.readResponse(), response.status == 200, response.text == path
                    else {
                        failures.add(1, ordering: .relaxed)
                        return
                    }
                }
            }
            #expect(failures.load(ordering: .relaxed) == 0)
        }
    }
}
