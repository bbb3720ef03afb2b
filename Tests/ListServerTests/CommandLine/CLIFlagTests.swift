// ListServerTests — CLI flags
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

/// The command line, through the real binary.
@Suite("CLI flags")
struct CLIFlagTests {
    @Test("--help exits 0 and lists every flag")
    func helpListsEveryFlag() throws {
        for flag in ["--help", "-h"] {
            let result = try ServerProcess.run([flag])
            #expect(result.status == 0)
            #expect(result.stderr.isEmpty)
            let flags = [
                "--host", "--port", "--data", "--import [ID=]PATH", "--replace", "--kind", "--quiet", "--help",
            ]
            for listed in flags {
                #expect(result.stdout.contains(listed), "\(flag) lists \(listed)")
            }
        }
    }

    @Test("bad flags exit 2 with one line saying what is wrong, and create no data directory")
    func badFlagsExit2() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let data = root + "/data"
        let cases: [([String], String)] = [
            (["--bogus"], #"unknown option "--bogus""#),
            (["serve"], #"unknown option "serve""#),
            (["--port"], "--port needs a value"),
            (["--port", "x"], #"--port expects a number from 0 to 65535, found "x""#),
            (["--port", "65536"], "--port expects a number from 0 to 65535"),
            (["--port=-1"], "--port expects a number from 0 to 65535"),
            (["--kind", "cats"], #"--kind expects one of friends, heroes, apps, messages, generic, table, settings, found "cats""#),
            (["--kind"], "--kind needs a value"),
            (["--host", ""], "--host needs a non-empty address"),
            (["--data", ""], "--data needs a directory"),
            (["--import"], "--import needs a value"),
            (["--import", ""], "--import needs a file path"),
            (["--import", "..."], "cannot make a dataset id"),
            (["--import", "a=x.json", "--import", "a=y.json"], "two imports would both be stored as 'a'"),
            (["--import", "a/List.json", "--import", "b/list.plist"], "two imports would both be stored as 'list'"),
            (["--public", root], "--public \(root) holds no table.html"),
        ]
        for (arguments, message) in cases {
            let result = try ServerProcess.run(["--data", data] + arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments)")
            let lines = AcceptanceHarness.lines(result.stderr)
            #expect(lines.count == 1 && lines[0].hasPrefix("error: \(message)"), "\(arguments): \(lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: data))
    }

    @Test("--port 0 picks a free port and prints the one start-up line with its URL")
    func portZeroPrintsThePort() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let first = try ServerProcess.start(["--data", root + "/one", "--host", "127.0.0.1"])
        let second = try ServerProcess.start(["--data", root + "/two"])
        #expect(first.port > 0 && second.port > 0 && first.port != second.port)
        #expect(try AcceptanceHarness.get(first.port, "/api/datasets").status == 200)
        #expect(try AcceptanceHarness.get(second.port, "/api/datasets").status == 200)
        #expect(first.terminate() == 0)
        #expect(second.terminate() == 0)
        let stdout = Self.remainingOutput(first.process.standardOutput)
        // ServerProcess consumed the start-up line; nothing else is printed on stdout.
        #expect(stdout.isEmpty, "\(stdout)")
    }

    @Test("the access log goes to stderr, and --quiet silences it")
    func quietSilencesTheLog() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let loud = try ServerProcess.start(["--data", root + "/data"])
        #expect(try AcceptanceHarness.get(loud.port, "/api/datasets/heroes").status == 200)
        #expect(loud.terminate() == 0)
        #expect(Self.remainingOutput(loud.process.standardError).contains("GET /api/datasets/heroes"))

        let quiet = try ServerProcess.start(["--data", root + "/data", "--quiet"])
        #expect(try AcceptanceHarness.get(quiet.port, "/api/datasets/heroes").status == 200)
        #expect(quiet.terminate() == 0)
        #expect(Self.remainingOutput(quiet.process.standardError).isEmpty)
    }

    @Test("an access log that nobody reads does not stall the server")
    func undrainedLogDoesNotStall() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // ServerProcess keeps stderr in a pipe it reads only at the end: 64 KiB fill it.
        let server = try ServerProcess.start(["--data", root + "/data"])
        let client = try RawClient(port: server.port, timeoutSeconds: 10)
        let path = "/" + String(repeating: "x", count: 250)
        var answered = 0
        for _ in 0..<600 {
            try client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            guard client.readResponse()?.status == 404 else { break }
            answered += 1
        }
        #expect(answered == 600)
        #expect(try AcceptanceHarness.get(server.port, "/api/datasets").status == 200)
        #expect(server.terminate() == 0)
    }

    @Test("--kind forces the kind of every import; ids come from ID= or the file name")
    func kindForcesTheKind() throws {
        let files = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: files) }
        let script = """
            import json, plistlib, sys
            heroes = [{"name": "Ahri", "title": "fox"}, {"name": "Garen", "title": "might", "rank": 2}]
            open(sys.argv[1] + "/Hero List.v2.json", "w").write(json.dumps(heroes))
            groups = [{"name": "G", "online": 1, "friends": [{"name": "a", "vip": True}]},
                      {"name": "H", "friends": []}]
            open(sys.argv[1] + "/groups.plist", "wb").write(plistlib.dumps(groups, fmt=plistlib.FMT_BINARY))
            """
        try #require(try AcceptanceHarness.python(script, [files]).status == 0)
        let detected = try ServerProcess.start([
            "--data", files + "/detected", "--quiet", "--import", files + "/Hero List.v2.json",
        ])
        #expect(try AcceptanceHarness.datasets(detected.port)["hero-list"]?.kind == "generic")
        #expect(detected.terminate() == 0)

        let heroes = try ServerProcess.start([
            "--data", files + "/heroes", "--quiet", "--kind", "heroes", "--import", files + "/Hero List.v2.json",
        ])
        #expect(try AcceptanceHarness.datasets(heroes.port)["hero-list"] == Self.summary("heroes", 1, 2))
        let heroesCheck = try Self.check(
            heroes.port, id: "hero-list", file: files + "/Hero List.v2.json", kind: "heroes")
        #expect(heroesCheck.status == 0, "\(heroesCheck.stdout)")
        #expect(heroes.terminate() == 0)

        let generic = try ServerProcess.start([
            "--data", files + "/generic", "--quiet", "--kind", "generic", "--import", "rows=\(files)/groups.plist",
        ])
        #expect(try AcceptanceHarness.datasets(generic.port)["rows"] == Self.summary("generic", 1, 2))
        let genericCheck = try Self.check(generic.port, id: "rows", file: files + "/groups.plist", kind: "generic")
        #expect(genericCheck.status == 0, "\(genericCheck.stdout)")
        #expect(generic.terminate() == 0)

        let refused = try ServerProcess.run([
            "--port", "0", "--data", files + "/messages", "--kind", "messages", "--import", files + "/groups.plist",
        ])
        #expect(refused.status == 2)
        #expect(
            AcceptanceHarness.lines(refused.stderr)
                == [#"error: cannot import \#(files)/groups.plist: [0].send_time: missing required key "send_time""#])
    }

    static func summary(_ kind: String, _ sections: Int, _ rows: Int) -> AcceptanceHarness.DatasetSummary {
        AcceptanceHarness.DatasetSummary(kind: kind, sectionCount: sections, rowCount: rows, version: 1)
    }

    /// Has Python compare what the server serves and exports for one flat dataset with its file.
    static func check(_ port: Int, id: String, file: String, kind: String) throws -> AcceptanceHarness.Output {
        let manifest = file + ".manifest.json"
        let entry: [String: Any] = [
            "id": id, "path": file, "kind": kind, "rowsKey": NSNull(), "exports": ["json", "plist", "binary-plist"],
        ]
        try JSONSerialization.data(withJSONObject: [entry]).write(to: URL(fileURLWithPath: manifest))
        return try AcceptanceHarness.python(AcceptanceHarness.filesScript, ["check", String(port), manifest])
    }

    /// What a finished server wrote to a pipe after what ``ServerProcess`` read.
    static func remainingOutput(_ pipe: Any?) -> String {
        guard let pipe = pipe as? Pipe else { return "" }
        return String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }
}
