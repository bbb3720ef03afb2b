// ListServerTests — CLI restarts and durability
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

/// The data directory through restarts, SIGKILL and re-imports of the real binary.
@Suite("CLI restarts and durability")
struct CLIRestartTests {
    static let sampleIDs = ["friends", "heroes", "apps", "messages", "settings", "settings-bundle", "regions"]

    /// Writes `apps.json` (`count` apps) and `other.json` (3 apps) with Python into `directory`.
    static func writeApps(_ directory: String, count: Int) throws {
        let script = """
            import json, sys
            directory, count = sys.argv[1], int(sys.argv[2])
            apps = [{"name": f"App {i}", "icon": "app-01", "size": i / 4, "download": i} for i in range(count)]
            json.dump(apps, open(directory + "/apps.json", "w"))
            other = [{"name": n, "icon": "app-02", "size": 1.5, "download": "12万"} for n in ("x", "y", "z")]
            json.dump(other, open(directory + "/other.json", "w"))
            """
        let result = try AcceptanceHarness.python(script, [directory, String(count)])
        try #require(result.status == 0, "\(result.stderr)")
    }

    /// Everything a client can see of every dataset: the listing and each dataset's full window.
    static func everything(_ port: Int) throws -> [String: String] {
        var state = ["": try AcceptanceHarness.get(port, "/api/datasets").text]
        for id in try AcceptanceHarness.datasets(port).keys {
            let target = "/api/datasets/\(id)/window?top=0&height=20000&expanded=all"
            state[id] = try AcceptanceHarness.get(port, target).text
        }
        return state
    }

    static func deleteRow(_ port: Int, _ dataset: String, _ row: Int, baseVersion: Int) throws -> Int {
        let body = #"{"baseVersion":\#(baseVersion),"deleteRows":[\#(row)]}"#
        return try AcceptanceHarness.request(port, "POST", "/api/datasets/\(dataset)/batch", body: body).status
    }

    @Test("the samples are stored on the first start, with or without imports; later starts keep what is there")
    func samplesOnFirstStart() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeApps(root, count: 5)

        let bare = try ServerProcess.start(["--data", root + "/bare", "--quiet"])
        #expect(Set(try AcceptanceHarness.datasets(bare.port).keys) == Set(Self.sampleIDs))
        #expect(bare.terminate() == 0)

        let withImport = try ServerProcess.start([
            "--data", root + "/import", "--quiet", "--import", root + "/other.json",
        ])
        let first = try Self.everything(withImport.port)
        #expect(Set(try AcceptanceHarness.datasets(withImport.port).keys) == Set(Self.sampleIDs + ["other"]))
        #expect(withImport.terminate() == 0)
        let again = try ServerProcess.start(["--data", root + "/import", "--quiet"])
        #expect(try Self.everything(again.port) == first)
        #expect(again.terminate() == 0)

        let named = try ServerProcess.start([
            "--data", root + "/named", "--quiet", "--import", "apps=\(root)/other.json",
        ])
        let datasets = try AcceptanceHarness.datasets(named.port)
        #expect(Set(datasets.keys) == Set(Self.sampleIDs))
        #expect(datasets["apps"]?.rowCount == 3)
        #expect(named.terminate() == 0)
    }

    @Test("every acknowledged batch survives SIGKILL, and one in flight is applied whole or not at all")
    func batchesSurviveSIGKILL() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeApps(root, count: 200)
        let data = root + "/data"
        let server = try ServerProcess.start(["--data", data, "--quiet", "--import", root + "/apps.json"])
        let rows = try AcceptanceHarness.rowIDs(server.port, "apps")
        #expect(rows.count == 200)
        let untouched = try Self.everything(server.port).filter { $0.key != "apps" && !$0.key.isEmpty }
        for (index, row) in rows.prefix(10).enumerated() {
            #expect(try Self.deleteRow(server.port, "apps", row, baseVersion: 1 + index) == 200)
        }
        let acknowledged = try Self.everything(server.port)
        server.kill()

        let restarted = try ServerProcess.start(["--data", data, "--quiet"])
        #expect(try Self.everything(restarted.port) == acknowledged)
        #expect(try AcceptanceHarness.datasets(restarted.port)["apps"]?.version == 11)
        #expect(try AcceptanceHarness.rowIDs(restarted.port, "apps") == Array(rows.dropFirst(10)))

        // A batch sent and killed before its reply is read.
        let client = try RawClient(port: restarted.port)
        let body = #"{"baseVersion":11,"deleteRows":[\#(rows[10])]}"#
        try client.send(
            "POST /api/datasets/apps/batch HTTP/1.1\r\nHost: 127.0.0.1:\(restarted.port)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body)
        restarted.kill()

        let last = try ServerProcess.start(["--data", data, "--quiet"])
        let version = try #require(try AcceptanceHarness.datasets(last.port)["apps"]?.version)
        #expect(version == 11 || version == 12)
        #expect(try AcceptanceHarness.rowIDs(last.port, "apps") == Array(rows.dropFirst(version - 1)))
        #expect(try Self.everything(last.port).filter { $0.key != "apps" && !$0.key.isEmpty } == untouched)
        #expect(last.terminate() == 0)
    }

    @Test("an export of an edited dataset, in any format, imports as the same rows in the same shape")
    func exportsImportBack() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        let server = try ServerProcess.start(["--data", data, "--quiet"])
        for (dataset, count) in [("friends", 3), ("messages", 2)] {
            for (index, row) in try AcceptanceHarness.rowIDs(server.port, dataset).prefix(count).enumerated() {
                #expect(try Self.deleteRow(server.port, dataset, row, baseVersion: 1 + index) == 200)
            }
        }
        let formats = ["json", "plist", "binary-plist"]
        var exports: [String: [UInt8]] = [:]
        var imports: [String] = []
        for dataset in Self.sampleIDs {
            for format in formats {
                let response = try AcceptanceHarness.get(
                    server.port, "/api/datasets/\(dataset)/export?format=\(format)")
                #expect(response.status == 200)
                exports["\(dataset) \(format)"] = response.body
                let path = "\(root)/\(dataset)-copy.\(format == "json" ? "json" : "plist")"
                let file = format == "binary-plist" ? path.replacingOccurrences(of: ".plist", with: ".bin.plist") : path
                try Data(response.body).write(to: URL(fileURLWithPath: file))
                imports += ["--import", "\(dataset)-\(format)=\(file)"]
            }
        }
        let original = try AcceptanceHarness.datasets(server.port)
        #expect(server.terminate() == 0)

        let copies = try ServerProcess.start(["--data", data, "--quiet"] + imports)
        let served = try AcceptanceHarness.datasets(copies.port)
        for dataset in Self.sampleIDs {
            for source in formats {
                let copy = "\(dataset)-\(source)"
                #expect(served[copy]?.kind == original[dataset]?.kind, "\(copy)")
                #expect(served[copy]?.rowCount == original[dataset]?.rowCount, "\(copy)")
                #expect(served[copy]?.sectionCount == original[dataset]?.sectionCount, "\(copy)")
                for target in formats {
                    let again = try AcceptanceHarness.get(copies.port, "/api/datasets/\(copy)/export?format=\(target)")
                    #expect(again.body == exports["\(dataset) \(target)"], "\(copy) exported as \(target)")
                }
            }
        }
        #expect(copies.terminate() == 0)
    }

    @Test("--replace re-imports over a stored dataset, keeping its place and the other datasets")
    func replaceReimports() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Self.writeApps(root, count: 20)
        let data = root + "/data"
        let server = try ServerProcess.start(["--data", data, "--quiet", "--import", "mine=\(root)/apps.json"])
        let rows = try AcceptanceHarness.rowIDs(server.port, "mine")
        #expect(try Self.deleteRow(server.port, "mine", rows[0], baseVersion: 1) == 200)
        let order = try AcceptanceHarness.object(server.port, "/api/datasets")["datasets"] as? [[String: Any]]
        let before = try Self.everything(server.port)
        #expect(server.terminate() == 0)

        let refused = try ServerProcess.run(["--port", "0", "--data", data, "--import", "mine=\(root)/other.json"])
        #expect(refused.status == 2)

        let replaced = try ServerProcess.start([
            "--data", data, "--quiet", "--replace", "--import", "mine=\(root)/other.json",
        ])
        let datasets = try AcceptanceHarness.datasets(replaced.port)
        // Versions of an id never go back: the import continues from the batch's version 2.
        var expected = CLIFlagTests.summary("apps", 1, 3)
        expected.version = 3
        #expect(datasets["mine"] == expected)
        let check = try CLIFlagTests.check(replaced.port, id: "mine", file: root + "/other.json", kind: "apps")
        #expect(check.status == 0, "\(check.stdout)")
        let after = try Self.everything(replaced.port)
        let others = { (state: [String: String]) in state.filter { $0.key != "mine" && !$0.key.isEmpty } }
        #expect(others(after) == others(before))
        let newOrder = try AcceptanceHarness.object(replaced.port, "/api/datasets")["datasets"] as? [[String: Any]]
        #expect(newOrder?.map { $0["id"] as? String } == order?.map { $0["id"] as? String })
        #expect(replaced.terminate() == 0)
    }
}
