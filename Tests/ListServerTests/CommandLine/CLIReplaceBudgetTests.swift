// ListServerTests — a replace whose diff outlasts its budget is stored whole and pages reload
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("CLI: a replace's diff has a time budget")
struct CLIReplaceBudgetTests {
    /// A flat list of `3k` rows `r0 …`, and the replace that keeps two thirds of them as the triples
    /// `r_j, X_j, r_(2k+j)`: every new row lies between matched rows far apart, the shape that made matching
    /// quadratic (issue 53).
    static func crafted(_ k: Int) -> (original: String, triples: String) {
        let original = (0..<(3 * k)).map { #"{"title":"r\#($0)"}"# }
        let triples = (0..<k).flatMap { j in
            [#"{"title":"r\#(j)"}"#, #"{"title":"X\#(j)"}"#, #"{"title":"r\#(2 * k + j)"}"#]
        }
        return ("[" + original.joined(separator: ",") + "]", "[" + triples.joined(separator: ",") + "]")
    }

    /// The name of the first event other than `ready` that a stream of `victim` gets while `triples` replaces
    /// it, on a server started with `flags`; and the rows after.
    private static func eventOfReplace(_ flags: [String]) throws -> (event: String, rowCount: Int?) {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"] + flags)
        defer { _ = server.terminate() }
        let (original, triples) = crafted(10_000)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/victim", body: original).status == 201)
        let stream = try RawClient(port: server.port, timeoutSeconds: 60)
        try stream.send("GET /api/datasets/victim/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(try #require(stream.readResponse(hasBody: false)).status == 200)
        #expect(try AcceptanceHarness.request(server.port, "PUT", "/api/datasets/victim", body: triples).status == 200)
        for _ in 0..<20 {
            guard let chunk = stream.readChunks(1)?.first else { break }
            for line in chunk.split(separator: "\n") where line.hasPrefix("event: ") && line != "event: ready" {
                return (String(line.dropFirst(7)), try AcceptanceHarness.datasets(server.port)["victim"]?.rowCount)
            }
        }
        return ("none", nil)
    }

    @Test("past a tiny budget a crafted 30,000-row replace is sent as reload; within a large one, as a change")
    func budgetTurnsDiffIntoReload() throws {
        let tight = try Self.eventOfReplace(["--replace-diff-budget", "0.001"])
        #expect(tight.event == "reload")
        #expect(tight.rowCount == 30_000)
        let roomy = try Self.eventOfReplace(["--replace-diff-budget", "60"])
        #expect(roomy.event == "change")
        #expect(roomy.rowCount == 30_000)
    }

    @Test("--replace-diff-budget takes seconds from 0 to 3600")
    func flagIsChecked() throws {
        #expect(try Configuration.parse(["--replace-diff-budget", "0.25"]).replaceDiffBudget == .milliseconds(250))
        #expect(try Configuration.parse([]).replaceDiffBudget == .milliseconds(500))
        #expect(throws: UsageError.self) { try Configuration.parse(["--replace-diff-budget", "-1"]) }
        #expect(throws: UsageError.self) { try Configuration.parse(["--replace-diff-budget", "soon"]) }
    }
}
