// HTTPServerTests — what the server counts, and how a drain ends streams

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Server metrics and the drain of streams")
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

    @Test("a graceful stop ends a stream with its farewell and the last chunk")
    func farewell() throws {
        var router = HTTPRouter()
        router.get("/events") { _, _ in
            let stream = HTTPStream(farewell: Array("retry: 1000\n\n".utf8))
            stream.write("data: hello\n\n")
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        let metrics = ServerMetrics()
        try withTestServer(configure: { $0.metrics = metrics }, handler: router.handler) { port, server in
            let client = try RawClient(port: port, sending: "GET /events HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(client.readResponse(hasBody: false)?.status == 200)
            #expect(client.readChunks(1) == ["data: hello\n\n"])
            #expect(try families(metrics).value("http_open_streams") == 1)
            server.stop()
            #expect(client.readChunks(1) == ["retry: 1000\n\n"])
            #expect(client.readChunks(0) == [])
            let rest = String(decoding: client.readToEnd(), as: UTF8.self)
            #expect(rest == "0\r\n\r\n")
        }
    }
}
