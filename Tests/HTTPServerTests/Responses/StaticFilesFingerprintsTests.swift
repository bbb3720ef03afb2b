// HTTPServerTests — static files served under their content-hashed paths

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Static files under content-hashed paths")
struct StaticFilesFingerprintsTests {
    private func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        let request = try HTTPRequest(method: "GET", target: target, headers: headers)
        return HTTPResponder.respond(to: request) { try files.response(for: $0) }
    }

    private static let script = "export const x = 1;\n"
    private static var scriptHash: String { String(SHA256.hex(Array(script.utf8)).prefix(8)) }

    @Test("a hashed path answers the file, a year's immutable caching and the plain path's ETag")
    func hashed() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root).fingerprinting(["/app.js", "/style.css"])
        let response = try get(files, "/app.\(Self.scriptHash).js")
        #expect(response.status == 200)
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == Self.script)
        #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8")
        #expect(response.compression == .stable)
        let plain = try get(files, "/app.js")
        #expect(plain.headers["Cache-Control"] == "no-cache")
        #expect(plain.bodyBytes == response.bodyBytes)
        let etag = try #require(response.headers["ETag"])
        #expect(plain.headers["ETag"] == etag)
        let unchanged = try get(files, "/app.\(Self.scriptHash).js", headers: ["If-None-Match": etag])
        #expect(unchanged.status == 304)
        #expect(unchanged.headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }

    @Test("another hash of a listed file, a page from before a deploy, gets the file as its plain path does")
    func otherHash() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root).fingerprinting(["/app.js"])
        let response = try get(files, "/app.00000000.js")
        #expect(response.status == 200)
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == Self.script)
        #expect(response.headers["Cache-Control"] == "no-cache")
        for target in ["/style.00000000.css", "/app.0000000.js", "/missing.00000000.js", "/app.\(Self.scriptHash).css"]
        {
            #expect(try get(files, target).status == 404, "\(target)")
        }
        #expect(try get(StaticFiles(root: fixture.root), "/app.\(Self.scriptHash).js").status == 404)
    }

    @Test("a file changed since it was hashed is served at its hashed path as at its plain one, not immutable")
    func changed() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root).fingerprinting(["/app.js"])
        let hashed = try #require(files.fingerprints?.hashedPath(for: "/app.js"))
        try "export const x = 2;\n".write(toFile: fixture.root + "/app.js", atomically: false, encoding: .utf8)
        let response = try get(files, hashed)
        #expect(response.status == 200)
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "export const x = 2;\n")
        #expect(response.headers["Cache-Control"] == "no-cache")
    }

    @Test("a file whose real name looks hashed is served as itself")
    func literalName() throws {
        let fixture = try PublicFixture()
        try "literal".write(toFile: fixture.root + "/app.00000000.js", atomically: true, encoding: .utf8)
        let files = StaticFiles(root: fixture.root).fingerprinting(["/app.js"])
        let response = try get(files, "/app.00000000.js")
        #expect(String(decoding: response.bodyBytes, as: UTF8.self) == "literal")
        #expect(response.headers["Cache-Control"] == "no-cache")
    }

    @Test("hashed paths of a prefixed folder keep the prefix; hidden and outside files get none")
    func prefixed() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root, urlPrefix: "/static/")
            .fingerprinting(["/static/app.js", "/static/.secret", "/static/out.txt", "/static/in.js"])
        #expect(files.fingerprints?.entries.map(\.path) == ["/static/app.js", "/static/in.js"])
        let hashed = try #require(files.fingerprints?.hashedPath(for: "/static/in.js"))
        #expect(hashed == "/static/in.\(Self.scriptHash).js")
        #expect(try get(files, hashed).headers["Cache-Control"] == "public, max-age=31536000, immutable")
    }
}
