// ListServerTests — the access log as JSON lines
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("--log-format json")
struct CLILogFormatTests {
    @Test("one JSON object a request, with time, route, method, path, status, bytes, duration and connection")
    func jsonLines() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--log-format", "json"])
        defer { server.kill() }
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let requests = [
            "/api/datasets/friends/window?top=0&height=300", "/d/friends/fragment?top=0&height=300",
            "/api/datasets/nowhere", "/healthz", "/missing\"quote.txt",
        ]
        let first = try RawClient(port: server.port)
        for target in requests.prefix(3) {
            try first.send("GET \(target) HTTP/1.1\r\n\(host)\r\n")
            #expect(first.readResponse() != nil)
        }
        let second = try RawClient(port: server.port)
        for target in requests.dropFirst(3) {
            try second.send("GET \(target) HTTP/1.1\r\n\(host)\r\n")
            #expect(second.readResponse() != nil)
        }
        #expect(server.terminate() == 0)
        let lines = server.standardErrorAfterExit().split(separator: "\n").filter { $0.hasPrefix("{") }
        #expect(lines.count == requests.count, "\(lines)")
        var objects: [[String: Any]] = []
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            objects.append(try #require(object, "\(line)"))
        }
        for object in objects {
            let fields: Set = ["time", "route", "method", "path", "status", "bytes", "duration_ms", "connection"]
            #expect(Set(object.keys) == fields)
            let time = try #require(object["time"] as? String)
            #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
            #expect(object["method"] as? String == "GET")
            #expect((object["bytes"] as? Int).map { $0 >= 0 } == true)
            #expect((object["duration_ms"] as? Double).map { $0 >= 0 } == true)
        }
        // Each event loop writes its own lines: lines of different connections may come in any order.
        var byPath: [String: [String: Any]] = [:]
        for object in objects { byPath[try #require(object["path"] as? String)] = object }
        let expected: [(path: String, route: String, status: Int)] = [
            ("/api/datasets/friends/window", AppRoutes.windowRoute, 200),
            ("/d/friends/fragment", AppRoutes.fragmentRoute, 200),
            ("/api/datasets/nowhere", "/api/datasets/:id", 404), ("/healthz", "/healthz", 200),
            ("/missing\"quote.txt", "fallback", 404),
        ]
        #expect(byPath.count == expected.count, "the query is left out of the path: \(byPath.keys)")
        for (path, route, status) in expected {
            let object = try #require(byPath[path], "\(path)")
            #expect(object["route"] as? String == route, "\(path)")
            #expect(object["status"] as? Int == status, "\(path)")
        }
        let connection = { (path: String) in byPath[path]?["connection"] as? Int }
        #expect(connection("/api/datasets/friends/window") == connection("/api/datasets/nowhere"))
        #expect(connection("/healthz") == connection("/missing\"quote.txt"))
        #expect(connection("/api/datasets/friends/window") != connection("/healthz"))
    }
}
