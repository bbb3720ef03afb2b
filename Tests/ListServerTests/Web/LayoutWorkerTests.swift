// ListServerTests — a window whose layout is new is laid out on a worker, over sockets
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Layouts at a new width leave the event loops")
struct LayoutWorkerTests {
    /// `count` heroes whose descriptions run from a few words to a paragraph, so heights depend on the width.
    static func heroes(_ count: Int) -> String {
        let words = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india", "juliet"]
        let rows = (0..<count).map { index in
            let desc = (0..<(3 + index % 40)).map { words[($0 + index) % 10] }.joined(separator: " ")
            return #"{"name":"Hero \#(index)","title":"The \#(words[index % 10])","desc":"\#(desc)"}"#
        }
        return "[" + rows.joined(separator: ",") + "]"
    }

    static func withServer(_ body: (_ port: Int) throws -> Void) throws {
        try StoreFixtures.withDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            let decoder = DatasetDecoder(file: "wide", id: "wide", kind: .heroes)
            try store.insert([try DatasetImporter.importDataset(Array(heroes(30_000).utf8), using: decoder)], replacing: false)
            let library = Library(store: store, datasets: try store.loadAll())
            let routes = AppRoutes(
                library: library, policy: MutationPolicy(token: nil), files: StaticFiles(root: directory))
            try withAppServer(routes, metrics: true) { port, _ in try body(port) }
        }
    }

    /// `http_worker_jobs_total` as `/metrics` says it.
    static func jobsRun(_ port: Int) throws -> Int? {
        try WorkerLatencyTests.get(port, "/metrics").text.split(separator: "\n")
            .first { $0.hasPrefix("http_worker_jobs_total ") }
            .flatMap { Int($0.split(separator: " ")[1]) }
    }

    @Test("each width bucket of a big list is laid out once, on a worker; the loop then answers with the same bytes")
    func newWidthIsLaidOutOnAWorker() throws {
        try Self.withServer { port in
            let window = "/api/datasets/wide/window?top=4000&height=800&width="
            #expect(try Self.jobsRun(port) == 0)
            let narrow = try WorkerLatencyTests.get(port, window + "400")
            #expect(narrow.status == 200 && narrow.text.contains("\"rows\""))
            #expect(try Self.jobsRun(port) == 1)
            // The same bucket (400 to 439) is at hand: the loop answers it, with the bytes the worker wrote.
            #expect(try WorkerLatencyTests.get(port, window + "420").body == narrow.body)
            #expect(try Self.jobsRun(port) == 1)
            let wide = try WorkerLatencyTests.get(port, window + "1200")
            #expect(wide.status == 200 && wide.body != narrow.body)
            #expect(try Self.jobsRun(port) == 2)
            // Without a width the loaded layout serves.
            #expect(try WorkerLatencyTests.get(port, "/api/datasets/wide/window?top=4000&height=800").status == 200)
            #expect(try Self.jobsRun(port) == 2)
        }
    }
}
