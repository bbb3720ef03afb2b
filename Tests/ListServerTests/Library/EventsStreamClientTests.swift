// ListServerTests — event stream test client
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// One block of a `text/event-stream`, as a client parses it.
struct ServerSentEvent: Equatable, CustomStringConvertible {
    var id: String?
    var event: String?
    var data: String?
    var retry: Int?
    var comments: [String] = []

    init(id: String?, event: String?, data: String?) {
        self.id = id
        self.event = event
        self.data = data
    }

    /// Parses the lines of one block (without the blank line that ends it).
    init(block: String) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(":") {
                comments.append(String(line.dropFirst().drop { $0 == " " }))
                continue
            }
            let name = line.prefix { $0 != ":" }
            var value = line.dropFirst(name.count)
            if value.hasPrefix(":") { value = value.dropFirst() }
            if value.hasPrefix(" ") { value = value.dropFirst() }
            switch name {
            case "id": id = String(value)
            case "event": event = String(value)
            case "data": data = (data.map { $0 + "\n" } ?? "") + value
            case "retry": retry = Int(value)
            default: break
            }
        }
    }

    /// Whether a client would dispatch it (it has data).
    var isEvent: Bool { data != nil }

    var description: String { "id=\(id ?? "-") event=\(event ?? "-") data=\(data ?? "-")" }
}

/// A subscriber over a real loopback socket: sends the request, reads the head, then splits the
/// chunked body into event blocks.
final class EventClient {
    let raw: RawClient
    let status: Int
    let headers: HTTPHeaders
    private var text = ""
    /// Whether the server ended the stream (last chunk) or closed the connection.
    private(set) var ended = false

    /// - Parameter headers: extra request header lines (`Last-Event-ID: 3`).
    init(port: Int, path: String, headers lines: [String] = []) throws {
        raw = try RawClient(port: port)
        let extra = lines.map { $0 + "\r\n" }.joined()
        try raw.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n\(extra)\r\n")
        guard let head = raw.readResponse(hasBody: false) else {
            throw ServerProcess.StartError(message: "no response head for \(path)")
        }
        status = head.status
        headers = head.headers
    }

    /// Sets how long a read may wait.
    func setTimeout(_ seconds: Double) {
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int((seconds - Double(Int(seconds))) * 1e6))
        _ = setsockopt(raw.fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The next block, whatever it holds.
    /// - Returns: nil on timeout or when the stream has ended.
    func nextBlock() -> ServerSentEvent? {
        while true {
            if let end = text.range(of: "\n\n") {
                let block = String(text[..<end.lowerBound])
                text.removeSubrange(..<end.upperBound)
                return ServerSentEvent(block: block)
            }
            guard !ended, let chunk = raw.readChunks(1)?.first else { return nil }
            if chunk.isEmpty {
                ended = true
                return nil
            }
            text += chunk
        }
    }

    /// The next block a client would dispatch (comments and `retry` lines skipped).
    /// - Parameter timeoutSeconds: how long to wait for each read.
    func nextEvent(timeoutSeconds: Double = 5) -> ServerSentEvent? {
        setTimeout(timeoutSeconds)
        defer { setTimeout(5) }
        while let block = nextBlock() {
            if block.isEvent { return block }
        }
        return nil
    }

    /// The next `count` events, or nil if they do not all come.
    func nextEvents(_ count: Int) -> [ServerSentEvent]? {
        var events: [ServerSentEvent] = []
        while events.count < count {
            guard let event = nextEvent() else { return nil }
            events.append(event)
        }
        return events
    }

    /// Reads until the stream ends.
    /// - Returns: false when it is still open after the timeout.
    func waitForEnd() -> Bool {
        while !ended, nextBlock() != nil {}
        return ended || raw.isClosedByServer()
    }
}

/// A ``Library`` over a store in a temporary directory, served by an in-process server on a loopback port.
struct EventsFixture: Sendable {
    let library: Library
    let server: HTTPServer
    let port: Int

    static let defaultDatasets = [StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 4)]

    /// Runs `body` with a fresh store and server, stopped afterwards.
    /// - Parameter eventRetention: how many events the store keeps per dataset.
    static func run(
        datasets: [Dataset] = defaultDatasets, eventRetention: Int = 1_000,
        _ body: (EventsFixture) throws -> Void
    ) throws {
        try StoreFixtures.withDirectory { directory in
            let store = try SQLiteStore(directory: directory, eventRetention: eventRetention)
            defer { store.close() }
            try store.insert(datasets, replacing: false)
            let library = Library(store: store, datasets: try store.loadAll())
            let routes = AppRoutes(
                library: library, policy: MutationPolicy(token: nil), files: StaticFiles(root: directory))
            var configuration = HTTPServerConfiguration()
            configuration.port = 0
            configuration.eventLoopCount = 2
            configuration.accessLog = false
            configuration.problemPaths = AppRoutes.problemPaths
            let server = HTTPServer(configuration: configuration, handler: routes.router.handler)
            let port = try server.start()
            defer {
                library.events.stopHeartbeat()
                library.events.closeAll()
                server.stop()
                server.wait()
            }
            try body(EventsFixture(library: library, server: server, port: port))
        }
    }

    /// Opens `/api/datasets/{dataset}/events` with extra header lines and a query string.
    func subscribe(_ dataset: String = "list", headers: [String] = [], query: String = "") throws -> EventClient {
        try EventClient(port: port, path: "/api/datasets/\(dataset)/events\(query)", headers: headers)
    }

    /// Posts a batch and reads the reply.
    func batch(_ json: String, dataset: String = "list") throws -> WireResponse {
        let client = try RawClient(port: port)
        let body = Array(json.utf8)
        try client.send(
            "POST /api/datasets/\(dataset)/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.count)\r\n\r\n")
        try client.send(body)
        return try #require(client.readResponse())
    }

    /// The row ids of each section of a dataset as the library holds it.
    func rowIDs(_ dataset: String = "list") throws -> [[Int64]] {
        try #require(library.entry(dataset)).dataset.sections.map { $0.rows.map(\.id.rawValue) }
    }

    /// Waits (at most 5 s) until the hub has `count` subscribers (of `dataset`, or of all datasets).
    func waitForSubscribers(_ count: Int, dataset: String? = nil) -> Bool {
        for _ in 0..<500 {
            let current =
                dataset.map { library.events.subscriberCount(datasetID: $0) } ?? library.events.subscriberCount
            if current == count { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

@Suite("Event stream test client")
struct EventsStreamClientTests {
    @Test("blocks are parsed into id, event, multi-line data, retry and comments")
    func parsesBlocks() {
        let event = ServerSentEvent(block: "id: 7\nevent: change\ndata: {\"a\":1}\ndata:second")
        #expect(event == ServerSentEvent(id: "7", event: "change", data: "{\"a\":1}\nsecond"))
        #expect(event.isEvent)
        let retry = ServerSentEvent(block: "retry: 2000")
        #expect(retry.retry == 2000)
        #expect(!retry.isEvent)
        let ping = ServerSentEvent(block: ": ping")
        #expect(ping.comments == ["ping"])
        #expect(!ping.isEvent)
    }
}
