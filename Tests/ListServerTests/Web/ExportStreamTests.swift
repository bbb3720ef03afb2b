// ListServerTests — exports sent as they are written, over real sockets
import Dispatch
import Foundation
import HTTPServer
import ListStore
import Models
import SystemSupport
import TestSupport
import Testing

@testable import ListServer

@Suite("Exports are sent as they are written")
struct ExportStreamTests {
    /// Holds an export's writer after its first piece until the test lets it go: what the client reads
    /// meanwhile was sent before the export was written.
    final class WriterHold: Sendable {
        private let held = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)
        private let holding = System.Locked(true)

        /// The hook for ``ExportCache/pieceCut``: the first call waits for ``release()``.
        func pieceCut(_ count: Int) {
            guard holding.withLock({ holding in defer { holding = false }; return holding }) else { return }
            held.signal()
            released.wait()
        }

        /// Waits until the writer is held.
        func waitUntilHeld() { held.wait() }

        func release() { released.signal() }
    }

    /// A server over `big` (20,000 rows: about 2 MB of JSON, 3 MB of XML, so several 1 MiB pieces) and
    /// `control` (a title XML cannot carry), whose exports stream after their first piece.
    static func withServer(
        hold: WriterHold? = nil, byteLimit: Int = 256 << 20, compressedAbove: Int = 32 << 20,
        configure: (inout HTTPServerConfiguration) -> Void = { _ in }, _ body: (_ port: Int, _ routes: AppRoutes, _ server: HTTPServer) throws -> Void
    ) throws {
        try StoreFixtures.withDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            let sources: [(String, String)] = [
                ("big", WorkerLatencyTests.bigList(20_000)), ("control", #"[{"title":"bell \u0007"},{"title":"b"}]"#),
            ]
            try store.insert(
                sources.map { id, json in
                    try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: id, id: id))
                }, replacing: false)
            let library = Library(store: store, datasets: try store.loadAll())
            var pieceCut: (@Sendable (Int) -> Void)?
            if let hold { pieceCut = { count in hold.pieceCut(count) } }
            let exports = ExportCache(
                byteLimit: byteLimit, streamedAfter: 1, compressedAbove: compressedAbove, pieceCut: pieceCut)
            let routes = AppRoutes(
                library: library, policy: MutationPolicy(token: nil), files: StaticFiles(root: directory),
                exports: exports)
            try withAppServer(routes, configure: configure) { port, server in try body(port, routes, server) }
        }
    }

    /// The export as written whole, without pieces or a server.
    static func whole(_ routes: AppRoutes, _ format: DocumentFormat) throws -> [UInt8] {
        let dataset = try routes.library.requireEntry("big").dataset
        return format.write(try AppRoutes.exported(dataset, defaults: false, pane: nil))
    }

    static func request(_ target: String, method: String = "GET", gzip: Bool = false) -> String {
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + (gzip ? "Accept-Encoding: gzip\r\n" : "") + "\r\n"
    }

    @Test("the status line arrives while the worker is still writing the export")
    func firstBytesBeforeTheEnd() throws {
        let hold = WriterHold()
        try Self.withServer(hold: hold) { port, routes, _ in
            let client = try RawClient(port: port, timeoutSeconds: 30)
            try client.send(Self.request("/api/datasets/big/export?format=plist"))
            hold.waitUntilHeld()
            // The writer waits for the release: everything read before it was sent before the export was whole.
            let head = try #require(client.readHead())
            #expect(head.status == 200)
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            #expect(head.headers["Content-Length"] == nil)
            let firstChunk = try #require(client.readChunkBytes(1)?.first)
            #expect(firstChunk.starts(with: Array("<?xml".utf8)))
            hold.release()
            let rest = try #require(client.readBody(of: head))
            #expect(firstChunk + rest.body == (try Self.whole(routes, .plist)))
        }
    }

    @Test("an export being written takes none of the event streams' slots, nor they its")
    func exportsHoldNoStreamSlot() throws {
        let hold = WriterHold()
        try Self.withServer(hold: hold, configure: { $0.maxStreamsPerAddress = 1 }) { port, routes, _ in
            let events = try RawClient(port: port, timeoutSeconds: 30)
            try events.send(Self.request("/api/datasets/big/events"))
            #expect(try #require(events.readHead()).status == 200)
            // The client's one slot is taken by its event stream; its export is still sent as it is written.
            let export = try RawClient(port: port, timeoutSeconds: 30)
            try export.send(Self.request("/api/datasets/big/export?format=plist"))
            hold.waitUntilHeld()
            let head = try #require(export.readHead())
            #expect(head.status == 200)
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            // A second event stream is still one too many.
            let more = try RawClient(port: port, timeoutSeconds: 30)
            try more.send(Self.request("/api/datasets/control/events"))
            let refused = try #require(more.readResponse())
            #expect(refused.status == 429)
            #expect(String(decoding: refused.body, as: UTF8.self).contains("event streams"))
            hold.release()
            let rest = try #require(export.readBody(of: head))
            #expect(rest.body.count > 0)
        }
    }

    @Test("a streamed export is the export written whole, with and without gzip, and is kept",
          arguments: [("json", DocumentFormat.json), ("plist", .plist), ("binary-plist", .binaryPlist)])
    func sameBytes(_ name: String, _ format: DocumentFormat) throws {
        try Self.withServer { port, routes, _ in
            let whole = try Self.whole(routes, format)
            let target = "/api/datasets/big/export?format=\(name)"
            for gzip in [false, true] {
                let client = try RawClient(port: port, timeoutSeconds: 30)
                try client.send(Self.request(target, gzip: gzip))
                let response = try #require(client.readResponse())
                #expect(response.status == 200)
                let streamed = response.headers["Transfer-Encoding"] == "chunked"
                let body =
                    response.headers["Content-Encoding"] == "gzip" ? try Gunzip.inflate(response.body) : response.body
                #expect(body == whole, "gzip \(gzip), streamed \(streamed)")
                // The first is sent as it is written, as it is; the second is kept, and compressed when its
                // type is one that compresses (JSON).
                #expect(streamed == !gzip)
                #expect((response.headers["Content-Encoding"] == "gzip") == (gzip && format == .json))
                #expect(response.headers["Content-Type"] == format.contentType)
            }
            // The first request streamed it; the second was sent the kept pieces, with their length.
            #expect(routes.exports.builtCount.load(ordering: .relaxed) == 1)
            let client = try RawClient(port: port, timeoutSeconds: 30)
            try client.send(Self.request(target))
            let kept = try #require(client.readResponse())
            #expect(kept.headers["Content-Length"] == String(whole.count))
            #expect(kept.body == whole)
        }
    }

    @Test("HEAD of an export being written has no body, and the connection goes on")
    func head() throws {
        try Self.withServer { port, routes, _ in
            let client = try RawClient(port: port, timeoutSeconds: 30)
            try client.send(Self.request("/api/datasets/big/export?format=json", method: "HEAD"))
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.status == 200)
            #expect(head.headers["Content-Type"] == DocumentFormat.json.contentType)
            try client.send(Self.request("/api/datasets/big/export?format=json"))
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.body == (try Self.whole(routes, .json)))
        }
    }

    @Test("a title XML cannot carry is a 422 problem before anything is sent; JSON carries it")
    func unwritable() throws {
        try Self.withServer { port, _, _ in
            let client = try RawClient(port: port, timeoutSeconds: 30)
            try client.send(Self.request("/api/datasets/control/export?format=plist"))
            let refused = try #require(client.readResponse())
            #expect(refused.status == 422)
            #expect(refused.headers["Content-Type"] == "application/problem+json")
            #expect(refused.text.contains("export it as json or binary-plist"))
            try client.send(Self.request("/api/datasets/control/export?format=json"))
            #expect(client.readResponse()?.status == 200)
        }
    }

    @Test("requests for an export being written follow it, and it is written once")
    func concurrentRequests() throws {
        let hold = WriterHold()
        try Self.withServer(hold: hold) { port, routes, _ in
            let target = "/api/datasets/big/export?format=json"
            let first = try RawClient(port: port, timeoutSeconds: 30)
            try first.send(Self.request(target))
            hold.waitUntilHeld()
            let firstHead = try #require(first.readHead())
            // Asked while the writer is held, these are answered from the same pieces, not written again.
            let others = try (0..<3).map { index in
                let client = try RawClient(port: port, timeoutSeconds: 30)
                try client.send(Self.request(target, gzip: index == 1))
                return client
            }
            let heads = try others.map { try #require($0.readHead()) }
            #expect(heads.allSatisfy { $0.status == 200 && $0.headers["Transfer-Encoding"] == "chunked" })
            hold.release()
            let whole = try Self.whole(routes, .json)
            #expect(first.readBody(of: firstHead)?.body == whole)
            for (client, head) in zip(others, heads) {
                #expect(client.readBody(of: head)?.body == whole)
            }
            #expect(routes.exports.builtCount.load(ordering: .relaxed) == 1)
        }
    }

    @Test("a graceful stop lets an export being sent end whole")
    func gracefulStop() throws {
        let hold = WriterHold()
        try Self.withServer(hold: hold) { port, routes, server in
            let client = try RawClient(port: port, timeoutSeconds: 30)
            try client.send(Self.request("/api/datasets/big/export?format=plist"))
            hold.waitUntilHeld()
            let head = try #require(client.readHead())
            // The stop is posted to the loop before anything the writer sends after its release.
            server.stop()
            hold.release()
            // Not ended at the stop with the last chunk after what was sent so far: the whole document.
            #expect(client.readBody(of: head)?.body == (try Self.whole(routes, .plist)))
        }
    }

    /// Waits until no worker job is queued or running: an export's last step, keeping it, is done.
    static func waitForWorkers(_ routes: AppRoutes) {
        let deadline = Date().addingTimeInterval(30)
        while routes.workers.jobCount > 0 && Date() < deadline {}
    }

    @Test("long exports are compressed rather than let go, so that two formats stay kept where they did not fit")
    func keptCompressed() throws {
        // The JSON and the XML plist of 20,000 rows (about 2 and 3 MB) do not fit 3 MiB together; compressed,
        // they do, as a million rows' 193 MB plist and 100 MB JSON fit 256 MiB.
        try Self.withServer(byteLimit: 3 << 20, compressedAbove: 1 << 20) { port, routes, _ in
            let formats: [(String, DocumentFormat)] = [("json", .json), ("plist", .plist), ("binary-plist", .binaryPlist)]
            let wholes = try formats.map { try Self.whole(routes, $0.1) }
            #expect(wholes[0].count + wholes[1].count > 3 << 20)
            for round in 0..<3 {
                for ((name, _), whole) in zip(formats, wholes) {
                    for gzip in [false, true] {
                        let client = try RawClient(port: port, timeoutSeconds: 30)
                        try client.send(Self.request("/api/datasets/big/export?format=\(name)", gzip: gzip))
                        let response = try #require(client.readResponse())
                        #expect(response.status == 200)
                        let compressed = response.headers["Content-Encoding"] == "gzip"
                        let body = compressed ? try Gunzip.inflate(response.body) : response.body
                        #expect(body == whole, "\(name), round \(round), gzip \(gzip)")
                        #expect(round == 0 || response.headers["Content-Length"] == String(response.body.count))
                        if round > 0 && name != "binary-plist" {
                            // Kept compressed, to make room for the other (an XML plist is not a type the server
                            // compresses): sent as kept to a client that takes gzip, inflated for the others.
                            #expect(compressed == gzip, "\(name), round \(round), gzip \(gzip)")
                            #expect(response.headers["Vary"] == "Accept-Encoding")
                        }
                    }
                    Self.waitForWorkers(routes)
                }
            }
            #expect(routes.exports.builtCount.load(ordering: .relaxed) == 3)
            #expect(routes.exports.keptBytes <= 3 << 20)
        }
    }

    @Test("a kept compressed export answers HEAD with its coding and no body")
    func headOfCompressed() throws {
        // The plist (about 3 MB) fits 2 MiB only compressed.
        try Self.withServer(byteLimit: 2 << 20, compressedAbove: 1 << 20) { port, routes, _ in
            let target = "/api/datasets/big/export?format=plist"
            let first = try RawClient(port: port, timeoutSeconds: 30)
            try first.send(Self.request(target))
            #expect(first.readResponse()?.status == 200)
            Self.waitForWorkers(routes)
            for gzip in [true, false] {
                let client = try RawClient(port: port, timeoutSeconds: 30)
                try client.send(Self.request(target, method: "HEAD", gzip: gzip))
                let head = try #require(client.readResponse(hasBody: false))
                #expect(head.status == 200)
                #expect((head.headers["Content-Encoding"] == "gzip") == gzip)
                try client.send(Self.request(target, gzip: gzip))
                let response = try #require(client.readResponse())
                let body = gzip ? try Gunzip.inflate(response.body) : response.body
                #expect(body == (try Self.whole(routes, .plist)))
            }
        }
    }
}
