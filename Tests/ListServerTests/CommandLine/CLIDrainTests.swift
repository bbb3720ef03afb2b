// ListServerTests — the real binary drains on SIGTERM
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("Drain on SIGTERM")
struct CLIDrainTests {
    /// Whether a new connection to `port` is refused within `seconds`.
    private func refusesConnections(_ port: Int, within seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            guard let fd = try? ClientSocket.connect(port: port, timeoutSeconds: 1) else { return true }
            ClientSocket.close(fd)
            Thread.sleep(forTimeInterval: 0.02)
        }
        return false
    }

    @Test("in-flight requests finish with Connection: close, streams get a retry hint, new connections are refused")
    func drains() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet", "--drain-timeout", "5"])
        defer { server.kill() }
        let host = "Host: 127.0.0.1:\(server.port)\r\n"

        let stream = try RawClient(port: server.port, timeoutSeconds: 10)
        try stream.send("GET /api/datasets/friends/events HTTP/1.1\r\n\(host)\r\n")
        let opening = try #require(stream.readResponse(hasBody: false))
        #expect(opening.status == 200)
        #expect(try #require(stream.readChunks(1)).joined().contains("retry: 2000"))

        let idle = try RawClient(port: server.port, timeoutSeconds: 10)
        try idle.send("GET /healthz HTTP/1.1\r\n\(host)\r\n")
        #expect(idle.readResponse()?.headers["Connection"] == nil, "a keep-alive answer before the drain")

        // A request in flight: its head and half its body sent before SIGTERM, the rest after.
        let body = #"{"baseVersion":0,"updateRows":[]}"#
        let inFlight = try RawClient(port: server.port, timeoutSeconds: 10)
        try inFlight.send(
            "POST /api/datasets/friends/batch HTTP/1.1\r\n\(host)Content-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body.prefix(10))
        Thread.sleep(forTimeInterval: 0.2)

        let signalled = Date()
        kill(server.process.processIdentifier, SIGTERM)
        #expect(refusesConnections(server.port, within: 3), "no new connection is accepted once draining")

        let ending = String(decoding: stream.readToEnd(), as: UTF8.self)
        #expect(ending.contains("retry: 1000\n\n"), "\(ending)")
        #expect(ending.hasSuffix("0\r\n\r\n"), "the stream ends with its last chunk: \(ending)")
        #expect(idle.isClosedByServer(), "an idle keep-alive connection is closed")

        try inFlight.send(String(body.dropFirst(10)))
        let answer = try #require(inFlight.readResponse())
        #expect(answer.status >= 200 && answer.status < 500, "answered, not dropped: \(answer.status)")
        #expect(answer.headers["Connection"] == "close")
        #expect(inFlight.isClosedByServer())

        let deadline = Date().addingTimeInterval(5)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!server.process.isRunning, "exits once nothing is in flight, well before the deadline")
        #expect(server.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(signalled) < 5)
    }

    @Test("an upload whose body is still arriving at SIGTERM is imported, answered and kept; then the process exits")
    func drainsSlowUpload() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let source = root + "/small.json"
        try Data(#"[{"title":"One"},{"title":"Two"}]"#.utf8).write(to: URL(fileURLWithPath: source))
        let data = root + "/data"
        let server = try ServerProcess.start(
            ["--data", data, "--quiet", "--drain-timeout", "5", "--import", "small=\(source)"])
        defer { server.kill() }
        #expect(try AcceptanceHarness.datasets(server.port)["small"]?.rowCount == 2)

        // A replace of the dataset: its head and half its body before SIGTERM, the rest 300 ms after.
        let titles = (1...50).map { "Uploaded \($0)" }
        let body = Array(("[" + titles.map { #"{"title":"\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        let half = body.count / 2
        let upload = try RawClient(port: server.port, timeoutSeconds: 10)
        try upload.send(
            "PUT /api/datasets/small HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                + "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n")
        try upload.send(Array(body[..<half]))
        Thread.sleep(forTimeInterval: 0.2)

        let signalled = Date()
        kill(server.process.processIdentifier, SIGTERM)
        Thread.sleep(forTimeInterval: 0.1)
        #expect(refusesConnections(server.port, within: 3), "no new connection is accepted once draining")
        Thread.sleep(forTimeInterval: max(0, 0.3 - Date().timeIntervalSince(signalled)))
        try upload.send(Array(body[half...]))

        let answer = try #require(upload.readResponse(), "the upload is answered, not dropped")
        #expect(answer.status == 200, "replaced: \(answer.status) \(answer.text)")
        #expect(answer.headers["Connection"] == "close")
        #expect(upload.isClosedByServer())

        let deadline = Date().addingTimeInterval(5)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(!server.process.isRunning, "exits once the upload is answered, before the drain deadline")
        #expect(server.process.terminationStatus == 0)
        #expect(Date().timeIntervalSince(signalled) < 5)

        let restarted = try ServerProcess.start(["--data", data, "--quiet"])
        defer { restarted.kill() }
        let export = try AcceptanceHarness.get(restarted.port, "/api/datasets/small/export?format=json")
        #expect(export.status == 200)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(export.body)) as? [[String: Any]])
        #expect(rows.compactMap { $0["title"] as? String } == titles, "the acknowledged upload is what is stored")
        #expect(restarted.terminate() == 0)
    }

    @Test("a request that never completes is cut at --drain-timeout and the process exits")
    func deadline() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet", "--drain-timeout", "1.5"])
        defer { server.kill() }
        let stuck = try RawClient(port: server.port, timeoutSeconds: 10)
        try stuck.send(
            "POST /api/datasets/friends/batch HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n"
                + "Content-Length: 100\r\n\r\n{")
        Thread.sleep(forTimeInterval: 0.2)
        let signalled = Date()
        kill(server.process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while server.process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let elapsed = Date().timeIntervalSince(signalled)
        #expect(!server.process.isRunning)
        #expect(server.process.terminationStatus == 0)
        #expect(elapsed >= 1.4 && elapsed < 4, "exits at the drain deadline: \(elapsed) s")
        #expect(stuck.isClosedByServer())
    }

    @Test("--drain-timeout and --log-format are read, and bad values are refused")
    func flags() throws {
        let parsed = try Configuration.parse(["--drain-timeout", "2.5", "--log-format", "json"])
        #expect(parsed.drainTimeout == .milliseconds(2_500))
        #expect(parsed.logFormat == .json)
        #expect(try Configuration.parse([]).drainTimeout == .seconds(10))
        #expect(throws: UsageError.self) { try Configuration.parse(["--drain-timeout", "-1"]) }
        #expect(throws: UsageError.self) { try Configuration.parse(["--log-format", "xml"]) }
        #expect(Configuration.usage.contains("--drain-timeout SECONDS"))
        #expect(Configuration.usage.contains("--log-format FORMAT"))
    }
}
