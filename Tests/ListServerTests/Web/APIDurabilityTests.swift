// ListServerTests — acknowledged batches survive SIGKILL
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Acknowledged batches survive SIGKILL", .serialized)
struct APIDurabilityTests {
    /// The ids of the rows of a flat dataset, in order, from its JSON window.
    static func rowIDs(_ port: Int, _ id: String) throws -> [Int64] {
        let response = try apiRequest(port, "GET", "/api/datasets/\(id)/window?top=0&height=20000")
        guard case .dict(let window) = try JSONReader.read(response.body), let rows = window["rows"]?.arrayValue else {
            throw APIExpectationError(message: "no rows in \(response.text)")
        }
        return rows.compactMap { $0.dictValue?["id"]?.intValue }
    }

    @Test("a move and an insert answered 200, then SIGKILL at once: after a restart both are there")
    func killRightAfterReply() throws {
        let data = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        var server = try ServerProcess.start(["--data", data, "--quiet"])
        let before = try Self.rowIDs(server.port, "heroes")
        let body = #"{"baseVersion":1,"moveRows":[{"id":\#(before[0]),"toSection":0,"toRow":5}],"insertRows":[{"section":0,"row":0,"fields":{"name":"Durable","title":"Kept"}}]}"#
        let response = try apiRequest(server.port, "POST", "/api/datasets/heroes/batch", body: body)
        server.kill()
        #expect(response.status == 200, "\(response.text)")
        guard case .dict(let result) = try JSONReader.read(response.body),
            let inserted = result["insertedRowIds"]?.arrayValue?.first?.intValue
        else {
            Issue.record("no inserted id in \(response.text)")
            return
        }

        server = try ServerProcess.start(["--data", data, "--quiet"])
        defer { _ = server.terminate() }
        let detail = try apiRequest(server.port, "GET", "/api/datasets/heroes")
        #expect(try versionOf(detail) == 2)
        let after = try Self.rowIDs(server.port, "heroes")
        // Both destinations are positions after the batch, placed in ascending order: the new row at 0,
        // then the moved row at 5.
        var expected = before
        let moved = expected.removeFirst()
        expected.insert(inserted, at: 0)
        expected.insert(moved, at: 5)
        #expect(after == expected)
        let export = try apiRequest(server.port, "GET", "/api/datasets/heroes/export")
        #expect(export.text.contains("\"Durable\""))
    }

    @Test("a run of batches, killed right after the last reply, comes back at the last acknowledged version")
    func killAfterManyBatches() throws {
        let data = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: data) }
        var server = try ServerProcess.start(["--data", data, "--quiet"])
        var version: Int64 = 1
        var ids = try Self.rowIDs(server.port, "apps")
        for step in 0..<20 {
            let body = step % 2 == 0
                ? #"{"baseVersion":\#(version),"deleteRows":[\#(ids[0])]}"#
                : #"{"baseVersion":\#(version),"moveRows":[{"id":\#(ids[0]),"toSection":0,"toRow":3}]}"#
            let response = try apiRequest(server.port, "POST", "/api/datasets/apps/batch", body: body)
            #expect(response.status == 200, "\(response.text)")
            version = try versionOf(response)
            if step % 2 == 0 { ids.removeFirst() } else { ids.insert(ids.removeFirst(), at: 3) }
        }
        server.kill()
        server = try ServerProcess.start(["--data", data, "--quiet"])
        defer { _ = server.terminate() }
        #expect(version == 21)
        #expect(try versionOf(try apiRequest(server.port, "GET", "/api/datasets/apps")) == version)
        #expect(try Self.rowIDs(server.port, "apps") == ids)
        // A refused batch after the restart still changes nothing.
        let stale = try apiRequest(server.port, "POST", "/api/datasets/apps/batch", body: #"{"baseVersion":1}"#)
        #expect(stale.status == 409)
        #expect(stale.headers["Content-Type"] == "application/problem+json")
    }
}
