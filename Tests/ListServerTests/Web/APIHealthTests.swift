// ListServerTests — GET /healthz for load balancers
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("GET /healthz")
struct APIHealthTests {
    @Test("200 while the store answers, 503 with Retry-After once it does not")
    func answersByTheStore() throws {
        let api = try APIFixture()
        let healthy = try api.get("/healthz")
        #expect(healthy.status == 200)
        #expect(String(decoding: healthy.bodyBytes, as: UTF8.self) == "ok\n")
        api.store.close()
        let down = try api.get("/healthz")
        #expect(down.status == 503)
        #expect(down.headers["Retry-After"] == "5")
    }

    @Test("the real binary answers it whatever host a probe names, and nothing else to a foreign host")
    func anyHost() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"])
        defer { _ = server.terminate() }
        for (target, status) in [("/healthz", 200), ("/healthz?x=1", 200), ("/api/datasets", 421), ("/", 421)] {
            let client = try RawClient(port: server.port, timeoutSeconds: 20)
            try client.send("GET \(target) HTTP/1.1\r\nHost: 10.1.2.3:\(server.port)\r\n\r\n")
            #expect(try #require(client.readResponse()).status == status, "\(target)")
        }
    }
}
