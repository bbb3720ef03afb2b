// HTTPServerTests — HTTP server limits and timeouts over loopback sockets

import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server limits and timeouts over loopback sockets")
struct HTTPServerLimitsTests {
    private let router = testRouter()

    @Test("headers over 16 KiB are 431")
    func headersTooLarge() throws {
        let request = "GET /hello HTTP/1.1\r\nHost: t\r\nX-Big: \(String(repeating: "a", count: 17_000))\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { client in
            let response = try #require(client.readResponse())
            #expect(response.status == 431)
            #expect(client.isClosedByServer())
        }
    }

    @Test("a body over 1 MiB is 413 at once, without waiting for the body")
    func bodyTooLarge() throws {
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(
                port: port, sending: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5000000\r\n\r\n")
            let started = Date()
            let response = try #require(client.readResponse())
            #expect(response.status == 413)
            #expect(Date().timeIntervalSince(started) < 2)

            let chunked = try RawClient(
                port: port, sending: "POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n200000\r\n")
            #expect(try #require(chunked.readResponse()).status == 413)
        }
    }

    @Test("the 413 reaches a client that keeps sending its body")
    func bodyTooLargeWhileSending() throws {
        let request = "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 2000000\r\n\r\n"
        try withTestClient(handler: router.handler, sending: request) { (client) throws in
            _ = try? client.send([UInt8](repeating: 66, count: 2_000_000))
            #expect(try #require(client.readResponse()).status == 413)
        }
    }

    @Test("a route can allow a larger body")
    func routeBodyLimit() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.bodyLimit = { path in path == "/upload" ? 4 << 20 : nil }
        }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            let body = [UInt8](repeating: 67, count: 3 << 20)
            try client.send("POST /upload HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
            try client.send(body)
            #expect(try #require(client.readResponse()).text == "\(3 << 20)")
            try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: \(body.count)\r\n\r\n")
            #expect(try #require(client.readResponse()).status == 413)
        }
    }

    @Test("a head or body slower than the header timeout gets 408; a silent new connection is closed")
    func headerTimeout() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.headerTimeout = .milliseconds(300) }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            let client = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 408)
            #expect(client.isClosedByServer())

            let slowBody = try RawClient(
                port: port, sending: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
            #expect(try #require(slowBody.readResponse()).status == 408)

            let silent = try RawClient(port: port)
            #expect(silent.isClosedByServer())
        }
    }

    @Test("a client dripping bytes cannot extend the header timeout")
    func slowloris() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.headerTimeout = .milliseconds(400) }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            let drip = Array("GET /hello HTTP/1.1\r\nX-Slow: aaaaaaaaaaaa".utf8)
            for byte in drip {
                guard (try? client.send([byte])) != nil else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            // The bytes kept coming every 50 ms for over a second, far past the 400 ms allowed for the head.
            #expect(client.readResponse()?.status == 408)
        }
    }

    @Test("an idle keep-alive connection is closed after the idle timeout")
    func idleTimeout() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.idleTimeout = .milliseconds(300) }
        try withTestServer(configure: configure, handler: router.handler) { port, server in
            let client = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse()).status == 200)
            #expect(client.isClosedByServer())
            #expect(server.openConnections == 0)
        }
    }

    @Test("40 slow clients do not hold up a normal one")
    func slowClientsBesideNormalOne() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.eventLoopCount = 1 }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            let slow = try (0..<40).map { _ in try RawClient(port: port) }
            for client in slow { try client.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Partial: ") }
            let normal = try RawClient(port: port)
            for _ in 0..<20 {
                let started = Date()
                try normal.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try #require(normal.readResponse()).status == 200)
                #expect(Date().timeIntervalSince(started) < 0.5)
            }
            for client in slow { try client.send("1\r\n\r\n") }
            for client in slow { #expect(client.readResponse()?.status == 200) }
        }
    }

    @Test("connections over the cap are refused with 503 when none is idle")
    func connectionCap() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { $0.maxConnections = 3 }
        try withTestServer(configure: configure, handler: router.handler) { port, server in
            // Requests in progress, not idle keep-alives (which would make room, HTTPServerIdleTests).
            let held = try (0..<3).map { _ in try HTTPServerIdleTests.busyClient(port: port) }
            _ = held
            let extra = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(extra.readResponse()).status == 503)
            #expect(server.openConnections == 3)
        }
    }

    @Test("one address's connections over its share are refused with 503 and Retry-After; a closed one frees a slot")
    func addressShare() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxConnectionsPerAddress = 3
            configuration.maxConnections = 100
        }
        let metrics = ServerMetrics()
        let sharing: (inout HTTPServerConfiguration) -> Void = { configuration in
            configure(&configuration)
            configuration.metrics = metrics
        }
        try withTestServer(configure: sharing, handler: router.handler) { port, server in
            var held = try (0..<3).map { _ in try RawClient(port: port) }
            for client in held {
                try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try #require(client.readResponse()).status == 200)
            }
            let extra = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try #require(extra.readResponse())
            #expect(refused.status == 503 && refused.headers["Retry-After"] == "1")
            #expect(refused.text.contains("from this address"))
            #expect(extra.isClosedByServer())
            #expect(server.openConnections == 3)
            var text = PrometheusText()
            metrics.write(to: &text)
            let written = String(decoding: text.bytes, as: UTF8.self)
            #expect(written.contains(#"http_refusals_total{reason="address_connections"} 1"#), "\(written)")

            shutdown(held.removeFirst().fd, Int32(SHUT_RDWR))
            var admitted: WireResponse?
            for _ in 0..<200 where admitted?.status != 200 {
                let next = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                admitted = next.readResponse()
                if admitted?.status == 200 { held.append(next) } else { _ = next.isClosedByServer() }
            }
            #expect(admitted?.status == 200, "a slot freed by a closed connection is taken again")
        }
    }

    @Test("traversal attempts over the wire never reach a file outside Public/")
    func traversal() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        let handler: HTTPHandler = { try files.response(for: $0) }
        try withTestServer(handler: handler) { port, _ in
            let attempts: [(String, Int)] = [
                ("/../secret.txt", 400), ("/%2e%2e/secret.txt", 400), ("/%2E%2E%2Fsecret.txt", 400),
                ("/..%2fsecret.txt", 400), ("/sub/..%2F..%2Fsecret.txt", 400), ("/.%2e/secret.txt", 400),
                ("/%252e%252e/secret.txt", 404), ("/out.txt", 404), ("/outdir/secret.txt", 404),
                ("/..\\secret.txt", 404), ("/%c0%ae%c0%ae/secret.txt", 400), ("/secret.txt%00.html", 400),
                ("http://t/../secret.txt", 400), ("/sub/../app.js", 200),
            ]
            for (target, status) in attempts {
                let client = try RawClient(port: port, sending: "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == status, "\(target)")
                #expect(!response.text.contains("outside"), "\(target)")
            }
        }
    }
}
