// HTTPServerTests — the worker pool over loopback sockets

import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Worker pool over loopback sockets")
struct HTTPWorkerPoolTests {
    /// A handler whose `/work/KEY` runs on `pool`, coalesced by KEY, each job held until `gate` opens.
    final class Fixture: Sendable {
        let pool = HTTPWorkerPool(threads: 2, maxJobs: 8, maxJobsPerClient: 2)
        let gate = DispatchSemaphore(value: 0)
        let arrived = Atomic<Int>(0)
        let runs = Atomic<Int>(0)

        var handler: HTTPHandler {
            { [self] request in
                let key = String(request.path.dropFirst("/work/".count))
                arrived.add(1, ordering: .relaxed)
                return pool.respond(
                    to: request, coalescing: key,
                    work: { [self] in
                        gate.wait()
                        return runs.add(1, ordering: .relaxed).newValue
                    },
                    answer: { run in .text("\(key) \(run)") })
            }
        }

        /// Waits until `count` requests have reached the handler (at most 10 s).
        func awaitArrivals(_ count: Int) {
            let deadline = Date().addingTimeInterval(10)
            while arrived.load(ordering: .relaxed) < count && Date() < deadline { sched_yield() }
        }
    }

    @Test("identical work asked at once runs once and answers every request")
    func identicalWorkCoalesces() throws {
        let fixture = Fixture()
        try withTestServer(configure: { $0.workers = fixture.pool }, handler: fixture.handler) { port, _ in
            let clients = try (0..<3).map { _ in
                try RawClient(port: port, sending: "GET /work/same HTTP/1.1\r\nHost: t\r\n\r\n")
            }
            fixture.awaitArrivals(3)
            fixture.gate.signal()
            for client in clients {
                let response = try #require(client.readResponse())
                #expect(response.status == 200 && response.text == "same 1")
            }
            #expect(fixture.runs.load(ordering: .relaxed) == 1)
        }
    }

    @Test("a client past its share of the workers gets 429 with Retry-After, counted in /metrics")
    func clientShare() throws {
        let fixture = Fixture()
        let metrics = ServerMetrics()
        let configure: (inout HTTPServerConfiguration) -> Void = { configuration in
            configuration.workers = fixture.pool
            configuration.metrics = metrics
        }
        try withTestServer(configure: configure, handler: fixture.handler) { port, _ in
            let held = try (0..<2).map { index in
                try RawClient(port: port, sending: "GET /work/k\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
            }
            fixture.awaitArrivals(2)
            let extra = try RawClient(port: port, sending: "GET /work/k2 HTTP/1.1\r\nHost: t\r\n\r\n")
            let refused = try #require(extra.readResponse())
            #expect(refused.status == 429 && refused.headers["Retry-After"] == "1")
            fixture.gate.signal()
            fixture.gate.signal()
            for client in held { #expect(client.readResponse()?.status == 200) }
            var text = PrometheusText()
            metrics.write(to: &text)
            #expect(String(decoding: text.bytes, as: UTF8.self).contains(#"http_refusals_total{reason="workers"} 1"#))
        }
    }

    @Test("off the server the work runs at once on the caller's thread")
    func inProcess() throws {
        let pool = HTTPWorkerPool()
        let response = pool.respond(
            to: try HTTPRequest(target: "/x"), work: { 41 + 1 }, answer: { .text("\($0)") })
        #expect(response.status == 200 && response.bodyBytes == Array("42".utf8))
    }
}
