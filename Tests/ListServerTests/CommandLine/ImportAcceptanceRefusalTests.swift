// ListServerTests — import acceptance: broken files are refused and change nothing
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

/// A bad import never changes the data: the server exits with status 2 and one line on stderr that
/// names the file and, for content errors, the key path inside it; the data directory keeps every byte.
@Suite("Import acceptance: broken files are refused and change nothing")
struct ImportAcceptanceRefusalTests {
    /// One refused start: its extra arguments, the file the message must name, and how the message
    /// after `file: ` may begin.
    struct Refusal: CustomStringConvertible {
        var arguments: [String]
        var file: String
        var details: [String]
        var description: String { arguments.joined(separator: " ") }
    }

    static func refusals(in files: String) -> [Refusal] {
        func content(_ name: String, _ detail: String) -> Refusal {
            Refusal(arguments: ["--import", "\(files)/\(name)"], file: "\(files)/\(name)", details: [detail])
        }
        func syntax(_ name: String) -> Refusal {
            Refusal(
                arguments: ["--import", "\(files)/\(name)"], file: "\(files)/\(name)", details: ["line ", "byte "])
        }
        var refusals = [
            content("vip.json", #"[1].friends[3].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "often""#),
            content("vip.plist", #"[1].friends[3].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "often""#),
            content("vip-binary.plist", #"[1].friends[3].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "often""#),
            content("tags.json", "heroes[1].tags[1]: expected a string, found true"),
            content("time.plist", #"[1].send_time: expected unix seconds, a date or a date's text (2026-01-01 10:00:00), found "yesterday""#),
            content("size.plist", "[3].size: expected a number or a string, found true"),
            content("online.json", #"[0].online: expected an integer, found "yes""#),
            content("noname.json", #"[0].friends[0].name: missing required key "name""#),
            content("row.json", "[1]: expected a row dictionary, found 5"),
            content("dict.json", #"the dictionary holds 2 lists: "a" (1), "b" (1); pick one with --import ID=PATH#KEY"#),
            content("scalar.json", "expected a list of rows (or a dictionary holding one), found 42"),
            content("string.plist", "expected a list of rows (or a dictionary holding one), found \"just"),
            content("wrapped.json", "rows: expected a list of rows, found 3"),
            content("emptylist.json", "the list is empty: pass --kind to import an empty list"),
            content("emptylist.plist", "items: the list is empty: pass --kind to import an empty list"),
            // --kind makes an empty list importable, never an empty file.
            Refusal(
                arguments: ["--kind", "generic", "--import", "\(files)/empty.json"], file: "\(files)/empty.json",
                details: ["the file is empty"]),
            Refusal(
                arguments: ["--kind", "apps", "--import", "\(files)/blank.json"], file: "\(files)/blank.json",
                details: ["the file is empty"]),
            content("empty.json", "the file is empty"),
            content("empty.plist", "the file is empty"),
            content("blank.json", "the file is empty"),
            content("trailer.plist", "byte "),
            content("top.plist", "byte "),
            content("utf8.json", "line 1, column 16: invalid UTF-8"),
            content("utf8.plist", "line 7, column 11: the text of <string> is not valid UTF-8"),
            content("Root.strings", "is a strings table (a bundle's translations), not a list; import the Settings.bundle folder"),
            content("garbage.zip", #"is not a ZIP archive (it begins with the text "<html><body>404 Not Foun…", where"#),
            content("adirectory.json", "is a folder that holds no Settings bundle"),
            content("missing.json", "no such file"),
            // The first file is good, the second is not: nothing of either is stored.
            Refusal(
                arguments: ["--import", "\(files)/other.json", "--import", "\(files)/vip.json"],
                file: "\(files)/vip.json", details: ["[1].friends[3].vip"]),
            // `good` is stored already; without --replace it is refused, after reading the file.
            Refusal(
                arguments: ["--import", "\(files)/other.json", "--import", "good=\(files)/good.json"],
                file: "\(files)/good.json", details: ["dataset 'good' already exists; pass --replace"]),
        ]
        for format in ["json", "xml", "binary"] {
            for cut in ["25", "50", "75", "99", "last"] {
                refusals.append(syntax("cut-\(format)-\(cut).\(format == "json" ? "json" : "plist")"))
            }
        }
        return refusals
    }

    @Test("every broken file, bad path and taken id exits 2 with one line naming the file, and changes no byte")
    func brokenImportsChangeNothing() throws {
        let files = ServerProcess.temporaryDirectory()
        let root = ServerProcess.temporaryDirectory()
        let data = root + "/data"
        defer {
            try? FileManager.default.removeItem(atPath: files)
            try? FileManager.default.removeItem(atPath: root)
        }
        let written = try AcceptanceHarness.python(Self.brokenScript, [files])
        try #require(written.status == 0, "\(written.stderr)")
        try FileManager.default.createDirectory(atPath: files + "/adirectory.json", withIntermediateDirectories: false)

        // Data that has lived: samples, an import, an edit; then a clean stop.
        let first = try ServerProcess.start(["--data", data, "--quiet", "--import", "good=\(files)/good.json"])
        let edit = try AcceptanceHarness.request(
            first.port, "POST", "/api/datasets/good/batch", body: #"{"baseVersion":1,"deleteRows":[4]}"#)
        #expect(edit.status == 200, "\(edit.text)")
        let listing = try AcceptanceHarness.get(first.port, "/api/datasets").text
        let rows = try AcceptanceHarness.rowIDs(first.port, "good")
        #expect(first.terminate() == 0)
        let before = try #require(AcceptanceHarness.snapshot(data))
        #expect(before.keys.contains("listserver.sqlite"))

        for refusal in Self.refusals(in: files) {
            let result = try ServerProcess.run(["--port", "0", "--data", data] + refusal.arguments)
            #expect(result.status == 2, "\(refusal)")
            #expect(result.stdout.isEmpty, "\(refusal): \(result.stdout)")
            let lines = AcceptanceHarness.lines(result.stderr)
            #expect(lines.count == 1, "\(refusal): \(lines)")
            let prefix = "error: cannot import \(refusal.file): "
            let line = lines.first ?? ""
            #expect(
                line.hasPrefix(prefix) && refusal.details.contains { line.dropFirst(prefix.count).hasPrefix($0) },
                "\(refusal): \(line)")
            #expect(AcceptanceHarness.snapshot(data) == before, "\(refusal) changed the data directory")
        }

        let after = try ServerProcess.start(["--data", data, "--quiet"])
        #expect(try AcceptanceHarness.get(after.port, "/api/datasets").text == listing)
        #expect(try AcceptanceHarness.rowIDs(after.port, "good") == rows)
        #expect(after.terminate() == 0)
    }

    @Test("a bad import into a data directory that does not exist yet leaves no directory behind")
    func refusedFirstStartCreatesNothing() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/friends.json"
        try Data(#"[{"name":"G","friends":[{"name":"a","vip":"nope"}]}]"#.utf8).write(to: URL(fileURLWithPath: file))
        let result = try ServerProcess.run(["--port", "0", "--data", root + "/data", "--import", file])
        #expect(result.status == 2)
        #expect(
            AcceptanceHarness.lines(result.stderr)
                == [#"error: cannot import \#(file): [0].friends[0].vip: expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "nope""#])
        #expect(!FileManager.default.fileExists(atPath: root + "/data"))
    }

    @Test("a file its reader may not open is refused with the system's reason; as root, once the bypass is dropped")
    func unreadableFile() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let file = root + "/locked.json"
        try Data(#"[{"title":"secret"}]"#.utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
        let arguments = ["--port", "0", "--data", root + "/data", "--import", file]
        // Root reads any file (CAP_DAC_OVERRIDE); setpriv runs the server without that bypass, as a
        // user's server would run.
        let setpriv = ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.isExecutableFile(atPath: $0) }
        let result: AcceptanceHarness.Output
        if geteuid() == 0, let setpriv {
            result = try AcceptanceHarness.run(
                URL(fileURLWithPath: setpriv),
                ["--bounding-set", "-dac_override,-dac_read_search", ServerProcess.executable.path] + arguments)
        } else if geteuid() == 0 {
            // Without setpriv, root's server reads the file: the permissions do not bind root.
            let server = try ServerProcess.start(["--data", root + "/data", "--quiet", "--import", file])
            #expect(try AcceptanceHarness.datasets(server.port)["locked"]?.rowCount == 1)
            #expect(server.terminate() == 0)
            return
        } else {
            result = try ServerProcess.run(arguments).asOutput
        }
        #expect(result.status == 2)
        let expected = "error: cannot import \(file): cannot be read: Permission denied"
        #expect(AcceptanceHarness.lines(result.stderr) == [expected])
        #expect(!FileManager.default.fileExists(atPath: root + "/data"))
    }

    /// Writes the broken (and two good) files into the directory `sys.argv[1]`.
    static let brokenScript = #"""
        import json, os, plistlib, sys

        directory = sys.argv[1]

        def put(name, raw):
            with open(os.path.join(directory, name), "wb") as f:
                f.write(raw if isinstance(raw, bytes) else raw.encode("utf-8"))

        def friends(vip):
            return [
                {"name": "G0", "online": 1, "friends": [{"name": "a", "icon": "friend-01", "vip": True}]},
                {"name": "G1 😀", "online": 2, "friends": [
                    {"name": "b", "vip": False}, {"name": "c", "vip": True}, {"name": "d", "intro": "x", "vip": False},
                    {"name": "e", "icon": "friend-02", "vip": vip}]},
            ]

        good = friends(False)
        put("good.json", json.dumps(good))
        put("other.json", json.dumps([{"name": "App", "icon": "app-01", "size": 1.5, "download": 3}]))
        put("vip.json", json.dumps(friends("often")))
        put("vip.plist", plistlib.dumps(friends("often")))
        put("vip-binary.plist", plistlib.dumps(friends("often"), fmt=plistlib.FMT_BINARY))
        put("tags.json", "\ufeff" + json.dumps({"heroes": [
            {"name": "A", "desc": "d", "tags": ["x"]}, {"name": "B", "desc": "d", "tags": ["y", True]}]}))
        put("time.plist", plistlib.dumps([{"send_time": 1, "title": "t"}, {"send_time": "yesterday", "title": "u"}]))
        apps = [{"name": "A", "size": 1.5, "download": 1}, {"name": "B", "size": 2, "download": 1},
                {"name": "C", "size": "3", "download": 1}, {"name": "D", "size": True, "download": 1}]
        put("size.plist", plistlib.dumps(apps, fmt=plistlib.FMT_BINARY))
        put("Root.strings", '/* Group */\n"General" = "通用";\n'.encode("utf-16"))
        put("garbage.zip", "<html><body>404 Not Found</body></html>")
        put("online.json", json.dumps([{"name": "G", "online": "yes", "friends": []}]))
        put("noname.json", json.dumps([{"name": "G", "friends": [{"icon": "x", "vip": False}]}]))
        put("row.json", json.dumps([{"title": "a"}, 5]))
        put("dict.json", json.dumps({"name": "two lists", "a": [1], "b": [2]}))
        put("scalar.json", "42")
        put("string.plist", plistlib.dumps("just a string"))
        put("wrapped.json", json.dumps({"rows": 3}))
        put("emptylist.json", "[]")
        put("emptylist.plist", plistlib.dumps({"items": []}, fmt=plistlib.FMT_BINARY))
        put("empty.json", b"")
        put("empty.plist", b"")
        put("blank.json", " \n\t\r\n  ")
        put("utf8.json", b'[{"title": "caf\xe9"}]')
        put("utf8.plist", plistlib.dumps([{"title": "placeholder"}]).replace(b"placeholder", b"caf\xe9"))
        binary = plistlib.dumps(good, fmt=plistlib.FMT_BINARY)
        put("trailer.plist", binary[:-8] + b"\xff" * 8)
        put("top.plist", binary[:-16] + (10**6).to_bytes(8, "big") + binary[-8:])
        documents = (("json", json.dumps(good, indent=1).encode()), ("xml", plistlib.dumps(good)), ("binary", binary))
        for name, raw in documents:
            for percent in (25, 50, 75, 99):
                put(f"cut-{name}-{percent}.{'json' if name == 'json' else 'plist'}", raw[: len(raw) * percent // 100])
            put(f"cut-{name}-last.{'json' if name == 'json' else 'plist'}", raw[:-1] if name != "xml" else raw[:-10])
        """#
}

extension ServerProcess.Result {
    var asOutput: AcceptanceHarness.Output { AcceptanceHarness.Output(status: status, stdout: stdout, stderr: stderr) }
}
