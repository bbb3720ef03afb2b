// HTTPServerTests — static files from Public/

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

/// A temporary directory laid out like `Public/`, with a secret beside it and symbolic links in and out.
final class PublicFixture {
    let base: String
    var root: String { base + "/Public" }

    init() throws {
        base = NSTemporaryDirectory() + "listserver-static-" + UUID().uuidString
        let files = FileManager.default
        try files.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        try files.createDirectory(atPath: root + "/dir", withIntermediateDirectories: true)
        let contents: [String: String] = [
            "index.html": "<!doctype html><title>home</title>", "app.js": "export const x = 1;\n",
            "style.css": "body{}", "icon.svg": "<svg/>", "data.json": "{}", "notes.txt": "text",
            ".secret": "hidden", "sub/page.html": "<p>sub</p>", "../secret.txt": "outside",
        ]
        for (name, text) in contents {
            try text.write(toFile: root + "/" + name, atomically: true, encoding: .utf8)
        }
        try files.createSymbolicLink(atPath: root + "/out.txt", withDestinationPath: base + "/secret.txt")
        try files.createSymbolicLink(atPath: root + "/in.js", withDestinationPath: root + "/app.js")
        try files.createSymbolicLink(atPath: root + "/outdir", withDestinationPath: base)
    }

    deinit { try? FileManager.default.removeItem(atPath: base) }
}

@Suite("Static files from Public/")
struct HTTPStaticFilesTests {
    private func get(_ files: StaticFiles, _ target: String, method: String = "GET", headers: HTTPHeaders = [:])
        throws -> HTTPResponse
    {
        let request = try HTTPRequest(method: method, target: target, headers: headers)
        return HTTPResponder.respond(to: request) { try files.response(for: $0) }
    }

    @Test("files are served with their content type, ETag and caching headers")
    func serves() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        let expected = [
            "/app.js": "text/javascript; charset=utf-8", "/style.css": "text/css; charset=utf-8",
            "/icon.svg": "image/svg+xml", "/data.json": "application/json", "/notes.txt": "text/plain; charset=utf-8",
            "/sub/page.html": "text/html; charset=utf-8", "/": "text/html; charset=utf-8",
        ]
        for (path, type) in expected {
            let response = try get(files, path)
            #expect(response.status == 200, "\(path)")
            #expect(response.headers["Content-Type"] == type, "\(path)")
            #expect(response.headers["ETag"]?.hasPrefix("\"") == true)
            #expect(response.headers["Cache-Control"] == "no-cache")
        }
        #expect(String(decoding: try get(files, "/app.js").bodyBytes, as: UTF8.self) == "export const x = 1;\n")
        #expect(StaticFiles.contentType(for: "a.PNG") == "image/png")
        #expect(StaticFiles.contentType(for: "favicon.ico") == "image/x-icon")
        #expect(StaticFiles.contentType(for: "x.webp") == "image/webp")
        #expect(StaticFiles.contentType(for: "x.mjs") == "text/javascript; charset=utf-8")
        #expect(StaticFiles.contentType(for: "Makefile") == "application/octet-stream")
    }

    @Test("If-None-Match with the ETag gives 304 without a body")
    func notModified() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        let etag = try #require(try get(files, "/app.js").headers["ETag"])
        for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let response = try get(files, "/app.js", headers: ["If-None-Match": condition])
            #expect(response.status == 304, "\(condition)")
            #expect(response.bodyBytes.isEmpty)
            #expect(response.headers["ETag"] == etag)
        }
        #expect(try get(files, "/app.js", headers: ["If-None-Match": "\"stale\""]).status == 200)
    }

    @Test("HEAD gives the length without the body; other methods are 405 with Allow")
    func methods() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        // The file goes with the answer to HEAD, so that the server sends the length a GET would have,
        // compressed or not; the server sends no body.
        let head = try get(files, "/style.css", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.bodyBytes == Array("body{}".utf8))
        try withTestServer(handler: { try files.response(for: $0) }) { port, _ in
            let client = try RawClient(port: port, sending: "HEAD /style.css HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try #require(client.readResponse(hasBody: false))
            #expect(head.status == 200)
            #expect(head.headers["Content-Length"] == "6")
            #expect(head.headers["Content-Type"] == "text/css; charset=utf-8")
            try client.send("GET /style.css HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try #require(client.readResponse()).text == "body{}", "no body was sent after the HEAD's head")
        }
        let post = try get(files, "/style.css", method: "POST")
        #expect(post.status == 405)
        #expect(post.headers["Allow"] == "GET, HEAD")
    }

    @Test("nothing outside the root, hidden, missing or a directory is served")
    func refuses() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        for path in ["/out.txt", "/outdir/secret.txt", "/.secret", "/missing.js", "/dir", "/sub", "/dir/"] {
            #expect(try get(files, path).status == 404, "\(path)")
        }
        #expect(try get(files, "/in.js").status == 200)
        #expect(StaticFiles(root: fixture.base + "/nope").resolve("/app.js") == nil)
    }

    @Test("a URL prefix maps onto the root")
    func prefix() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root, urlPrefix: "/static")
        #expect(try get(files, "/static/app.js").status == 200)
        #expect(try get(files, "/app.js").status == 404)
    }
}
