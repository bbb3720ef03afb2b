// ListServerTests — what a hostile client can do to the real binary: foreign hosts, uploads without a token
import Foundation
import Synchronization
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("CLI: hostile clients against the real binary")
struct CLIHostileClientTests {
    /// The real binary serving a data directory of its own (removed when it stops) with `flags`.
    private static func startServer(_ flags: [String] = []) throws -> (port: Int, stop: () -> Void) {
        let root = ServerProcess.temporaryDirectory()
        let server = try ServerProcess.start(["--data", root, "--quiet"] + flags)
        return (server.port, {
            _ = server.terminate()
            try? FileManager.default.removeItem(atPath: root)
        })
    }

    /// Sends `text` on a new connection and reads one response.
    private static func exchange(_ port: Int, _ text: String) throws -> WireResponse {
        let client = try RawClient(port: port, timeoutSeconds: 20)
        try client.send(text)
        return try #require(client.readResponse())
    }

    @Test("a foreign Host reads nothing and changes nothing; --allow-host adds a name")
    func foreignHostReadsNothing() throws {
        let server = try Self.startServer(["--allow-host", "Lists.Test"])
        defer { server.stop() }
        let port = server.port
        let before = try #require(AcceptanceHarness.datasets(port)["heroes"])
        let evil = "evil.example:\(port)"
        let rebound = "Host: \(evil)\r\nOrigin: http://\(evil)\r\nSec-Fetch-Site: same-origin\r\n"
        for target in [
            "/api/datasets", "/api/datasets/heroes", "/api/datasets/heroes/window?top=0&height=500",
            "/d/heroes/fragment?top=0&height=500", "/d/heroes", "/api/datasets/heroes/export?format=json", "/",
            "/app.js",
        ] {
            let response = try Self.exchange(port, "GET \(target) HTTP/1.1\r\n\(rebound)\r\n")
            #expect(response.status == 421, "\(target)")
            #expect(!response.text.contains("Garen"), "\(target)")
        }
        let batch = #"{"baseVersion":\#(before.version),"deleteRows":[]}"#
        let posted = try Self.exchange(
            port,
            "POST /api/datasets/heroes/batch HTTP/1.1\r\n\(rebound)Content-Type: application/json\r\n"
                + "Content-Length: \(batch.utf8.count)\r\n\r\n\(batch)")
        #expect(posted.status == 421)
        let deleted = try Self.exchange(port, "DELETE /api/datasets/heroes HTTP/1.1\r\n\(rebound)\r\n")
        #expect(deleted.status == 421)
        #expect(try AcceptanceHarness.datasets(port)["heroes"]?.version == before.version)

        let named = try Self.exchange(port, "GET /api/datasets HTTP/1.1\r\nHost: lists.test:\(port)\r\n\r\n")
        #expect(named.status == 200)
        let loopback = try Self.exchange(
            port, "GET /d/heroes/fragment?top=0&height=500 HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(loopback.status == 200)
    }

    @Test("with --token, an upload without it is refused before its body: no 100 Continue, nothing read")
    func uploadWithoutTokenIsRefusedFromItsHead() throws {
        let server = try Self.startServer(["--token", "s3cret"])
        defer { server.stop() }
        let port = server.port
        for expect in ["Expect: 100-continue\r\n", ""] {
            let client = try RawClient(port: port, timeoutSeconds: 20)
            try client.send(
                "PUT /api/datasets/big HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(expect)"
                    + "Content-Type: application/json\r\nContent-Length: 200000000\r\n\r\n")
            if expect.isEmpty { _ = try? client.send([UInt8](repeating: 0x5B, count: 256 << 10)) }
            let response = try #require(client.readResponse())
            #expect(response.status == 401, "\(expect)")
            #expect(response.headers["WWW-Authenticate"]?.hasPrefix("Bearer") == true)
            #expect(response.headers["Connection"] == "close")
            #expect(client.isClosedByServer())
        }
        let batch = try Self.exchange(
            port,
            "POST /api/datasets/heroes/batch HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nExpect: 100-continue\r\n"
                + "Content-Length: 20\r\n\r\n")
        #expect(batch.status == 401)
        let crossSite = try Self.exchange(
            port,
            "DELETE /api/datasets/heroes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer s3cret\r\n"
                + "Sec-Fetch-Site: cross-site\r\n\r\n")
        #expect(crossSite.status == 403)
        let allowed = try Self.exchange(
            port,
            "DELETE /api/datasets/heroes HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer s3cret\r\n\r\n")
        #expect(allowed.status == 204)
    }

    @Test("--allow-host refuses what is not a host name")
    func allowHostNeedsAName() throws {
        #expect(throws: UsageError.self) { try Configuration.parse(["--allow-host", "http://x/"]) }
        #expect(throws: UsageError.self) { try Configuration.parse(["--allow-host", ""]) }
        let configuration = try Configuration.parse(["--allow-host", "a.test", "--allow-host=b.test", "--host", "::1"])
        #expect(configuration.allowedHosts == ["a.test", "b.test"])
        #expect(configuration.hostAllowlist.names == ["localhost", "127.0.0.1", "[::1]", "a.test", "b.test"])
    }

    @Test("pages carry CSP, frame and referrer policies; every response says nosniff")
    func pagesKeepToThemselves() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        for page in ["/", "/d/friends", "/d/settings?q=wi"] {
            let response = try AcceptanceHarness.get(server.port, page)
            #expect(response.status == 200, "\(page)")
            let policy = response.headers["Content-Security-Policy"] ?? ""
            #expect(policy.contains("frame-ancestors 'self'") && policy.contains("script-src 'self'"), "\(page)")
            #expect(!policy.contains("unsafe-eval") && !(policy.split(separator: ";").first { $0.contains("script-src") }?.contains("unsafe-inline") ?? true))
            #expect(response.headers["X-Frame-Options"] == "SAMEORIGIN", "\(page)")
            #expect(response.headers["Referrer-Policy"] == "same-origin", "\(page)")
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(page)")
            #expect(!response.text.contains("<script>") && !response.text.contains(" onclick="), "\(page)")
        }
        for target in [
            "/api/datasets", "/d/friends/fragment?top=0&height=400", "/api/datasets/friends/window?top=0&height=400",
            "/app.js", "/api/nothing", "/missing", "/api/datasets/friends/export?format=plist",
        ] {
            let response = try AcceptanceHarness.get(server.port, target)
            #expect(response.headers["X-Content-Type-Options"] == "nosniff", "\(target)")
            #expect(response.headers["Content-Security-Policy"] == nil, "\(target)")
        }
    }

    @Test("a dataset deleted and uploaded again continues its versions: a batch based on the old one gets 409")
    func recreatedDatasetRefusesStaleBatches() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"])
        let port = server.port
        let rows = #"[{"title":"a"},{"title":"b"},{"title":"c"}]"#
        #expect(try AcceptanceHarness.request(port, "PUT", "/api/datasets/list", body: rows).status == 201)
        let window = try AcceptanceHarness.object(port, "/api/datasets/list/window?top=0&height=500")
        let firstRow = try #require((window["rows"] as? [[String: Any]])?.first?["id"] as? Int)
        let stale = #"{"baseVersion":1,"deleteRows":[\#(firstRow)]}"#
        #expect(try AcceptanceHarness.request(port, "DELETE", "/api/datasets/list", body: "").status == 204)
        let again = try AcceptanceHarness.request(port, "PUT", "/api/datasets/list", body: rows)
        #expect(again.status == 201)
        #expect(again.text.contains(#""version":2"#), "\(again.text)")
        let refused = try AcceptanceHarness.request(port, "POST", "/api/datasets/list/batch", body: stale)
        #expect(refused.status == 409)
        #expect(try AcceptanceHarness.datasets(port)["list"]?.rowCount == 3)
        #expect(server.terminate() == 0)

        // The store keeps it across a restart, and a --replace import continues too.
        let file = root + "/list.json"
        try Data(rows.utf8).write(to: URL(fileURLWithPath: file))
        let restarted = try ServerProcess.start(["--data", root, "--quiet", "--import", file, "--replace"])
        defer { _ = restarted.terminate() }
        #expect(try AcceptanceHarness.datasets(restarted.port)["list"]?.version == 3)
    }

    @Test("control characters: XML export is 422 naming the key path, other exports parse, HTML shows U+FFFD")
    func controlCharacters() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let rows = #"[{"title":"plain","detail":"ok"},{"title":"bell\u0007 nul\u0000 esc\u001b","detail":"line\nbreak"}]"#
        #expect(try AcceptanceHarness.request(port, "PUT", "/api/datasets/ctl", body: rows).status == 201)

        let xml = try AcceptanceHarness.get(port, "/api/datasets/ctl/export?format=plist")
        #expect(xml.status == 422)
        #expect(xml.headers["Content-Type"] == "application/problem+json")
        #expect(xml.text.contains("[1].title") && xml.text.contains("U+0007"), "\(xml.text)")

        let folder = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for format in ["json", "binary-plist"] {
            let export = try AcceptanceHarness.get(port, "/api/datasets/ctl/export?format=\(format)")
            #expect(export.status == 200)
            try Data(export.body).write(to: URL(fileURLWithPath: folder + "/ctl." + format))
        }
        let script = """
            import json, plistlib, sys
            a = json.load(open(sys.argv[1] + "/ctl.json", encoding="utf-8"))
            b = plistlib.load(open(sys.argv[1] + "/ctl.binary-plist", "rb"))
            assert a == b, (a, b)
            assert a[1]["title"] == "bell\\u0007 nul\\u0000 esc\\u001b", a
            print("ok")
            """
        let checked = try AcceptanceHarness.python(script, [folder])
        #expect(checked.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(checked.stderr)")

        for target in ["/d/ctl/fragment?top=0&height=600", "/d/ctl", "/"] {
            let page = try AcceptanceHarness.get(port, target)
            #expect(page.status == 200)
            let raw = page.body.filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }
            #expect(raw.isEmpty, "\(target) holds raw control bytes \(raw)")
            if target != "/" { #expect(page.text.contains("bell\u{FFFD} nul\u{FFFD} esc\u{FFFD}"), "\(target)") }
        }
    }

    @Test("a client flooding event streams gets 429 past its share; windows and batches are still answered")
    func streamFloodIsBounded() throws {
        let server = try Self.startServer(["--max-streams-per-client", "4"])
        defer { server.stop() }
        let port = server.port
        var streams: [RawClient] = []
        var refused = 0
        for _ in 0..<12 {
            let client = try RawClient(port: port, timeoutSeconds: 20)
            try client.send("GET /api/datasets/heroes/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let response = try #require(client.readResponse(hasBody: false))
            if response.status == 429 {
                #expect(response.headers["Retry-After"] != nil)
                refused += 1
            } else {
                #expect(response.status == 200)
                streams.append(client)
            }
        }
        #expect(streams.count == 4 && refused == 8)
        #expect(try AcceptanceHarness.get(port, "/d/heroes/fragment?top=0&height=500").status == 200)
        let version = try #require(AcceptanceHarness.datasets(port)["heroes"]?.version)
        let batch = #"{"baseVersion":\#(version),"updateRows":[]}"#
        #expect(try AcceptanceHarness.request(port, "POST", "/api/datasets/heroes/batch", body: batch).status == 200)
    }

    @Test("a large upload is imported off the event loops: windows on every connection keep being answered")
    func largeUploadDoesNotStallWindows() throws {
        let server = try Self.startServer()
        defer { server.stop() }
        let port = server.port
        let body = CLIUploadTests.rows(200_000)
        // Keep-alive readers on both loops (connections are shared out over them).
        let readers = try (0..<4).map { _ in try RawClient(port: port, timeoutSeconds: 30) }
        let window = "GET /api/datasets/heroes/window?top=0&height=600 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        for reader in readers {
            try reader.send(window)
            #expect(try #require(reader.readResponse()).status == 200)
        }
        let uploader = try RawClient(port: port, timeoutSeconds: 120)
        try uploader.send(
            "PUT /api/datasets/big HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n")
        try uploader.send(Array(body.utf8))
        let uploadSent = Date()
        // The uploader waits for its answer on a thread of its own; this thread asks for windows meanwhile.
        nonisolated(unsafe) let waitingUploader = uploader
        let answer = Mutex<(status: Int, seconds: Double)?>(nil)
        Thread.detachNewThread {
            let status = waitingUploader.readResponse()?.status ?? 0
            answer.withLock { $0 = (status, Date().timeIntervalSince(uploadSent)) }
        }
        var slowest = 0.0
        var answers = 0
        while answer.withLock({ $0 }) == nil && Date().timeIntervalSince(uploadSent) < 120 {
            for reader in readers {
                let asked = Date()
                try reader.send(window)
                #expect(try #require(reader.readResponse()).status == 200)
                slowest = max(slowest, Date().timeIntervalSince(asked))
                answers += 1
            }
        }
        let (status, importSeconds) = try #require(answer.withLock { $0 })
        #expect(status == 201)
        #expect(answers > 20, "windows kept coming during the \(importSeconds) s import")
        #expect(slowest < max(0.5, importSeconds / 4), "slowest window \(slowest) s during a \(importSeconds) s import")
    }
}
