// ListServerTests — windows and fragments written into the event loop's response writer
import Foundation
import HTTPServer
import Synchronization
import TestSupport
import Testing

@testable import ListServer

@Suite("Windows and fragments written into the event loop's response writer")
struct WindowWriterTests {
    /// Window and fragment requests: defaults, every parameter, escapes, errors, and entity tags.
    static let targets: [String] = {
        var targets: [String] = []
        for dataset in ["letters", "teams", "heroes", "friends", "missing"] {
            for query in [
                "", "top=0&height=200", "top=44&height=500&overscan=200&expanded=all", "top=10&expanded=none",
                "top=0&expanded=1-2", "top=7.5&height=300", "height=800&editing=true", "width=375&top=100",
                "section=1", "anchor=3&top=-20", "q=a", "q=%E4%BB%8A", "top=%31%30", "t%6Fp=60&top=0",
                "top=abc", "height=-1", "expanded=x", "editing=maybe", "top=1e3", "top=01",
            ] {
                targets.append("/api/datasets/\(dataset)/window?\(query)")
                targets.append("/d/\(dataset)/fragment?\(query)")
            }
        }
        return targets
    }()

    /// The room each loop's writer keeps for bodies: the default (every body here fits), 2 KiB (the larger
    /// windows grow it for their response) and none.
    @Test(
        "every window and fragment, good or refused, reads on the wire as the routes answer it off the server",
        arguments: [nil, 2048, 0])
    func sameAsOffTheServer(writerBytes: Int?) throws {
        let api = try APIFixture()
        let handler = api.routes.handler
        let answered = Atomic<Int>(0)
        let written = Atomic<Int>(0)
        let larger = Atomic<Int>(0)
        try withTestServer(
            configure: { configuration in
                if let writerBytes { configuration.responseWriterBytes = writerBytes }
                configuration.problemPaths = AppRoutes.problemPaths
            },
            handler: { request in
                let response = try handler(request)
                if response.status == 200 || response.status == 304 { answered.add(1, ordering: .relaxed) }
                if case .written = response.body {
                    written.add(1, ordering: .relaxed)
                    if response.bodyBytes.count > 2048 { larger.add(1, ordering: .relaxed) }
                }
                return response
            }
        ) { port, _ in
            let client = try RawClient(port: port)
            for target in Self.targets {
                let offServer = try api.get(target)
                let onTheWire = try exchange(client, target, fields: "Connection: keep-alive\r\nAccept: */*\r\n")
                #expect(onTheWire.status == offServer.status, "\(target)")
                #expect(onTheWire.body == offServer.bodyBytes, "\(target)")
                expectFields(of: offServer, on: onTheWire, target)
                guard onTheWire.status == 200, let etag = onTheWire.headers["ETag"] else { continue }
                let unchanged = try exchange(client, target, fields: "If-None-Match: \(etag)\r\n")
                let unchangedOffServer = try api.get(target, headers: ["If-None-Match": etag])
                #expect(unchanged.status == 304 && unchangedOffServer.status == 304, "\(target)")
                expectFields(of: unchangedOffServer, on: unchanged, target)
            }
        }
        let answeredCount = answered.load(ordering: .relaxed)
        #expect(answeredCount > Self.targets.count, "the good windows were answered, then answered 304")
        // Every window is written into the writer (a 304 has no body).
        #expect(larger.load(ordering: .relaxed) > 0, "some bodies are larger than 2 KiB")
        #expect((1..<answeredCount).contains(written.load(ordering: .relaxed)))
    }

    /// Every field the routes answer off the server is on the wire with its value (the server adds
    /// `Date`, `X-Content-Type-Options`, the framing and `Vary`).
    private func expectFields(
        of offServer: HTTPResponse, on wire: WireResponse, _ target: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for field in offServer.headers {
            #expect(
                wire.headers[field.name] == field.value, "\(target): \(field.name)", sourceLocation: sourceLocation)
        }
        let added = ["Date", "X-Content-Type-Options", "Content-Length", "Vary"]
        let names = Set(offServer.headers.map { $0.name.lowercased() })
        for field in wire.headers where !added.contains(field.name) {
            #expect(
                names.contains(field.name.lowercased()), "\(target): \(field.name)", sourceLocation: sourceLocation)
        }
    }

    private func exchange(_ client: RawClient, _ target: String, fields: String = "") throws -> WireResponse {
        try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\(fields)\r\n")
        return try #require(client.readResponse())
    }
}
