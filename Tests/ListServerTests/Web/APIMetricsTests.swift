// ListServerTests — GET /metrics for Prometheus
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("GET /metrics")
struct APIMetricsTests {
    /// Scrapes `/metrics` on a new connection and parses the whole text strictly.
    private func scrape(_ port: Int) throws -> (WireResponse, [PrometheusParser.Family]) {
        let client = try RawClient(port: port, sending: "GET /metrics HTTP/1.1\r\nHost: localhost\r\n\r\n")
        let response = try #require(client.readResponse())
        return (response, try PrometheusParser.parse(response.text))
    }

    /// Scrapes until `done` holds of the families (a loop adds its counts up once an iteration), for 2 s.
    private func scrape(
        _ port: Int, until done: ([PrometheusParser.Family]) -> Bool
    ) throws -> [PrometheusParser.Family] {
        let deadline = Date().addingTimeInterval(2)
        var families = try scrape(port).1
        while !done(families) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.01)
            families = try scrape(port).1
        }
        return families
    }

    @Test("the whole text parses strictly, and the counts move with requests, by route pattern and status")
    func countsMove() throws {
        let api = try APIFixture()
        let routes = api.routes
        try withTestServer(
            configure: {
                $0.problemPaths = AppRoutes.problemPaths
                $0.metrics = routes.metrics
            }, handler: routes.handler
        ) { port, _ in
            let (first, before) = try scrape(port)
            #expect(first.status == 200)
            #expect(first.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
            for name in [
                "http_requests_total", "http_request_duration_seconds", "http_open_connections", "http_open_streams",
                "http_received_bytes_total", "http_sent_bytes_total", "listserver_datasets", "listserver_rows",
                "listserver_store_round_trips_total", "listserver_store_errors_total",
            ] {
                #expect(before[family: name] != nil, "\(name)")
            }
            #expect(before[family: "listserver_follower_lag_versions"] == nil, "no follower on SQLite")
            #expect(before.value("listserver_datasets") == 4)
            let rows = api.library.entries.reduce(0) { $0 + $1.dataset.rowCount }
            #expect(before.value("listserver_rows") == Double(rows))

            let client = try RawClient(port: port)
            for target in [
                "/api/datasets/letters/window?top=0&height=400", "/d/letters/fragment?top=0&height=400",
                "/api/datasets/letters/window?top=0&height=400", "/api/datasets/nowhere", "/healthz",
                "/nowhere.txt",
            ] {
                try client.send("GET \(target) HTTP/1.1\r\nHost: localhost\r\n\r\n")
                #expect(client.readResponse() != nil, "\(target)")
            }
            let window = ["route": AppRoutes.windowRoute, "method": "GET"]
            let after = try scrape(port) { $0.value("http_requests_total", ["route": "fallback"]) >= 1 }
            let moved = { (name: String, labels: [String: String]) in
                after.value(name, labels) - before.value(name, labels)
            }
            #expect(moved("http_requests_total", window.merging(["status": "200"]) { $1 }) == 2)
            #expect(moved("http_request_duration_seconds_count", window) == 2)
            #expect(moved("http_request_duration_seconds_bucket", window.merging(["le": "+Inf"]) { $1 }) == 2)
            #expect(moved("http_request_duration_seconds_sum", window) > 0)
            #expect(moved("http_requests_total", ["route": AppRoutes.fragmentRoute, "status": "200"]) == 1)
            #expect(moved("http_requests_total", ["route": "/api/datasets/:id", "status": "404"]) == 1)
            #expect(moved("http_requests_total", ["route": AppRoutes.healthPath, "status": "200"]) == 1)
            #expect(moved("http_requests_total", ["route": "fallback", "status": "404"]) == 1)
            #expect(moved("http_requests_total", ["route": AppRoutes.metricsPath]) >= 1)
            #expect(moved("http_received_bytes_total", [:]) > 6 * 40)
            #expect(moved("http_sent_bytes_total", [:]) > 1_000)
            #expect(moved("listserver_store_round_trips_total", [:]) >= 1, "the health check asks the store")
            #expect(after.value("http_open_connections") >= 1)
            // A raw path never becomes a label: only patterns and the two fixed names.
            let labelled = Set(after[family: "http_requests_total"]!.samples.map { $0.labels["route"]! })
            #expect(labelled.allSatisfy { $0.hasPrefix("/") || $0 == "fallback" || $0 == "other" })
            #expect(!labelled.contains("/api/datasets/nowhere"))
        }
    }

    @Test("an open event stream shows in the streams gauge, and a bad request counts as other")
    func streamsAndOther() throws {
        let api = try APIFixture()
        let routes = api.routes
        try withTestServer(
            configure: {
                $0.problemPaths = AppRoutes.problemPaths
                $0.metrics = routes.metrics
            }, handler: routes.handler
        ) { port, _ in
            let stream = try RawClient(
                port: port, sending: "GET /api/datasets/letters/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(stream.readResponse(hasBody: false)?.status == 200)
            #expect(stream.readChunks(1) != nil)
            let bad = try RawClient(port: port, sending: "GET /\u{1}x HTTP/1.1\r\nHost: localhost\r\n\r\n")
            #expect(bad.readResponse()?.status == 400)
            let families = try scrape(port) { $0.value("http_requests_total", ["route": "other"]) >= 1 }
            #expect(families.value("http_open_streams") == 1)
            #expect(families.value("listserver_event_subscribers") == 1)
            #expect(families.value("http_requests_total", ["route": "other", "status": "400"]) == 1)
        }
    }
}
