// ListServerTests — the built-in icons under one content-hashed folder, over the real binary's sockets
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("Hashed icon URLs")
struct HashedIconsTests {
    /// One keep-alive connection to a running server.
    private final class Client {
        let raw: RawClient
        let port: Int

        init(_ port: Int) throws {
            self.port = port
            raw = try RawClient(port: port, timeoutSeconds: 10)
        }

        /// `GET target` with `headers` lines.
        /// - Throws: when no whole answer comes.
        func get(_ target: String, _ headers: String = "") throws -> WireResponse {
            try raw.send("GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(headers)\r\n")
            return try #require(raw.readResponse(), "no answer to \(target)")
        }
    }

    /// The `src` of every `<img>` in `html` under `/icons`.
    private static func iconSources(_ html: String) -> [String] {
        html.matches(of: /src="(\/icons[^"]*)"/).map { String($0.output.1) }
    }

    /// The bytes of `Public/icons/{name}`.
    private static func file(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: ServerProcess.publicDirectory + "/icons/" + name)))
    }

    @Test("fragments, pages and stylesheets name the icons under one hashed folder, served immutable")
    func hashedEverywhere() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"])
        defer { server.kill() }
        let client = try Client(server.port)

        let fragment = try client.get("/d/friends/fragment?top=0&height=900&expanded=all")
        #expect(fragment.status == 200)
        let sources = Self.iconSources(fragment.text)
        let folder = try #require(sources.first?.firstMatch(of: /^\/icons\.[0-9a-f]{8}\//)).output
        #expect(sources.count > 5 && sources.allSatisfy { $0.hasPrefix(folder) }, "\(sources)")
        #expect(sources.contains("\(folder)disclosure.svg") && sources.contains("\(folder)friend-01.svg"))
        #expect(!fragment.text.contains("\"/icons/"))

        for page in ["/", "/d/friends", "/d/messages"] {
            let html = try client.get(page).text
            let icons = Self.iconSources(html)
            #expect(!icons.isEmpty && icons.allSatisfy { $0.hasPrefix(folder) }, "\(page): \(icons)")
        }

        let css = try #require(client.get("/d/friends").text.firstMatch(of: /href="(\/app\.[0-9a-f]{8}\.css)"/))
        let stylesheet = try client.get(String(css.output.1))
        #expect(stylesheet.headers["Cache-Control"] == StaticFiles.immutable)
        #expect(stylesheet.text.contains("url(\(folder)search.svg)") && !stylesheet.text.contains("url(/icons/"))
        #expect(String(SHA256.hex(stylesheet.body).prefix(8)) == css.output.1.split(separator: ".")[1])

        for name in ["disclosure.svg", "friend-01.svg", "search.svg"] {
            let hashed = try client.get("\(folder)\(name)")
            #expect(hashed.status == 200, "\(name)")
            #expect(hashed.headers["Cache-Control"] == StaticFiles.immutable, "\(name)")
            #expect(hashed.headers["Content-Type"] == "image/svg+xml")
            #expect(hashed.body == (try Self.file(name)), "\(name)")
            let etag = try #require(hashed.headers["ETag"])
            let revalidated = try client.get("\(folder)\(name)", "If-None-Match: \(etag)\r\n")
            #expect(revalidated.status == 304 && revalidated.headers["Cache-Control"] == StaticFiles.immutable)
        }
    }

    @Test("the plain /icons/ URLs, and a hashed folder of another hash, still answer, revalidated by ETag")
    func plainAndOtherHashes() throws {
        let root = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = try ServerProcess.start(["--data", root, "--quiet"])
        defer { server.kill() }
        let client = try Client(server.port)
        for target in ["/icons/chevron.svg", "/icons.00000000/chevron.svg"] {
            let plain = try client.get(target)
            #expect(plain.status == 200, "\(target)")
            #expect(plain.headers["Cache-Control"] == "no-cache", "\(target)")
            #expect(plain.body == (try Self.file("chevron.svg")), "\(target)")
            let etag = try #require(plain.headers["ETag"])
            let revalidated = try client.get(target, "If-None-Match: \(etag)\r\n")
            #expect(revalidated.status == 304 && revalidated.headers["Cache-Control"] == "no-cache", "\(target)")
        }
        for target in ["/icons.00000000/missing.svg", "/icons/missing.svg", "/icons.0000/chevron.svg"] {
            #expect(try client.get(target).status == 404, "\(target)")
        }
    }
}
