// ListServerTests — the application's responses in gzip, over loopback sockets

import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("Pages, fragments, windows, JSON and the page's files in gzip")
struct CompressionTests {
    /// The server as the launcher configures it: the problem paths and the page headers.
    private func serve(_ body: (_ client: RawClient) throws -> Void) throws {
        let api = try APIFixture()
        try withTestServer(
            configure: { configuration in configuration.problemPaths = AppRoutes.problemPaths },
            handler: api.routes.handler
        ) { port, _ in
            try body(RawClient(port: port))
        }
    }

    private func get(_ client: RawClient, _ target: String, _ fields: String = "") throws -> WireResponse {
        try client.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(fields)\r\n")
        return try #require(client.readResponse())
    }

    static let gzip = "Accept-Encoding: gzip, deflate, br, zstd\r\n"

    static let targets = [
        "/", "/d/friends", "/d/friends/fragment?top=0&height=800",
        "/api/datasets/friends/window?top=0&height=3000&expanded=all",
        "/api/datasets/heroes/window?top=0&height=3000", "/api/openapi.json", "/app.js", "/app.css",
    ]

    @Test(
        "each inflates to exactly the identity bytes, with Content-Encoding, its length, Vary and its own tag",
        arguments: targets)
    func inflatesToIdentity(_ target: String) throws {
        try serve { client in
            let identity = try get(client, target)
            let compressed = try get(client, target, Self.gzip)
            #expect(identity.status == 200 && compressed.status == 200)
            #expect(identity.body.count >= 1024, "large enough to be compressed")
            #expect(identity.headers["Content-Encoding"] == nil)
            #expect(compressed.headers["Content-Encoding"] == "gzip")
            #expect(identity.headers["Vary"] == "Accept-Encoding" && compressed.headers["Vary"] == "Accept-Encoding")
            #expect(compressed.headers["Content-Length"] == String(compressed.body.count))
            #expect(compressed.body.count < identity.body.count)
            #expect(try Gunzip.inflate(compressed.body) == identity.body)
            #expect(compressed.headers["Content-Type"] == identity.headers["Content-Type"])
            #expect(compressed.headers["Content-Security-Policy"] == identity.headers["Content-Security-Policy"])
            if let tag = identity.headers["ETag"] {
                #expect(compressed.headers["ETag"] == ResponseCompression.gzipVariant(of: tag))
            } else {
                #expect(compressed.headers["ETag"] == nil)
            }
        }
    }

    @Test(
        "a window in gzip, its body written in the loop's memory, is the window the routes answer off the server",
        arguments: [
            "/d/friends/fragment?top=0&height=800", "/api/datasets/friends/window?top=0&height=3000&expanded=all",
        ])
    func sameAsOffTheServer(_ target: String) throws {
        let api = try APIFixture()
        let offServer = try api.send("GET", target)
        let tag = try #require(offServer.headers["ETag"])
        try withTestServer(
            configure: { configuration in configuration.problemPaths = AppRoutes.problemPaths },
            handler: api.routes.handler
        ) { port, _ in
            let compressed = try get(RawClient(port: port), target, Self.gzip)
            #expect(compressed.headers["Content-Encoding"] == "gzip")
            #expect(try Gunzip.inflate(compressed.body) == offServer.bodyBytes)
            #expect(compressed.headers["ETag"] == String(tag.dropLast()) + "-gzip\"")
            #expect(compressed.headers["Content-Type"] == offServer.headers["Content-Type"])
            #expect(compressed.headers["Cache-Control"] == offServer.headers["Cache-Control"])
        }
    }

    @Test("a fragment's gzip tag gets 304 in gzip; its identity tag 304 without; q=0 gets the identity body")
    func revalidation() throws {
        try serve { client in
            let target = "/d/friends/fragment?top=0&height=800"
            let identityTag = try #require(try get(client, target).headers["ETag"])
            let gzipTag = try #require(try get(client, target, Self.gzip).headers["ETag"])
            #expect(gzipTag != identityTag)
            let gzip304 = try get(client, target, Self.gzip + "If-None-Match: \(gzipTag)\r\n")
            #expect(gzip304.status == 304)
            #expect(gzip304.headers["ETag"] == gzipTag)
            let identity304 = try get(client, target, "If-None-Match: \(identityTag)\r\n")
            #expect(identity304.status == 304)
            #expect(identity304.headers["ETag"] == identityTag)
            let refused = try get(client, target, "Accept-Encoding: gzip;q=0, br\r\n")
            #expect(refused.headers["Content-Encoding"] == nil)
            #expect(refused.headers["ETag"] == identityTag)
        }
    }

    @Test("short bodies and small problems are sent as written, with Vary")
    func short() throws {
        try serve { client in
            let health = try get(client, "/healthz", Self.gzip)
            #expect(health.text == "ok\n")
            #expect(health.headers["Content-Encoding"] == nil)
            let problem = try get(client, "/api/datasets/nothing", Self.gzip)
            #expect(problem.status == 404)
            #expect(problem.headers["Content-Type"] == "application/problem+json")
            #expect(problem.headers["Content-Encoding"] == nil)
            #expect(problem.headers["Vary"] == "Accept-Encoding")
        }
    }
}
