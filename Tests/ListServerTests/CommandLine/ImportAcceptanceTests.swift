// ListServerTests — import acceptance: independent writers in, the same data out
import Foundation
import HTTPServer
import ListStore
import TestSupport
import Testing

@testable import ListServer

/// The foundation issue's acceptance check, through the real binary: files written by CPython's
/// plistlib (binary and XML) and json (with and without a byte-order mark, bare lists and lists
/// wrapped in a dictionary), one per kind, with awkward content, are imported; what the HTTP API
/// serves and exports is read back by Python and compared with the files, types and key order
/// included; a restart serves the same.
@Suite("Import acceptance: independent writers in, the same data out")
struct ImportAcceptanceTests {
    @Test("files from plistlib and json, every kind in every format, are served and exported exactly, then restarted")
    func independentFilesRoundTrip() throws {
        let files = ServerProcess.temporaryDirectory()
        let data = ServerProcess.temporaryDirectory() + "/data"
        defer {
            try? FileManager.default.removeItem(atPath: files)
            try? FileManager.default.removeItem(atPath: (data as NSString).deletingLastPathComponent)
        }
        let written = try AcceptanceHarness.python(AcceptanceHarness.filesScript, ["write", files])
        try #require(written.status == 0, "\(written.stderr)")
        let manifest = try AcceptanceManifest.read(files + "/manifest.json")
        #expect(manifest.count == 18)

        let server = try ServerProcess.start(["--data", data, "--quiet"] + manifest.flatMap { ["--import", $0.path] })
        let served = try AcceptanceHarness.datasets(server.port)
        for entry in manifest {
            let expected = AcceptanceHarness.DatasetSummary(
                kind: entry.kind, sectionCount: entry.sectionCount, rowCount: entry.rowCount, version: 1)
            #expect(served[entry.id] == expected, "\(entry.id)")
        }
        #expect(Set(served.keys) == Set(manifest.map(\.id) + ["friends", "heroes", "apps", "messages", "settings", "settings-bundle", "regions"]))
        let check = try AcceptanceHarness.python(
            AcceptanceHarness.filesScript, ["check", String(server.port), files + "/manifest.json"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.isEmpty)
        let rowIDs = try manifest.map { try AcceptanceHarness.rowIDs(server.port, $0.id) }
        #expect(server.terminate() == 0)

        let restarted = try ServerProcess.start(["--data", data, "--quiet"])
        #expect(try AcceptanceHarness.datasets(restarted.port) == served)
        #expect(try manifest.map { try AcceptanceHarness.rowIDs(restarted.port, $0.id) } == rowIDs)
        let again = try AcceptanceHarness.python(
            AcceptanceHarness.filesScript, ["check", String(restarted.port), files + "/manifest.json"])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(restarted.terminate() == 0)
    }
}

/// The datasets `filesScript write` wrote, as its `manifest.json` lists them.
struct AcceptanceManifest: Decodable {
    var id: String
    var path: String
    var kind: String
    var sectionCount: Int
    var rowCount: Int

    static func read(_ path: String) throws -> [AcceptanceManifest] {
        try JSONDecoder().decode([AcceptanceManifest].self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// What the acceptance tests need around the real binary: Python (plistlib, json) as the independent
/// writer and reader of files, plain HTTP requests, and snapshots of a data directory.
enum AcceptanceHarness {
    /// What a finished child process printed and returned.
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `python3 -c script arguments…` to completion.
    /// - Parameters:
    ///   - script: the program text.
    ///   - arguments: its `sys.argv[1:]`.
    ///   - timeout: seconds before it is killed.
    /// - Returns: its status and output.
    static func python(_ script: String, _ arguments: [String], timeout: Double = 120) throws -> Output {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script] + arguments, timeout: timeout)
    }

    /// Runs a program to completion, its output captured in temporary files (no pipe can fill up).
    static func run(_ executable: URL, _ arguments: [String], timeout: Double = 60) throws -> Output {
        let directory = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outPath = directory + "/stdout"
        let errPath = directory + "/stderr"
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let read = { (path: String) in
            String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        }
        return Output(status: process.terminationStatus, stdout: read(outPath), stderr: read(errPath))
    }

    // MARK: HTTP

    struct HTTPFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Sends one request on a fresh connection and reads the response.
    /// - Parameters:
    ///   - body: JSON to send; a request with a body carries this server's own `Origin`.
    /// - Throws: when the connection fails or no whole response arrives.
    static func request(_ port: Int, _ method: String, _ target: String, body: String? = nil) throws -> WireResponse {
        let client = try RawClient(port: port, timeoutSeconds: 20)
        var text = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body {
            text += "Origin: http://127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            text += "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        } else {
            text += "\r\n"
        }
        try client.send(text)
        guard let response = client.readResponse() else {
            throw HTTPFailure(description: "no response to \(method) \(target)")
        }
        return response
    }

    static func get(_ port: Int, _ target: String) throws -> WireResponse {
        try request(port, "GET", target)
    }

    /// `GET target` read as a JSON object.
    static func object(_ port: Int, _ target: String) throws -> [String: Any] {
        let response = try get(port, target)
        guard response.status == 200,
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
        else {
            throw HTTPFailure(description: "GET \(target): \(response.status) \(response.text)")
        }
        return object
    }

    /// The summaries of `GET /api/datasets`, by id.
    static func datasets(_ port: Int) throws -> [String: DatasetSummary] {
        let list = try object(port, "/api/datasets")["datasets"] as? [[String: Any]] ?? []
        var result: [String: DatasetSummary] = [:]
        for item in list {
            let summary = DatasetSummary(
                kind: item["kind"] as? String ?? "", sectionCount: item["sectionCount"] as? Int ?? -1,
                rowCount: item["rowCount"] as? Int ?? -1, version: item["version"] as? Int ?? -1)
            result[item["id"] as? String ?? ""] = summary
        }
        return result
    }

    struct DatasetSummary: Equatable, CustomStringConvertible {
        var kind: String
        var sectionCount: Int
        var rowCount: Int
        var version: Int
        var description: String { "\(kind) \(sectionCount)×\(rowCount) v\(version)" }
    }

    /// Every row id of a dataset in table order, all sections expanded, paging through the windows.
    static func rowIDs(_ port: Int, _ id: String) throws -> [Int] {
        var ids: [Int] = []
        var seen = Set<Int>()
        var top = 0.0
        while true {
            let window = try object(port, "/api/datasets/\(id)/window?top=\(top)&height=20000&expanded=all")
            for row in window["rows"] as? [[String: Any]] ?? [] {
                if let rowID = row["id"] as? Int, seen.insert(rowID).inserted { ids.append(rowID) }
            }
            top += 20_000
            if top >= window["contentHeight"] as? Double ?? 0 { return ids }
        }
    }

    // MARK: Data directory

    /// Every file of a directory with its bytes; nil when the directory does not exist.
    static func snapshot(_ directory: String) -> [String: Data]? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
        var files: [String: Data] = [:]
        for name in names { files[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data() }
        return files
    }

    /// The non-empty lines of a text.
    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init).filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    /// `write DIR` writes one file per kind in every format (and two generic ones) plus
    /// `manifest.json`; `check PORT MANIFEST` compares what the server at PORT serves and exports
    /// with the files, printing one line per difference and exiting 1 when there is any.
    static let filesScript = #"""
        import datetime, json, math, os, plistlib, sys, urllib.request

        MARKUP = "<b>&\"' ]]> &amp; <!-- not a comment -->"
        UNICODE = "😀 👩‍👩‍👧 中文字符 e\u0301 Ω \u2028 \ufeff"
        LONG = "长" * 3000 + "y" * 20000
        FORMATS = ["bplist", "xml", "json", "json-bom"]

        def sources():
            friends = [
                {"name": "Empty " + MARKUP, "online": 0, "friends": []},
                {"name": "好友 " + UNICODE, "online": 2, "friends": [
                    {"name": "VIP " + MARKUP, "icon": "friend-01", "intro": "我是 VIP " + UNICODE, "vip": True},
                    {"name": "No intro", "icon": "friend-02", "vip": False},
                    {"name": "L" * 5000, "icon": "friend-03", "intro": LONG, "vip": False},
                ]},
                {"friends": [{"name": "rows key first", "vip": True}], "name": "Third", "online": 1},
            ]
            heroes = [
                {"name": "Ahri " + UNICODE, "title": "九尾妖狐", "icon": "hero-01",
                 "desc": "line one\nline two\n\n\tindented", "tags": ["Mage", "Assassin", "中"]},
                {"name": MARKUP, "title": "", "icon": "hero-02", "desc": "", "tags": []},
                {"name": "Garen", "title": "Might", "icon": "hero-03", "desc": LONG, "tags": ["Fighter"], "rank": 3,
                 "stats": {"hp": 600, "ratio": 0.25, "alive": True}},
            ]
            apps = [
                {"name": "Float " + UNICODE, "icon": "app-01", "size": 23.4, "download": 1000},
                {"name": "Whole real", "icon": "app-02", "size": 100.0, "download": 0},
                {"name": "Integer size", "icon": "app-03", "size": 12, "download": 10**15},
                {"name": "Text " + MARKUP, "icon": "app-04", "size": "1.2", "download": "12万"},
                {"name": "Sums", "icon": "app-05", "size": 0.1 + 0.2, "download": 7, "beta": False},
                {"name": "Tiny", "icon": "app-06", "size": 1e-7, "download": 1},
            ]
            messages = [
                {"send_time": 1700000000, "title": "Hello " + UNICODE, "content": MARKUP, "read": True},
                {"send_time": 1600000000, "title": "no read key", "content": LONG},
                {"send_time": 0, "title": "epoch", "content": "tab\tnew\nline", "read": False},
                {"send_time": 1234567890, "title": "", "content": ""},
            ]
            return {"friends": friends, "heroes": heroes, "apps": apps, "messages": messages}

        ROWS_KEY = {"friends": "friends", "heroes": None, "apps": None, "messages": None}

        def write_file(path, data, fmt, variant):
            if fmt == "bplist":
                raw = plistlib.dumps(data, fmt=plistlib.FMT_BINARY, sort_keys=variant % 2 == 0)
            elif fmt == "xml":
                raw = plistlib.dumps(data, fmt=plistlib.FMT_XML, sort_keys=False)
            elif fmt == "json":
                raw = json.dumps(data, ensure_ascii=variant % 2 == 0, indent=2 if variant % 2 else None).encode("utf-8")
            else:
                raw = b"\xef\xbb\xbf" + json.dumps(data, ensure_ascii=False).encode("utf-8")
            with open(path, "wb") as f:
                f.write(raw)

        def counts(data, rows_key):
            items = next(iter(data.values())) if isinstance(data, dict) else data
            if rows_key is None:
                return 1, len(items)
            return len(items), sum(len(group[rows_key]) for group in items)

        def write(directory):
            manifest = []
            for i, (kind, rows) in enumerate(sources().items()):
                for j, fmt in enumerate(FORMATS):
                    data = {kind: rows} if (i + j) % 2 else rows
                    name = f"{kind}-{fmt}"
                    path = os.path.join(directory, name + (".plist" if fmt in ("bplist", "xml") else ".json"))
                    write_file(path, data, fmt, i + j)
                    sections, total = counts(data, ROWS_KEY[kind])
                    manifest.append({"id": name, "path": path, "kind": kind, "rowsKey": ROWS_KEY[kind],
                                     "sectionCount": sections, "rowCount": total,
                                     "exports": ["json", "plist", "binary-plist"]})
            generic = [
                {"title": "Group A", "rows": [
                    {"title": "a1", "subtitle": UNICODE, "n": 1, "flag": True,
                     "nested": {"list": [1, 1.5, "s", False]}},
                    {"title": "a2 \r\n crlf"}]},
                {"title": "Group B " + MARKUP, "footer": "end", "rows": []},
            ]
            path = os.path.join(directory, "generic-json.json")
            write_file(path, generic, "json", 1)
            manifest.append({"id": "generic-json", "path": path, "kind": "generic", "rowsKey": "rows",
                             "sectionCount": 2, "rowCount": 2, "exports": ["json", "plist", "binary-plist"]})
            dated = {"items": [
                {"title": "dated", "when": datetime.datetime(2024, 5, 1, 12, 30), "blob": bytes(range(256)), "n": -1},
                {"title": "second", "subtitle": "two"}]}
            path = os.path.join(directory, "generic-bplist.plist")
            write_file(path, dated, "bplist", 1)
            manifest.append({"id": "generic-bplist", "path": path, "kind": "generic", "rowsKey": None,
                             "sectionCount": 1, "rowCount": 2, "exports": ["plist", "binary-plist"]})
            with open(os.path.join(directory, "manifest.json"), "w") as f:
                json.dump(manifest, f)

        def same(a, b, path):
            if type(a) is not type(b):
                return f"{path}: {type(a).__name__} {short(a)} vs {type(b).__name__} {short(b)}"
            if isinstance(a, float):
                if a == b and math.copysign(1, a) == math.copysign(1, b) or (math.isnan(a) and math.isnan(b)):
                    return None
                return f"{path}: {a!r} vs {b!r}"
            if isinstance(a, list):
                if len(a) != len(b):
                    return f"{path}: {len(a)} vs {len(b)} items"
                for index, (x, y) in enumerate(zip(a, b)):
                    problem = same(x, y, f"{path}[{index}]")
                    if problem:
                        return problem
                return None
            if isinstance(a, dict):
                if list(a) != list(b):
                    return f"{path}: keys {list(a)} vs {list(b)}"
                for key in a:
                    problem = same(a[key], b[key], f"{path}.{key}")
                    if problem:
                        return problem
                return None
            return None if a == b else f"{path}: {short(a)} vs {short(b)}"

        def short(value):
            text = repr(value)
            return text if len(text) < 80 else text[:80] + "…"

        def json_native(value):
            if isinstance(value, (datetime.datetime, bytes)):
                return False
            if isinstance(value, list):
                return all(json_native(item) for item in value)
            if isinstance(value, dict):
                return all(json_native(item) for item in value.values())
            return True

        def served(fields):
            return {key: value for key, value in fields.items() if json_native(value)}

        def load_source(path):
            raw = open(path, "rb").read()
            if raw.startswith(b"bplist00") or raw.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
                return plistlib.loads(raw)
            return json.loads(raw.decode("utf-8-sig"))

        def fetch(port, target):
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{target}", timeout=30) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read()

        def check(port, manifest_path):
            problems = []
            manifest = json.load(open(manifest_path))
            listing = {item["id"]: item for item in json.loads(fetch(port, "/api/datasets")[2])["datasets"]}
            total_rows = 0
            for entry in manifest:
                name = entry["id"]
                source = load_source(entry["path"])
                items = next(iter(source.values())) if isinstance(source, dict) else source
                rows_key = entry["rowsKey"]
                if rows_key:
                    groups = [{k: v for k, v in group.items() if k != rows_key} for group in items]
                    rows = [(index, row) for index, group in enumerate(items) for row in group[rows_key]]
                else:
                    groups = [{}]
                    rows = [(0, row) for row in items]
                summary = listing.get(name)
                if summary is None:
                    problems.append(f"{name}: not served")
                    continue
                for key, expected in (("kind", entry["kind"]), ("sectionCount", len(groups)), ("rowCount", len(rows))):
                    if summary[key] != expected:
                        problems.append(f"{name}: {key} {summary[key]!r}, expected {expected!r}")
                detail = json.loads(fetch(port, f"/api/datasets/{name}")[2])
                for index, (section, group) in enumerate(zip(detail["sections"], groups)):
                    shown = {key: section["fields"][key] for key in served(group) if key in section["fields"]}
                    problem = same(list(group), list(section["fields"]), f"{name} section {index} keys")
                    problem = problem or same(served(group), shown, f"{name} section {index} fields")
                    if problem:
                        problems.append(problem)
                seen, window_rows, top = set(), [], 0
                while True:
                    target = f"/api/datasets/{name}/window?top={top}&height=20000&expanded=all"
                    window = json.loads(fetch(port, target)[2])
                    for row in window["rows"]:
                        if row["id"] not in seen:
                            seen.add(row["id"])
                            window_rows.append(row)
                    top += 20000
                    if top >= window["contentHeight"]:
                        break
                if len(window_rows) != len(rows):
                    problems.append(f"{name}: the windows hold {len(window_rows)} rows, the file {len(rows)}")
                for index, (row, (section, source_row)) in enumerate(zip(window_rows, rows)):
                    if row["section"] != section:
                        problems.append(f"{name} row {index}: in section {row['section']}, expected {section}")
                    shown = {key: row["fields"][key] for key in served(source_row) if key in row["fields"]}
                    problem = same(list(source_row), list(row["fields"]), f"{name} row {index} keys")
                    problem = problem or same(served(source_row), shown, f"{name} row {index}")
                    if problem:
                        problems.append(problem)
                total_rows += len(window_rows)
                for fmt in entry["exports"]:
                    status, content_type, body = fetch(port, f"/api/datasets/{name}/export?format={fmt}")
                    if fmt == "json":
                        exported = json.loads(body.decode("utf-8"))
                    else:
                        expected_start = b"bplist00" if fmt == "binary-plist" else b"<?xml"
                        if not body.startswith(expected_start):
                            problems.append(f"{name}: the {fmt} export starts with {body[:10]!r}")
                        exported = plistlib.loads(body)
                    problem = same(source, exported, f"{name} export {fmt}")
                    if problem:
                        problems.append(problem)
            for problem in problems:
                print(problem)
            print(f"checked {len(manifest)} datasets, {total_rows} rows", file=sys.stderr)
            sys.exit(1 if problems else 0)

        if sys.argv[1] == "write":
            write(sys.argv[2])
        else:
            check(int(sys.argv[2]), sys.argv[3])
        """#
}
