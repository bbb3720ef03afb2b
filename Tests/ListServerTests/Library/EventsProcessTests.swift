// ListServerTests — event streams of the real binary
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

@Suite("Event streams of the real binary")
struct EventsProcessTests {
    private func get(_ port: Int, _ target: String) throws -> [String: Any] {
        let client = try RawClient(port: port)
        try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let response = try #require(client.readResponse())
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    private func post(_ port: Int, _ target: String, _ json: String) throws -> WireResponse {
        let client = try RawClient(port: port)
        try client.send(
            "POST \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(json.utf8.count)\r\n\r\n\(json)")
        return try #require(client.readResponse())
    }

    @Test("an event names a deleted row, and the rows of a deleted section, well within a second of the batch")
    func deletedRowWithinASecond() throws {
        let directory = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess.start(["--data", directory, "--quiet"])
        defer { _ = server.terminate() }
        let client = try EventClient(port: server.port, path: "/api/datasets/friends/events")
        let ready = try #require(client.nextEvent())
        #expect(ready.event == "ready")

        let window = try get(server.port, "/api/datasets/friends/window?expanded=all&height=20000")
        let version = try #require(window["version"] as? Int)
        let rows = try #require(window["rows"] as? [[String: Any]])
        let victim = try #require(rows.last?["id"] as? Int)
        let started = Date()
        let reply = try post(
            server.port, "/api/datasets/friends/batch", #"{"baseVersion":\#(version),"deleteRows":[\#(victim)]}"#)
        #expect(reply.status == 200)
        let event = try #require(client.nextEvent())
        let elapsed = Date().timeIntervalSince(started)
        #expect(event.event == "change")
        #expect(event.id == String(version + 1))
        #expect(event.data?.contains(#""deletes":[{"id":\#(victim),"#) == true)
        #expect(elapsed < 1, "the event came \(elapsed) s after the batch was sent")

        let detail = try get(server.port, "/api/datasets/friends")
        let section = try #require((detail["sections"] as? [[String: Any]])?.first)
        let sectionID = try #require(section["id"] as? Int)
        let sectionRows = rows.filter { $0["section"] as? Int == 0 }.compactMap { $0["id"] as? Int }
        let second = try post(
            server.port, "/api/datasets/friends/batch",
            #"{"baseVersion":\#(version + 1),"deleteSections":[\#(sectionID)]}"#)
        #expect(second.status == 200)
        let sectionEvent = try #require(client.nextEvent())
        let names = sectionRows.map(String.init).joined(separator: ",")
        #expect(
            sectionEvent.data?.contains(#""sectionDeletes":[{"id":\#(sectionID),"section":0,"rows":[\#(names)]}]"#)
                == true)
    }

    @Test("SIGTERM ends every open stream and the server exits 0")
    func gracefulStop() throws {
        let directory = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let server = try ServerProcess.start(["--data", directory, "--quiet"])
        let clients = try ["friends", "heroes", "apps", "messages", "friends"].map { id in
            try EventClient(port: server.port, path: "/api/datasets/\(id)/events")
        }
        for client in clients { #expect(client.nextEvent()?.event == "ready") }
        let started = Date()
        #expect(server.terminate(timeout: 10) == 0)
        #expect(Date().timeIntervalSince(started) < 5)
        for client in clients { #expect(client.waitForEnd()) }
    }
}
