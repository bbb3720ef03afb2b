// HTTPServerTests — what the server counts

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Server metrics")
struct HTTPServerMetricsTests {
    /// The metrics as text, parsed strictly, once `done` holds of them (loops add up once an iteration), or
    /// after 2 s.
    private func families(
        _ metrics: ServerMetrics, until done: ([PrometheusParser.Family]) -> Bool = { _ in true }
    ) throws -> [PrometheusParser.Family] {
        let deadline = Date().addingTimeInterval(2)
        while true {
            var text = PrometheusText()
            metrics.write(to: &text)
            let families = try PrometheusParser.parse(String(decoding: text.bytes, as: UTF8.self))
            if done(families) || Date() >= deadline { return families }
            Thread.sleep(forTimeInterval: 0.01)
        }
    }

    @Test("requests count under their route pattern and status; what no route answers counts as other")
    func countsByRoute() throws {
        var router = HTTPRouter()
        router.get("/items/:id") { _, parameters in
            guard parameters["id"] != "missing" else { throw HTTPError.notFound() }
            return .text("item")
        }
        let metrics = ServerMetrics()
        try withTestServer(configure: { $0.metrics = metrics }, handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            for (method, target) in [("GET", "/items/1"), ("GET", "/items/2"), ("GET", "/items/missing"),
                ("POST", "/items/1"), ("GET", "/elsewhere"), ("BREW", "/items/1")]
            {
                let body = method == "POST" ? "Content-Length: 0\r\n" : ""
                try client.send("\(method) \(target) HTTP/1.1\r\nHost: t\r\n\(body)\r\n")
                #expect(client.readResponse() != nil, "\(method) \(target)")
            }
            let counted = try families(metrics) { $0.value("http_requests_total") >= 6 }
            let item = ["route": "/items/:id", "method": "GET"]
            #expect(counted.value("http_requests_total", item.merging(["status": "200"]) { $1 }) == 2)
            #expect(counted.value("http_requests_total", item.merging(["status": "404"]) { $1 }) == 1)
            #expect(counted.value("http_request_duration_seconds_count", item) == 3)
            #expect(counted.value("http_requests_total", ["route": "other", "method": "POST", "status": "405"]) == 1)
            #expect(counted.value("http_requests_total", ["route": "other", "method": "GET", "status": "404"]) == 1)
            #expect(counted.value("http_requests_total", ["route": "other", "method": "OTHER", "status": "501"]) == 1)
            #expect(counted.value("http_requests_total") == 6)
            #expect(counted.value("http_received_bytes_total") > 6 * 20)
            #expect(counted.value("http_sent_bytes_total") > 6 * 40)
            #expect(counted.value("http_open_connections") == 1)
            #expect(counted.value("http_draining") == 0)
            let buckets = counted[family: "http_request_duration_seconds"]!.samples
                .filter { $0.name.hasSuffix("_bucket") && $0.labels["route"] == "/items/:id" }
            #expect(buckets.count == ServerMetrics.defaultBuckets.count + 1)
        }
    }
}
