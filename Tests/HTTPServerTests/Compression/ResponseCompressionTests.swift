// HTTPServerTests — which responses are compressed, their tags, and compressing once

import TestSupport
import Testing

@testable import HTTPServer

@Suite("Which responses are compressed, and how they are tagged")
struct ResponseCompressionTests {
    @Test("text, JSON, XML, JavaScript and SVG are compressible; images, fonts and binaries are not")
    func types() {
        for type in [
            "text/html; charset=utf-8", "TEXT/CSS", "text/javascript; charset=utf-8", "text/plain", "text/event-stream",
            "application/json", "application/problem+json", "application/manifest+json", "Application/JSON ; x=y",
            "application/javascript", "application/xml", "application/atom+xml", "image/svg+xml",
        ] {
            #expect(ResponseCompression.isCompressible(mediaType: type), "\(type)")
        }
        for type in [
            "image/png", "image/jpeg", "font/woff2", "application/octet-stream", "application/x-bplist",
            "application/wasm", "", "json", "image/svg", "application/jsonx", "x-text/html",
        ] {
            #expect(!ResponseCompression.isCompressible(mediaType: type), "\(type)")
        }
    }

    @Test("a gzip variant's tag differs from the identity tag inside the quotes; weak stays weak")
    func variants() {
        #expect(ResponseCompression.gzipVariant(of: "\"abc\"") == "\"abc-gzip\"")
        #expect(ResponseCompression.gzipVariant(of: "W/\"abc\"") == "W/\"abc-gzip\"")
        #expect(ResponseCompression.gzipVariant(of: "\"\"") == "\"-gzip\"")
        for invalid in ["abc", "\"abc", "W/abc", "", "\"", "W/\""] {
            #expect(ResponseCompression.gzipVariant(of: invalid) == nil, "\(invalid)")
        }
    }

    @Test("If-None-Match's gzip tags are given to the handler as identity tags")
    func conditions() {
        #expect(ResponseCompression.identityCondition("\"abc-gzip\"") == "\"abc\"")
        #expect(ResponseCompression.identityCondition("W/\"abc-gzip\"") == "W/\"abc\"")
        #expect(ResponseCompression.identityCondition("\"x\", \"abc-gzip\"") == "\"x\", \"abc\"")
        #expect(ResponseCompression.identityCondition(" \"a-gzip\" ,\t\"b-gzip\"") == "\"a\", \"b\"")
        #expect(ResponseCompression.identityCondition("\"abc\"") == nil)
        #expect(ResponseCompression.identityCondition("*") == nil)
        #expect(ResponseCompression.identityCondition("\"gzip\"") == nil)
    }

    private static let page = Array(String(repeating: "<p>a row of a page</p>\n", count: 200).utf8)

    /// Encodes `response` for a request that accepts gzip, counting the deflates.
    private func encode(
        _ compressor: ResponseCompressor, _ response: inout HTTPResponse, path: String = "/app.js",
        deflates: inout Int
    ) -> ResponseEncoding.Coding {
        var request = try! HTTPRequest(method: "GET", target: path, headers: ["Accept-Encoding": "gzip"])
        let negotiation = ContentNegotiation(reading: &request)
        let deflater = try! GzipDeflater(level: 6)
        var written = ResponseWriter.Output()
        return compressor.encode(&response, for: negotiation, written: &written) { _ in
            deflates += 1
            return deflater
        }
    }

    @Test("a body with a strong tag is compressed once for its path and tag; another path or tag is another body")
    func once() throws {
        let compressor = ResponseCompressor(ResponseCompression())
        var deflates = 0
        func response(_ etag: String) -> HTTPResponse {
            var response = HTTPResponse(
                headers: ["Content-Type": "text/javascript", "ETag": etag], body: Self.page)
            response.compression = .stable
            return response
        }
        var bodies: [[UInt8]] = []
        for _ in 0..<3 {
            var first = response("\"v1\"")
            #expect(encode(compressor, &first, deflates: &deflates) == .gzip)
            #expect(first.headers["ETag"] == "\"v1-gzip\"")
            bodies.append(first.bodyBytes)
        }
        #expect(deflates == 1)
        #expect(Set(bodies).count == 1)
        #expect(try Gunzip.inflate(bodies[0]) == Self.page)
        var changed = response("\"v2\"")
        _ = encode(compressor, &changed, deflates: &deflates)
        var elsewhere = response("\"v1\"")
        _ = encode(compressor, &elsewhere, path: "/other.js", deflates: &deflates)
        #expect(deflates == 3)
        for _ in 0..<2 {
            var weak = response("W/\"v1\"")
            _ = encode(compressor, &weak, deflates: &deflates)
            #expect(weak.headers["ETag"] == "W/\"v1-gzip\"")
        }
        #expect(deflates == 5, "a weak tag does not name the bytes: compressed each time")
    }

    /// A response with `lines` as its field lines (as a writer's fields are once the coding makes them its own).
    private func responseWith(fieldLines lines: String, body: [UInt8]) -> HTTPResponse {
        var response = HTTPResponse(body: body)
        response.fieldLines = Array(lines.utf8)
        return response
    }

    @Test("field lines are read and their tag rewritten as headers are")
    func fieldLines() throws {
        let compressor = ResponseCompressor(ResponseCompression())
        var deflates = 0
        var response = responseWith(
            fieldLines: "Content-Type: text/html\r\nETag: \"f.1\"\r\nCache-Control: no-cache\r\n", body: Self.page)
        #expect(encode(compressor, &response, deflates: &deflates) == .gzip)
        #expect(
            String(decoding: response.fieldLines, as: UTF8.self)
                == "Content-Type: text/html\r\nETag: \"f.1-gzip\"\r\nCache-Control: no-cache\r\n")
        var encoded = responseWith(
            fieldLines: "Cache-Control: no-cache\r\nContent-Type: text/html\r\nContent-Encoding: br\r\n",
            body: Self.page)
        #expect(encode(compressor, &encoded, deflates: &deflates) == .fixed, "a coding of the handler's own")
        var typeLater = responseWith(
            fieldLines: "Cache-Control: no-cache\r\ncontent-type: text/html\r\n", body: Self.page)
        #expect(encode(compressor, &typeLater, deflates: &deflates) == .gzip, "the type is found on any line")
        var image = responseWith(fieldLines: "Content-Type: image/png\r\n", body: Self.page)
        #expect(encode(compressor, &image, deflates: &deflates) == .fixed)
        // A line with no colon, spaces around a value, and a last line with no CRLF.
        var loose = responseWith(
            fieldLines: "X-Odd\r\nETag:\t\"e\" \r\ncontent-TYPE:  Text/CSS ; x=y", body: Self.page)
        #expect(encode(compressor, &loose, deflates: &deflates) == .gzip)
        #expect(
            String(decoding: loose.fieldLines, as: UTF8.self)
                == "X-Odd\r\nETag:\t\"e-gzip\" \r\ncontent-TYPE:  Text/CSS ; x=y")
    }

    @Test("statuses without a full body, never, and bodies too short or too long are not compressed")
    func notCompressed() {
        var settings = ResponseCompression()
        settings.maximumBytes = 4000
        let compressor = ResponseCompressor(settings)
        var deflates = 0
        for status in [204, 205, 206, 101] {
            var response = HTTPResponse(status: status, headers: ["Content-Type": "text/html"], body: Self.page)
            #expect(encode(compressor, &response, deflates: &deflates) == .fixed, "\(status)")
        }
        var never = HTTPResponse(headers: ["Content-Type": "text/html"], body: Self.page)
        never.compression = .never
        #expect(encode(compressor, &never, deflates: &deflates) == .fixed)
        for count in [0, 1023, 4001] {
            var response = HTTPResponse(
                headers: ["Content-Type": "text/html"], body: [UInt8](repeating: 65, count: count))
            #expect(encode(compressor, &response, deflates: &deflates) == .varying, "\(count) bytes")
            #expect(response.bodyBytes.count == count)
        }
        var error = HTTPResponse(
            status: 404, headers: ["Content-Type": "application/problem+json"],
            body: [UInt8](repeating: 32, count: 2000))
        #expect(encode(compressor, &error, deflates: &deflates) == .gzip, "an error's body is a body")
    }
}
