// HTTPServerTests — gzip over loopback sockets: bodies, tags, 304, HEAD, lent bodies, streams

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// A directory with a script, a style sheet and an image large enough to compress, and a small script.
final class CompressedFilesFixture {
    let root = NSTemporaryDirectory() + "listserver-gzip-" + UUID().uuidString
    static let script = Array(
        String(repeating: "export function row(index) { return `<div class=\"row\">${index}</div>`; }\n", count: 60)
            .utf8)

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try Data(Self.script).write(to: URL(fileURLWithPath: root + "/app.js"))
        try Data(Self.script).write(to: URL(fileURLWithPath: root + "/picture.png"))
        try Data("export const x = 1;\n".utf8).write(to: URL(fileURLWithPath: root + "/small.js"))
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

@Suite("Gzip over loopback sockets")
struct HTTPServerCompressionTests {
    static let page = Array(String(repeating: "<li>a row of the page, escaped &amp; written</li>\n", count: 100).utf8)
    static let pageTag = "\"page.7\""

    /// The test routes, and the files of `fixture` for any other path.
    private func router(_ fixture: CompressedFilesFixture) -> HTTPRouter {
        let files = StaticFiles(root: fixture.root)
        var router = HTTPRouter { request in try files.response(for: request) }
        router.get("/page") { request, _ in
            if let condition = request.headers["If-None-Match"], StaticFiles.matches(condition, etag: Self.pageTag) {
                return HTTPResponse(status: 304, headers: ["ETag": Self.pageTag])
            }
            return HTTPResponse(
                headers: ["Content-Type": "text/html; charset=utf-8", "ETag": Self.pageTag], body: Self.page)
        }
        router.get("/json") { _, _ in .json(Array(("[" + String(repeating: "{\"id\":1},", count: 200) + "1]").utf8)) }
        router.get("/small") { _, _ in
            HTTPResponse(headers: ["Content-Type": "text/html"], body: Array("<p>hi</p>".utf8))
        }
        router.get("/encoded") { _, _ in
            HTTPResponse(headers: ["Content-Type": "text/html", "Content-Encoding": "br"], body: Self.page)
        }
        router.get("/partial") { _, _ in
            HTTPResponse(
                status: 206, headers: ["Content-Type": "text/html", "Content-Range": "bytes 0-99/9999"], body: Self.page
            )
        }
        router.get("/problem") { _, _ in
            throw HTTPError(422, detail: String(repeating: "the batch names a row that is not there; ", count: 40))
        }
        return router
    }

    private func serve(_ body: (_ port: Int) throws -> Void) throws {
        let fixture = try CompressedFilesFixture()
        try withTestServer(configure: { $0.problemPaths = .under("/problem") }, handler: router(fixture).handler) {
            port, _ in
            try body(port)
        }
    }

    private func get(
        _ client: RawClient, _ target: String, method: String = "GET", _ fields: [String: String] = [:]
    ) throws -> WireResponse {
        let lines = fields.map { "\($0.key): \($0.value)\r\n" }.joined()
        try client.send("\(method) \(target) HTTP/1.1\r\nHost: t\r\n\(lines)\r\n")
        return try #require(client.readResponse(hasBody: method != "HEAD"))
    }

    private static let gzip = ["Accept-Encoding": "gzip, deflate, br"]

    @Test(
        "a compressed body inflates to exactly the identity bytes, with its own length and tag",
        arguments: ["/page", "/json", "/app.js", "/problem"])
    func inflatesToIdentity(_ target: String) throws {
        try serve { port in
            let client = try RawClient(port: port)
            let identity = try get(client, target)
            let compressed = try get(client, target, Self.gzip)
            #expect(identity.status == compressed.status)
            #expect(identity.headers["Content-Encoding"] == nil)
            #expect(compressed.headers["Content-Encoding"] == "gzip")
            #expect(identity.headers["Vary"] == "Accept-Encoding")
            #expect(compressed.headers["Vary"] == "Accept-Encoding")
            #expect(compressed.headers["Content-Length"] == String(compressed.body.count))
            #expect(compressed.body.count < identity.body.count)
            #expect(try Gunzip.inflate(compressed.body) == identity.body)
            #expect(compressed.headers["Content-Type"] == identity.headers["Content-Type"])
            if let tag = identity.headers["ETag"] {
                #expect(compressed.headers["ETag"] == ResponseCompression.gzipVariant(of: tag))
                #expect(compressed.headers["ETag"] != tag)
            }
        }
    }

    @Test("no Accept-Encoding, q=0 and other codings get the identity body, with Vary")
    func identity() throws {
        try serve { port in
            let client = try RawClient(port: port)
            for fields in [
                [:], ["Accept-Encoding": "gzip;q=0"], ["Accept-Encoding": "br, deflate"],
                ["Accept-Encoding": "*;q=0"], ["Accept-Encoding": ""], ["Accept-Encoding": "identity"],
            ] {
                let response = try get(client, "/page", fields)
                #expect(response.headers["Content-Encoding"] == nil, "\(fields)")
                #expect(response.body == Self.page, "\(fields)")
                #expect(response.headers["ETag"] == Self.pageTag, "\(fields)")
                #expect(response.headers["Vary"] == "Accept-Encoding", "\(fields)")
            }
            #expect(try get(client, "/page", ["Accept-Encoding": "*"]).headers["Content-Encoding"] == "gzip")
            #expect(try get(client, "/page", ["accept-encoding": "GZIP;Q=0.5"]).headers["Content-Encoding"] == "gzip")
        }
    }

    @Test("HEAD answers the head a GET does, compressed or not", arguments: ["/page", "/app.js", "/small.js"])
    func head(_ target: String) throws {
        try serve { port in
            let client = try RawClient(port: port)
            for fields in [[:], Self.gzip] {
                let get = try get(client, target, fields)
                let head = try self.get(client, target, method: "HEAD", fields)
                #expect(head.body.isEmpty)
                let names = ["Content-Type", "Content-Length", "Content-Encoding", "Vary", "ETag"]
                #expect(names.map { head.headers[$0] } == names.map { get.headers[$0] }, "\(target) \(fields)")
            }
            // Nothing was left unread behind a HEAD.
            #expect(try get(client, "/small").status == 200)
        }
    }

    @Test("If-None-Match gets 304 for either variant, each with its own tag", arguments: ["/page", "/app.js"])
    func notModified(_ target: String) throws {
        try serve { port in
            let client = try RawClient(port: port)
            let identityTag = try #require(try get(client, target).headers["ETag"])
            let gzipTag = try #require(try get(client, target, Self.gzip).headers["ETag"])
            #expect(gzipTag == ResponseCompression.gzipVariant(of: identityTag))
            let gzip304 = try get(client, target, Self.gzip.merging(["If-None-Match": gzipTag]) { $1 })
            #expect(gzip304.status == 304)
            #expect(gzip304.headers["ETag"] == gzipTag)
            #expect(gzip304.headers["Vary"] == "Accept-Encoding")
            #expect(gzip304.headers["Content-Encoding"] == nil)
            #expect(gzip304.body.isEmpty)
            let weak304 = try get(client, target, Self.gzip.merging(["If-None-Match": "\"x\", W/\(gzipTag)"]) { $1 })
            #expect(weak304.status == 304)
            let identity304 = try get(client, target, ["If-None-Match": identityTag])
            #expect(identity304.status == 304)
            #expect(identity304.headers["ETag"] == identityTag)
            // A client that no longer takes gzip is sent the identity body for its gzip tag.
            let changed = try get(client, target, ["If-None-Match": gzipTag])
            #expect(changed.status == 200)
            #expect(changed.headers["ETag"] == identityTag)
            #expect(changed.headers["Content-Encoding"] == nil)
            let stale = try get(client, target, Self.gzip.merging(["If-None-Match": "\"old-gzip\""]) { $1 })
            #expect(stale.status == 200)
            #expect(stale.headers["Content-Encoding"] == "gzip")
        }
    }

    @Test("small bodies, images, 206, 204 and a coding of the handler's own are sent as written")
    func asWritten() throws {
        try serve { port in
            let client = try RawClient(port: port)
            let small = try get(client, "/small", Self.gzip)
            #expect(small.headers["Content-Encoding"] == nil)
            #expect(small.text == "<p>hi</p>")
            #expect(small.headers["Vary"] == "Accept-Encoding", "its type could be compressed")
            let smallFile = try get(client, "/small.js", Self.gzip)
            #expect(smallFile.headers["Content-Encoding"] == nil)
            #expect(smallFile.text == "export const x = 1;\n")
            let image = try get(client, "/picture.png", Self.gzip)
            #expect(image.headers["Content-Encoding"] == nil)
            #expect(image.headers["Vary"] == nil)
            #expect(image.body == CompressedFilesFixture.script)
            let encoded = try get(client, "/encoded", Self.gzip)
            #expect(encoded.headers["Content-Encoding"] == "br")
            #expect(encoded.body == Self.page)
            let partial = try get(client, "/partial", Self.gzip)
            #expect(partial.status == 206)
            #expect(partial.headers["Content-Encoding"] == nil)
            #expect(partial.body == Self.page)
        }
    }

    @Test(
        "a body written into the loop's writer is compressed; a revalidated gzip tag gets 304 with that tag",
        arguments: [false, true])
    func writtenBody(notModifiedWritten: Bool) throws {
        let fixture = try CompressedFilesFixture()
        var router = router(fixture)
        router.get("/lent") { request, _ in
            // The fields read in place for identity, and made the response's own where gzip rewrites the tag.
            if let condition = request.headers["If-None-Match"], StaticFiles.matches(condition, etag: Self.pageTag) {
                guard notModifiedWritten else { return HTTPResponse(status: 304, headers: ["ETag": Self.pageTag]) }
                return HTTPResponse(status: 304) { writer in writer.field("ETag", Self.pageTag) }
            }
            return HTTPResponse { writer in
                writer.field("Content-Type", "text/html; charset=utf-8")
                writer.field("ETag", Self.pageTag)
                writer.write(Self.page)
            }
        }
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            let identity = try get(client, "/lent")
            #expect(identity.body == Self.page)
            #expect(identity.headers["Vary"] == "Accept-Encoding")
            #expect(identity.headers["ETag"] == Self.pageTag)
            #expect(identity.headers["Content-Type"] == "text/html; charset=utf-8")
            let compressed = try get(client, "/lent", Self.gzip)
            #expect(compressed.headers["Content-Encoding"] == "gzip")
            #expect(try Gunzip.inflate(compressed.body) == Self.page)
            let gzipTag = try #require(compressed.headers["ETag"])
            #expect(gzipTag == "\"page.7-gzip\"")
            let unchanged = try get(client, "/lent", Self.gzip.merging(["If-None-Match": gzipTag]) { $1 })
            #expect(unchanged.status == 304)
            #expect(unchanged.headers["ETag"] == gzipTag)
        }
    }

    @Test("an event stream is compressed as it is written: each write inflates when its chunk arrives")
    func stream() throws {
        let registry = StreamRegistry()
        let fixture = try CompressedFilesFixture()
        var router = router(fixture)
        router.get("/events") { _, _ in
            let stream = HTTPStream()
            stream.write("retry: 2000\n\n")
            registry.add(stream)
            return HTTPResponse(headers: ["Content-Type": "text/event-stream"], stream: stream)
        }
        try withTestServer(handler: router.handler) { port, _ in
            let client = try RawClient(port: port)
            try client.send(
                "GET /events HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\nGET /small HTTP/1.1\r\nHost: t\r\n\r\n"
            )
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.headers["Content-Encoding"] == "gzip")
            #expect(head.headers["Vary"] == "Accept-Encoding")
            #expect(head.headers["Transfer-Encoding"] == "chunked")
            let gunzip = try Gunzip()
            var received = try gunzip.inflate(try #require(client.readChunkBytes(1)?.first))
            #expect(String(decoding: received, as: UTF8.self) == "retry: 2000\n\n")
            let stream = try #require(registry.stream(0))
            for index in 0..<5 {
                let event =
                    "id: \(index)\nevent: change\ndata: \(String(repeating: "{\"row\":\(index)}", count: 50))\n\n"
                #expect(stream.write(event))
                received = try gunzip.inflate(try #require(client.readChunkBytes(1)?.first))
                #expect(String(decoding: received, as: UTF8.self) == event, "event \(index) arrives whole at once")
            }
            stream.close()
            let end = try #require(client.readChunkBytes(1)?.first)
            #expect(try gunzip.inflate(end).isEmpty)
            #expect(gunzip.isFinished, "the trailer's CRC and length match every event")
            #expect(client.readChunks(1) == [""])
            #expect(try #require(client.readResponse()).text == "<p>hi</p>")
        }
    }

    @Test("with compression off every body is sent as written, with no Vary")
    func off() throws {
        let fixture = try CompressedFilesFixture()
        try withTestServer(configure: { $0.compression = nil }, handler: router(fixture).handler) { port, _ in
            let client = try RawClient(port: port)
            let response = try get(client, "/page", Self.gzip)
            #expect(response.headers["Content-Encoding"] == nil)
            #expect(response.headers["Vary"] == nil)
            #expect(response.body == Self.page)
        }
    }
}
