// ListServerTests — CLI: importing an empty list
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

/// A list emptied through the API, exported, and imported again by the real binary: with `--kind`
/// it is served as an empty dataset that takes new rows; without, the start is refused.
@Suite("CLI: importing an empty list")
struct CLIEmptyImportTests {
    static let formats = ["json", "plist", "binary-plist"]

    /// The file an export in `format` is saved to.
    static func exportPath(_ root: String, _ format: String) -> String {
        "\(root)/exported-\(format).\(format == "json" ? "json" : "plist")"
    }

    /// Imports a small generic list, deletes every row through the batch API and saves its export in
    /// every format.
    /// - Returns: the exports by format.
    static func exportEmptiedList(_ root: String) throws -> [String: [UInt8]] {
        let source = root + "/small.json"
        let text = #"[{"title":"One","detail":"first"},{"title":"Two"},{"title":"Three","n":3}]"#
        try Data(text.utf8).write(to: URL(fileURLWithPath: source))
        let server = try ServerProcess.start(["--data", root + "/first", "--quiet", "--import", "small=\(source)"])
        let rows = try AcceptanceHarness.rowIDs(server.port, "small")
        #expect(rows.count == 3)
        let body = #"{"baseVersion":1,"deleteRows":[\#(rows.map(String.init).joined(separator: ","))]}"#
        let deleted = try AcceptanceHarness.request(server.port, "POST", "/api/datasets/small/batch", body: body)
        #expect(deleted.status == 200, "\(deleted.text)")
        #expect(
            try AcceptanceHarness.datasets(server.port)["small"]
                == .init(
                    kind: "generic", sectionCount: 1, rowCount: 0, version: 2))
        var exports: [String: [UInt8]] = [:]
        for format in formats {
            let response = try AcceptanceHarness.get(server.port, "/api/datasets/small/export?format=\(format)")
            #expect(response.status == 200)
            exports[format] = response.body
            try Data(response.body).write(to: URL(fileURLWithPath: exportPath(root, format)))
        }
        #expect(server.terminate() == 0)
        return exports
    }

    @Test("an emptied list's export imports with --kind as an empty dataset that serves, exports and takes rows")
    func emptyExportImportsWithKind() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let exports = try Self.exportEmptiedList(root)
        #expect(exports["json"].map { String(decoding: $0, as: UTF8.self) }?.filter { !$0.isWhitespace } == "[]")

        let data = root + "/fresh"
        var arguments = ["--data", data, "--quiet", "--kind", "generic"]
        for format in Self.formats { arguments += ["--import", "copy-\(format)=\(Self.exportPath(root, format))"] }
        let server = try ServerProcess.start(arguments)
        let datasets = try AcceptanceHarness.datasets(server.port)
        for format in Self.formats {
            let id = "copy-\(format)"
            #expect(datasets[id] == .init(kind: "generic", sectionCount: 1, rowCount: 0, version: 1), "\(id)")
            let detail = try AcceptanceHarness.object(server.port, "/api/datasets/\(id)")
            #expect((detail["sections"] as? [[String: Any]])?.first?["rowCount"] as? Int == 0, "\(id)")
            let window = try AcceptanceHarness.object(server.port, "/api/datasets/\(id)/window?top=0&height=800")
            #expect((window["rows"] as? [Any])?.isEmpty == true, "\(id)")
            #expect(try AcceptanceHarness.get(server.port, "/d/\(id)/fragment?top=0&height=800").status == 200)
            #expect(try AcceptanceHarness.get(server.port, "/d/\(id)").status == 200)
            for target in Self.formats {
                let again = try AcceptanceHarness.get(server.port, "/api/datasets/\(id)/export?format=\(target)")
                #expect(again.body == exports[target], "\(id) exported as \(target)")
            }
        }

        let insert =
            #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"title":"Back","detail":"again"}}]}"#
        let inserted = try AcceptanceHarness.request(server.port, "POST", "/api/datasets/copy-json/batch", body: insert)
        #expect(inserted.status == 200, "\(inserted.text)")
        let window = try AcceptanceHarness.object(server.port, "/api/datasets/copy-json/window?top=0&height=800")
        let rows = try #require(window["rows"] as? [[String: Any]])
        #expect(rows.count == 1)
        #expect(rows.first?["section"] as? Int == 0 && rows.first?["row"] as? Int == 0)
        #expect((rows.first?["fields"] as? [String: Any])?["title"] as? String == "Back")
        let exported = try AcceptanceHarness.get(server.port, "/api/datasets/copy-json/export?format=json")
        let list = try JSONSerialization.jsonObject(with: Data(exported.body)) as? [[String: String]]
        #expect(list == [["title": "Back", "detail": "again"]])
        #expect(server.terminate() == 0)

        let restarted = try ServerProcess.start(["--data", data, "--quiet"])
        #expect(try AcceptanceHarness.rowIDs(restarted.port, "copy-json").count == 1)
        #expect(try AcceptanceHarness.datasets(restarted.port)["copy-plist"]?.rowCount == 0)
        #expect(restarted.terminate() == 0)
    }

    @Test("the same export without --kind exits 2 with one line saying to pass --kind, and changes no data")
    func emptyExportWithoutKindIsRefused() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        _ = try Self.exportEmptiedList(root)
        let stored = root + "/first"
        let before = try #require(AcceptanceHarness.snapshot(stored))
        for format in Self.formats {
            let file = Self.exportPath(root, format)
            for data in [stored, root + "/never"] {
                let result = try ServerProcess.run(["--port", "0", "--data", data, "--import", "copy=\(file)"])
                #expect(result.status == 2, "\(format)")
                #expect(result.stdout.isEmpty, "\(format): \(result.stdout)")
                #expect(
                    AcceptanceHarness.lines(result.stderr)
                        == ["error: cannot import \(file): the list is empty: pass --kind to import an empty list"],
                    "\(format)")
            }
            #expect(AcceptanceHarness.snapshot(stored) == before, "\(format) changed the data directory")
            #expect(!FileManager.default.fileExists(atPath: root + "/never"), "\(format)")
        }
        let help = try ServerProcess.run(["--help"])
        #expect(help.stdout.contains("an empty list ([])"))
    }
}
