// HTTPServerTests — idle connections near the connection cap, over loopback sockets

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// Serialized: each test fills a server to its connection cap and times how its connections close.
@Suite("Idle connections near the connection cap over loopback sockets", .serialized)
struct HTTPServerIdleTests {
    private let router = testRouter()
    private static let hello = "GET /hello HTTP/1.1\r\nHost: t\r\n\r\n"

    /// Opens `count` keep-alive connections, each answered once and then left idle, oldest first.
    private static func idleClients(_ count: Int, port: Int, timeoutSeconds: Int = 5) throws -> [RawClient] {
        try (0..<count).map { _ in
            let client = try RawClient(port: port, timeoutSeconds: timeoutSeconds)
            try client.send(hello)
            #expect(client.readResponse()?.status == 200)
            return client
        }
    }

    /// A connection in the middle of a request: its head is read (the server answered `100 Continue`), its
    /// body not yet sent.
    static func busyClient(port: Int) throws -> RawClient {
        let client = try RawClient(
            port: port,
            sending: "POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
        #expect(client.readResponse(hasBody: false)?.status == 100)
        return client
    }

    private static func metricsText(_ metrics: ServerMetrics) -> String {
        var text = PrometheusText()
        metrics.write(to: &text)
        return String(decoding: text.bytes, as: UTF8.self)
    }

    @Test("thousands of idle keep-alive connections at the cap do not lock out new clients")
    func idleConnectionsMakeRoom() throws {
        let cap = 2_000
        let metrics = ServerMetrics()
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxConnections = cap
            configuration.maxConnectionsPerAddress = cap * 2
            configuration.metrics = metrics
            // The idle timeout stays long at the cap here: room is made by closing the longest idle.
            configuration.pressedIdleTimeout = .seconds(60)
        }
        try withTestServer(configure: configure, handler: router.handler) { port, server in
            let idle = try Self.idleClients(cap, port: port, timeoutSeconds: 1)
            #expect(server.openConnections == cap)
            // Each newcomer stays open, so each needs a slot an idle connection gives up.
            var newcomers: [RawClient] = []
            for _ in 0..<100 {
                let newcomer = try RawClient(port: port, sending: Self.hello)
                if newcomer.readResponse()?.status == 200 { newcomers.append(newcomer) }
            }
            #expect(newcomers.count == 100, "every new client is served while \(cap) idle connections held the cap")
            #expect(server.openConnections <= cap)
            // The connections that made room were the longest idle: the first ones opened (half on each loop).
            #expect(idle.prefix(4).contains { $0.isClosedByServer() }, "the oldest idle connections closed")
            let text = Self.metricsText(metrics)
            let closed = text.split(separator: "\n").first { $0.hasPrefix("http_idle_closed_total ") }
            #expect((closed?.split(separator: " ").last).flatMap { Int($0) } ?? 0 >= 100, "\(closed ?? "")")
            #expect(text.contains(#"http_refusals_total{reason="connections"} 0"#))
        }
    }

    @Test("at the cap with no idle connection a new client gets 503 with Retry-After, and is counted")
    func busyConnectionsRefuse() throws {
        let metrics = ServerMetrics()
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxConnections = 4
            configuration.metrics = metrics
        }
        try withTestServer(configure: configure, handler: router.handler) { port, server in
            // Each is sending a request body (the server said `100 Continue`): none is idle.
            let busy = try (0..<4).map { _ in try Self.busyClient(port: port) }
            let extra = try RawClient(port: port, sending: Self.hello)
            let response = try #require(extra.readResponse())
            #expect(response.status == 503 && response.headers["Retry-After"] == "1")
            #expect(server.openConnections == 4)
            // Nobody's request in progress was cut: each busy connection is still answered.
            for client in busy {
                try client.send("hello")
                #expect(client.readResponse()?.status == 200)
            }
            #expect(Self.metricsText(metrics).contains(#"http_refusals_total{reason="connections"} "#))
        }
    }

    @Test("the idle timeout shortens as the server fills")
    func idleTimeoutShortensUnderPressure() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxConnections = 8
            configuration.idleTimeout = .seconds(600)
            configuration.pressedIdleTimeout = .milliseconds(100)
        }
        try withTestServer(configure: configure, handler: router.handler) { port, server in
            // At the cap, idle connections wait the pressed timeout (the sweep runs every second), not 600 s,
            // until the server is back to half full.
            let idle = try Self.idleClients(8, port: port, timeoutSeconds: 60)
            let started = Date()
            var descriptors = idle.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 30_000)
            #expect(ready > 0, "an idle connection closed within 30 s, where the idle timeout is 600 s")
            #expect(Date().timeIntervalSince(started) < 30)
            let closed = idle.indices.filter { descriptors[$0].revents != 0 && idle[$0].isClosedByServer() }
            #expect(!closed.isEmpty && server.openConnections < 8)
        }
    }
}
