// ListServerTests — the page's scripts and stylesheets under content-hashed URLs, and the import map
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite("Page assets: hashed URLs written into the pages, and the import map")
struct PageAssetsTests {
    /// Routes over `Public/` as the launcher makes them: every script and stylesheet hashed.
    private static func routes(_ api: APIFixture) -> AppRoutes {
        AppRoutes(
            library: api.library, policy: MutationPolicy(),
            files: PageAssets.files(in: ServerProcess.publicDirectory))
    }

    /// Whether a URL is a hashed name of a file of `Public/` or `Public/page/`.
    private static func isHashed(_ url: String) -> Bool {
        url.wholeMatch(of: /\/(?:page\/)?[a-z]+\.[0-9a-f]{8}\.(?:js|css)/) != nil
    }

    /// The paths of `href="…"` and `src="…"` ending in `.js` or `.css`, and the import map's text.
    private static func links(in html: String) throws -> (urls: [String], importMap: String?) {
        let urls = html.matches(of: /(?:href|src)="([^"]+\.(?:js|css))"/).map { String($0.output.1) }
        let importMap = html.firstMatch(of: /<script type="importmap">(.*?)<\/script>/).map { String($0.output.1) }
        return (urls, importMap)
    }

    @Test("every .js and .css of Public/ is hashed, its icons and hidden files are not")
    func paths() {
        let paths = PageAssets.paths(in: ServerProcess.publicDirectory)
        #expect(
            Set(["/app.js", "/app.css", "/cells.css", "/page/windows.js", "/page/interaction.css"]).isSubset(of: paths))
        #expect(paths.allSatisfy { $0.hasSuffix(".js") || $0.hasSuffix(".css") })
        #expect(paths.allSatisfy(PageAssets.isPlain))
        #expect(
            !PageAssets.isPlain("/page/a b.js") && !PageAssets.isPlain("/page/\"x.js") && !PageAssets.isPlain("/é.js"))
    }

    @Test("the table page names hashed URLs only, maps every module and lists the map's hash in its policy")
    func tablePage() throws {
        let api = try APIFixture()
        let routes = Self.routes(api)
        let page = try routes.handler(try HTTPRequest(target: "/d/friends"))
        #expect(page.status == 200)
        #expect(page.headers["Cache-Control"] == "no-store")
        let (urls, importMap) = try Self.links(in: String(decoding: page.bodyBytes, as: UTF8.self))
        #expect(urls.count == 3 && urls.allSatisfy { Self.isHashed($0) }, "\(urls)")
        let map = try #require(importMap)
        let imports = try #require(
            try JSONSerialization.jsonObject(with: Data(map.utf8)) as? [String: [String: String]])["imports"]
        let modules = PageAssets.paths(in: ServerProcess.publicDirectory).filter { $0.hasPrefix("/page/") }
        #expect(imports?.keys.sorted() == modules)
        for (plain, hashed) in imports ?? [:] {
            #expect(Self.isHashed(hashed), "\(hashed)")
            #expect(hashed.hasPrefix(String(plain.dropLast(plain.hasSuffix(".js") ? 3 : 4)) + "."))
        }
        let hash = "'sha256-" + Data(SHA256.digest(Array(map.utf8))).base64EncodedString() + "'"
        let policy = try #require(page.headers["Content-Security-Policy"])
        #expect(policy.contains("script-src 'self' \(hash);"), "\(policy)")
    }

    @Test("every hashed URL of the page answers its plain file's bytes, immutable; the plain URL revalidates")
    func hashedFiles() throws {
        let api = try APIFixture()
        let routes = Self.routes(api)
        let html = String(decoding: try routes.handler(try HTTPRequest(target: "/d/friends")).bodyBytes, as: UTF8.self)
        let (urls, importMap) = try Self.links(in: html)
        let imports =
            try JSONSerialization.jsonObject(with: Data(try #require(importMap).utf8)) as? [String: [String: String]]
        let hashedURLs = urls + (imports?["imports"]?.values.sorted() ?? [])
        #expect(hashedURLs.count == PageAssets.paths(in: ServerProcess.publicDirectory).count)
        for url in hashedURLs {
            let hashed = try routes.handler(try HTTPRequest(target: url))
            let plain = try routes.handler(
                try HTTPRequest(target: url.replacing(/\.[0-9a-f]{8}\./, with: ".")))
            #expect(hashed.status == 200 && plain.status == 200, "\(url)")
            #expect(hashed.headers["Cache-Control"] == "public, max-age=31536000, immutable", "\(url)")
            #expect(plain.headers["Cache-Control"] == "no-cache", "\(url)")
            #expect(hashed.bodyBytes == plain.bodyBytes, "\(url)")
            #expect(
                SHA256.hex(hashed.bodyBytes).hasPrefix(
                    url.split(separator: ".").dropLast().last.map(String.init) ?? "-"))
        }
    }

    @Test("over a socket, a hashed URL in gzip inflates to the file, immutable, with Vary")
    func overSocket() throws {
        let api = try APIFixture()
        let routes = Self.routes(api)
        let hashed = try #require(routes.files.fingerprints?.hashedPath(for: "/page/windows.js"))
        try withTestServer(handler: routes.handler) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET \(hashed) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: gzip\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 200)
            #expect(response.headers["Cache-Control"] == "public, max-age=31536000, immutable")
            #expect(response.headers["Content-Encoding"] == "gzip" && response.headers["Vary"] == "Accept-Encoding")
            let file = try Data(contentsOf: URL(fileURLWithPath: ServerProcess.publicDirectory + "/page/windows.js"))
            #expect(try Gunzip.inflate(response.body) == SourceComments.stripped([UInt8](file), stylesheet: false))
        }
    }

    @Test("the home page links its stylesheet hashed; without hashes the pages keep their plain URLs")
    func homeAndPlain() throws {
        let api = try APIFixture()
        let home = String(decoding: try Self.routes(api).handler(try HTTPRequest(target: "/")).bodyBytes, as: UTF8.self)
        let (urls, importMap) = try Self.links(in: home)
        #expect(urls.count == 1 && urls[0].wholeMatch(of: /\/app\.[0-9a-f]{8}\.css/) != nil, "\(urls)")
        #expect(importMap == nil)
        let table = try api.routes.handler(try HTTPRequest(target: "/d/friends"))
        let plain = String(decoding: table.bodyBytes, as: UTF8.self)
        #expect(try Self.links(in: plain).urls == ["/app.css", "/cells.css", "/app.js"])
        #expect(!plain.contains("importmap"))
        #expect(table.headers["Content-Security-Policy"]?.contains("script-src 'self';") == true)
    }

    @Test("link rewrites attribute URLs of hashed files only, and only where a template names them")
    func link() throws {
        let fixture = ServerProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: fixture) }
        try FileManager.default.createDirectory(atPath: fixture + "/page", withIntermediateDirectories: true)
        for name in ["app.js", "page/a.js", "notes.txt"] {
            try "export const name = '\(name)';\n".write(toFile: fixture + "/" + name, atomically: true, encoding: .utf8)
        }
        let assets = PageAssets(files: PageAssets.files(in: fixture))
        let app = String(SHA256.hex(Array("export const name = 'app.js';\n".utf8)).prefix(8))
        let module = String(SHA256.hex(Array("export const name = 'page/a.js';\n".utf8)).prefix(8))
        let template =
            #"<!--importmap--><script src="/app.js"></script><a href="/notes.txt">/app.js</a><img src="/x.js" alt="=""#
        let linked = String(decoding: assets.link(Array(template.utf8)), as: UTF8.self)
        #expect(
            linked
                == #"<script type="importmap">{"imports":{"/page/a.js":"/page/a.\#(module).js"}}</script>"#
                + #"<script src="/app.\#(app).js"></script><a href="/notes.txt">/app.js</a><img src="/x.js" alt="=""#)
        let unterminated = Array(#"<a href="/app.js"#.utf8)
        #expect(assets.link(unterminated) == unterminated)
    }
}
