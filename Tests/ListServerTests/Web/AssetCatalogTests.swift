// ListServerTests — image names resolved as UIImage(named:) does, served from --assets folders
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Assets: image names resolved like UIImage(named:) and served from --assets folders")
struct AssetCatalogTests {
    /// Two asset folders with files, and a file outside them that a link points to.
    final class Folders {
        let root = ServerProcess.temporaryDirectory()
        var first: String { root + "/first" }
        var second: String { root + "/second" }

        init(files: [String: [String]]) throws {
            let manager = FileManager.default
            for folder in ["first", "second", "outside"] {
                try manager.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            for (folder, names) in files {
                for name in names {
                    let path = root + "/" + folder + "/" + name
                    try manager.createDirectory(
                        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try Data("\(folder)/\(name)".utf8).write(to: URL(fileURLWithPath: path))
                }
            }
            try Data("secret".utf8).write(to: URL(fileURLWithPath: root + "/outside/secret.png"))
            try manager.createSymbolicLink(atPath: first + "/link.png", withDestinationPath: root + "/outside/secret.png")
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func catalog() -> AssetCatalog {
            AssetCatalog(directories: [first, second], publicDirectory: ServerProcess.publicDirectory)
        }
    }

    /// The file part of a resolved URL, without its version.
    static func path(_ url: String?) -> String? { url.map { String($0.split(separator: "?")[0]) } }

    @Test("a name finds the exact file, else @3x, @2x, then the common extensions, in the first folder that has one")
    func resolutionOrder() throws {
        let folders = try Folders(files: [
            "first": ["avatar@2x.png", "exact.png", "exact@2x.png", "best@2x.jpg", "best@3x.jpg", "pic.jpeg", "logo.svg", "sub/a.webp"],
            "second": ["avatar.png", "only-second@2x.gif", "friend-01.png"],
        ])
        let catalog = folders.catalog()
        #expect(Self.path(catalog.url(forImageNamed: "avatar")) == "/assets/0/avatar@2x.png")
        #expect(Self.path(catalog.url(forImageNamed: "avatar.png")) == "/assets/0/avatar@2x.png")
        #expect(Self.path(catalog.url(forImageNamed: "exact.png")) == "/assets/0/exact.png")
        #expect(Self.path(catalog.url(forImageNamed: "best.jpg")) == "/assets/0/best@3x.jpg")
        #expect(Self.path(catalog.url(forImageNamed: "pic")) == "/assets/0/pic.jpeg")
        #expect(Self.path(catalog.url(forImageNamed: "logo")) == "/assets/0/logo.svg")
        #expect(Self.path(catalog.url(forImageNamed: "sub/a")) == "/assets/0/sub/a.webp")
        #expect(Self.path(catalog.url(forImageNamed: "only-second")) == "/assets/1/only-second@2x.gif")
        #expect(Self.path(catalog.url(forImageNamed: "friend-01")) == "/assets/1/friend-01.png", "assets before built-ins")
        #expect(catalog.url(forImageNamed: "hero-01") == "/icons/hero-01.svg", "the built-in icons serve the samples")
        #expect(catalog.url(forImageNamed: "friend_1") == nil)
        #expect(catalog.url(forImageNamed: "avatar.gif") == nil)
    }

    @Test(
        "names that would leave a folder resolve nowhere",
        arguments: ["../outside/secret.png", "../outside/secret", "/etc/passwd", "link.png", "link", ".hidden", "a//b", "x\\y", ""])
    func traversal(_ name: String) throws {
        let folders = try Folders(files: ["first": [".hidden.png", "a/b.png"]])
        #expect(folders.catalog().url(forImageNamed: name) == nil)
    }

    @Test("served files carry an ETag and a year's cache lifetime; If-None-Match gets 304; nothing outside is served")
    func serving() throws {
        let folders = try Folders(files: ["first": ["avatar@2x.png"], "second": ["b c.png"]])
        let api = try APIFixture()
        let routes = AppRoutes(
            library: api.library, policy: MutationPolicy(), files: StaticFiles(root: ServerProcess.publicDirectory),
            assets: folders.catalog())
        func get(_ target: String, _ headers: HTTPHeaders = [:]) throws -> HTTPResponse {
            var headers = headers
            headers.set("Host", "127.0.0.1:8080")
            return routes.router.respond(
                to: try HTTPRequest(method: "GET", target: target, headers: headers), problemPaths: AppRoutes.problemPaths)
        }
        let url = try #require(routes.assets.url(forImageNamed: "avatar"))
        let image = try get(url)
        #expect(image.status == 200)
        #expect(String(decoding: image.bodyBytes, as: UTF8.self) == "first/avatar@2x.png")
        #expect(image.headers["Content-Type"] == "image/png")
        #expect(image.headers["Cache-Control"] == "public, max-age=31536000, immutable")
        let etag = try #require(image.headers["ETag"])
        #expect(try get(url, ["If-None-Match": etag]).status == 304)
        let spaced = try #require(routes.assets.url(forImageNamed: "b c"))
        #expect(spaced.hasPrefix("/assets/1/b%20c.png?v="))
        #expect(try get(spaced).status == 200)
        for target in ["/assets/0/link.png", "/assets/0/%2e%2e/outside/secret.png", "/assets/2/avatar@2x.png",
            "/assets/x/avatar@2x.png", "/assets/0/missing.png"]
        {
            #expect(try get(target).status == 404, "\(target)")
        }
    }

    @Test("the fragment links the icons that resolve and draws the others as placeholders")
    func fragment() throws {
        let folders = try Folders(files: ["first": ["friend_1@2x.png"]])
        let json = #"[{"name":"Work","online":"1","friends":[{"name":"Ann Lee","icon":"friend_1","vip":false},{"name":"Bo","icon":"friend_2","vip":false},{"name":"Cy","icon":"friend-03","vip":false}]}]"#
        let api = try APIFixture(datasets: [("crew", json)])
        let routes = AppRoutes(
            library: api.library, policy: MutationPolicy(), files: StaticFiles(root: ServerProcess.publicDirectory),
            assets: folders.catalog())
        let response = routes.router.respond(
            to: try HTTPRequest(target: "/d/crew/fragment?top=0&height=900&expanded=all"),
            problemPaths: AppRoutes.problemPaths)
        let html = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(html.contains("src=\"/assets/0/friend_1@2x.png?v="))
        #expect(html.contains("src=\"/icons/friend-03.svg\""))
        #expect(!html.contains("friend_2"))
        #expect(html.contains(">B</span>"), "Bo gets a placeholder")
    }
}
