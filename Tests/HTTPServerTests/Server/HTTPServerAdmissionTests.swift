// HTTPServerTests — requests refused from their head: foreign hosts and checks before any body

import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

@Suite("HTTP server: hosts it answers to and checks made before a body is read")
struct HTTPServerAdmissionTests {
    private static func allowing(_ names: [String]) -> (inout HTTPServerConfiguration) -> Void {
        { $0.allowedHosts = HostAllowlist(names) }
    }

    @Test("host names match without case, port or trailing dot; other names and suffixes do not")
    func hostNamesMatch() {
        let hosts = HostAllowlist(HostAllowlist.loopbackNames + ["Lists.Example.com", "::1", "10.0.0.5"])
        for allowed in [
            "localhost", "LOCALHOST:8080", "127.0.0.1:1", "[::1]:8080", "[::1]", "lists.example.com",
            "lists.example.com.:443", "10.0.0.5:80",
        ] {
            #expect(hosts.allows(allowed), "\(allowed)")
        }
        for refused in [
            "evil.example", "evil.example:8080", "localhost.evil.example", "127.0.0.1.nip.io", "[::2]", "",
            "example.com", "xlocalhost", "localhos", "[::1", "localhost:evil.example", "[::1]evil.example",
            "localhost:99999", "localhost:", "localhost:80x", "localhost:123456", "[::1]:", "127.0.0.1:-1",
        ] {
            #expect(!hosts.allows(refused), "\(refused)")
        }
    }

    @Test("a foreign Host gets 421 on reads, and the connection closes")
    func foreignHostIsMisdirected() throws {
        var router = testRouter()
        router.get("/api/data") { _, _ in .text("secret") }
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.allowedHosts = HostAllowlist(HostAllowlist.loopbackNames)
            configuration.problemPaths = .under("/api")
        }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            for target in ["/hello", "/api/data", "/api/data?x=1"] {
                let client = try RawClient(
                    port: port, sending: "GET \(target) HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 421, "\(target)")
                #expect(!response.text.contains("secret"))
                #expect(client.isClosedByServer())
            }
            let friendly = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            #expect(try #require(friendly.readResponse()).text == "hello")
            let numeric = try RawClient(port: port, sending: "GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try #require(numeric.readResponse()).status == 200)
        }
    }

    @Test("an absolute-form target's authority is checked as Host is: a foreign one gets 421 whatever Host says")
    func absoluteFormAuthority() throws {
        var router = testRouter()
        router.get("/api/data") { _, _ in .text("secret") }
        try withTestServer(configure: Self.allowing(HostAllowlist.loopbackNames), handler: router.handler) { port, _ in
            for (target, status) in [
                ("http://evil.example/api/data", 421), ("http://evil.example:\(port)/api/data?x=1", 421),
                ("http://localhost:evil.example/api/data", 421), ("http://localhost:\(port)/api/data", 200),
                ("HTTP://127.0.0.1/api/data", 200),
            ] {
                let client = try RawClient(
                    port: port, sending: "GET \(target) HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == status, "\(target)")
                #expect(response.text.contains("secret") == (status == 200), "\(target)")
            }
        }
    }

    @Test("an API request to a foreign host is a problem document that names no host")
    func misdirectedProblem() throws {
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.allowedHosts = HostAllowlist(["localhost"])
            configuration.problemPaths = .under("/api")
        }
        let request = "POST /api/conflict HTTP/1.1\r\nHost: evil.example\r\nContent-Length: 3\r\n\r\nabc"
        try withTestClient(configure: configure, handler: testRouter().handler, sending: request) { client in
            let response = try #require(client.readResponse())
            #expect(response.status == 421)
            #expect(response.headers["content-type"] == "application/problem+json")
            #expect(!response.text.contains("evil.example") && !response.text.contains("localhost"))
        }
    }

    @Test("a head check refuses before the body: no 100 Continue, the body is never read")
    func headCheckRefusesBeforeTheBody() throws {
        let bodiesRead = Atomic<Int>(0)
        var router = HTTPRouter()
        router.put("/upload") { request, _ in
            bodiesRead.add(1, ordering: .relaxed)
            return .text("\(request.body.count)")
        }
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.maxBodyBytes = 64 << 20
            configuration.headCheck = { request in
                request.headers["Authorization"] == "Bearer right"
                    ? nil : HTTPError(401, detail: "no token", headers: ["WWW-Authenticate": "Bearer"])
            }
        }
        try withTestServer(configure: configure, handler: router.handler) { port, _ in
            let expecting = try RawClient(
                port: port,
                sending: "PUT /upload HTTP/1.1\r\nHost: t\r\nExpect: 100-continue\r\nContent-Length: 50000000\r\n\r\n")
            let refused = try #require(expecting.readResponse())
            #expect(refused.status == 401)
            #expect(refused.headers["www-authenticate"] == "Bearer")
            #expect(refused.headers["connection"] == "close")

            // Without Expect the answer comes at once too, while the client is still sending.
            let eager = try RawClient(
                port: port, sending: "PUT /upload HTTP/1.1\r\nHost: t\r\nContent-Length: 50000000\r\n\r\n")
            let started = Date()
            _ = try? eager.send([UInt8](repeating: 65, count: 1 << 20))
            #expect(try #require(eager.readResponse()).status == 401)
            #expect(Date().timeIntervalSince(started) < 2)

            let allowed = try RawClient(
                port: port,
                sending: "PUT /upload HTTP/1.1\r\nHost: t\r\nAuthorization: Bearer right\r\nExpect: 100-continue\r\n"
                    + "Content-Length: 5\r\n\r\n")
            let interim = try #require(allowed.readResponse(hasBody: false))
            #expect(interim.status == 100)
            try allowed.send("abcde")
            #expect(try #require(allowed.readResponse()).text == "5")
            #expect(bodiesRead.load(ordering: .relaxed) == 1)
        }
    }
}
