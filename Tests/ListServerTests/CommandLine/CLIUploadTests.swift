// ListServerTests — uploads over real sockets to the real binary, through a restart
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("CLI: datasets uploaded over HTTP to the real binary")
struct CLIUploadTests {
    /// A generic list of `count` rows of about 64 bytes each, as JSON text.
    static func rows(_ count: Int) -> String {
        "[" + (0..<count).map { #"{"title":"row \#($0)","detail":"\#(String(repeating: "x", count: 36))"}"# }
            .joined(separator: ",") + "]"
    }

    @Test("a 4 MB upload is stored, a replace and a delete too, and a restart keeps it all")
    func uploadsSurviveRestart() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"])
        let big = Self.rows(64_000)
        #expect(big.utf8.count > 4_000_000)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/big", body: big).status == 201)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/small", body: Self.rows(3)).status == 201)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/small", body: Self.rows(2)).status == 200)
        #expect(try AcceptanceHarness.request(server.port, "DELETE", "/api/datasets/apps", body: "").status == 204)
        let home = try AcceptanceHarness.get(server.port, "/").text
        #expect(home.contains("/d/big") && !home.contains("/d/apps"))
        #expect(server.terminate() == 0)

        let again = try ServerProcess.start(["--data", root, "--quiet"])
        defer { _ = again.terminate() }
        let datasets = try AcceptanceHarness.datasets(again.port)
        #expect(datasets["big"]?.rowCount == 64_000)
        #expect(datasets["small"]?.rowCount == 2)
        #expect(datasets["small"]?.version == 2)
        #expect(datasets["apps"] == nil)
    }

    @Test("an upload over --max-import-bytes is refused with 413 and nothing is stored")
    func uploadLimit() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet", "--max-import-bytes", "100000"])
        defer { _ = server.terminate() }
        let response = try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/big", body: Self.rows(4_000))
        #expect(response.status == 413)
        #expect(response.headers["Content-Type"] == "application/problem+json")
        #expect(try AcceptanceHarness.datasets(server.port)["big"] == nil)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/ok", body: Self.rows(10)).status == 201)
    }
}
