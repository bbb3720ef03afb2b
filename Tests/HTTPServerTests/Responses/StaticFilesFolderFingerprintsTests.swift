// HTTPServerTests — a folder of static files served under one content hash

import Foundation
import TestSupport
import Testing

@testable import HTTPServer

@Suite("Static files: a folder under one content hash")
struct StaticFilesFolderFingerprintsTests {
    private func get(_ files: StaticFiles, _ target: String, headers: HTTPHeaders = [:]) throws -> HTTPResponse {
        let request = try HTTPRequest(method: "GET", target: target, headers: headers)
        return HTTPResponder.respond(to: request) { try files.response(for: $0) }
    }

    /// A `Public/` fixture with two icons in `icons/` and a stylesheet that names one of them.
    private static func fixture() throws -> PublicFixture {
        let fixture = try PublicFixture()
        try FileManager.default.createDirectory(atPath: fixture.root + "/icons", withIntermediateDirectories: true)
        try "<svg>a</svg>".write(toFile: fixture.root + "/icons/a.svg", atomically: true, encoding: .utf8)
        try "<svg>b</svg>".write(toFile: fixture.root + "/icons/b.svg", atomically: true, encoding: .utf8)
        try ".x{background:url(/icons/a.svg)}.y{content:\"/icons/\"}"
            .write(toFile: fixture.root + "/style.css", atomically: true, encoding: .utf8)
        return fixture
    }

    private static func hashed(_ root: String, css: [String] = ["/style.css"]) -> StaticFiles {
        StaticFiles(root: root).fingerprinting(css, folders: ["/icons/": ["/icons/a.svg", "/icons/b.svg"]])
    }

    @Test("one hash names the folder: of each file's path and bytes, and changing any file changes it")
    func folderHash() throws {
        let fixture = try Self.fixture()
        let folder = try #require(Self.hashed(fixture.root).fingerprints?.folders.first)
        #expect(folder.path == "/icons/")
        #expect(folder.hashedPath.wholeMatch(of: /\/icons\.[0-9a-f]{8}\//) != nil, "\(folder.hashedPath)")
        var manifest: [UInt8] = []
        for (path, text) in [("/icons/a.svg", "<svg>a</svg>"), ("/icons/b.svg", "<svg>b</svg>")] {
            manifest += Array(path.utf8) + [0] + SHA256.digest(Array(text.utf8))
        }
        #expect(folder.hashedPath == "/icons.\(SHA256.hex(manifest).prefix(8))/")
        try "<svg>B</svg>".write(toFile: fixture.root + "/icons/b.svg", atomically: true, encoding: .utf8)
        #expect(Self.hashed(fixture.root).fingerprints?.folders.first?.hashedPath != folder.hashedPath)
    }

    @Test("under the hashed folder a file is immutable; under the plain one it revalidates with the same ETag")
    func hashedAndPlain() throws {
        let fixture = try Self.fixture()
        let files = Self.hashed(fixture.root)
        let folder = try #require(files.fingerprints?.folders.first)
        let hashed = try get(files, folder.hashedPath + "a.svg")
        #expect(hashed.status == 200)
        #expect(String(decoding: hashed.bodyBytes, as: UTF8.self) == "<svg>a</svg>")
        #expect(hashed.headers["Cache-Control"] == StaticFiles.immutable)
        #expect(hashed.headers["Content-Type"] == "image/svg+xml")
        let plain = try get(files, "/icons/a.svg")
        #expect(plain.headers["Cache-Control"] == "no-cache")
        let etag = try #require(plain.headers["ETag"])
        #expect(hashed.headers["ETag"] == etag)
        let unchanged = try get(files, folder.hashedPath + "a.svg", headers: ["If-None-Match": etag])
        #expect(unchanged.status == 304 && unchanged.headers["Cache-Control"] == StaticFiles.immutable)
        #expect(try get(files, "/icons/a.svg", headers: ["If-None-Match": etag]).status == 304)
    }

    @Test("another hash, a file added or changed since, is served as its plain path is; a missing one is 404")
    func otherHashes() throws {
        let fixture = try Self.fixture()
        let files = Self.hashed(fixture.root)
        let folder = try #require(files.fingerprints?.folders.first)
        let other = try get(files, "/icons.00000000/a.svg")
        #expect(other.status == 200 && other.headers["Cache-Control"] == "no-cache")
        #expect(String(decoding: other.bodyBytes, as: UTF8.self) == "<svg>a</svg>")
        try "<svg>c</svg>".write(toFile: fixture.root + "/icons/c.svg", atomically: true, encoding: .utf8)
        let added = try get(files, folder.hashedPath + "c.svg")
        #expect(added.status == 200 && added.headers["Cache-Control"] == "no-cache")
        try "<svg>A</svg>".write(toFile: fixture.root + "/icons/a.svg", atomically: false, encoding: .utf8)
        let changed = try get(files, folder.hashedPath + "a.svg")
        #expect(String(decoding: changed.bodyBytes, as: UTF8.self) == "<svg>A</svg>")
        #expect(changed.headers["Cache-Control"] == "no-cache")
        for target in [
            folder.hashedPath + "missing.svg", "/icons.0000000/a.svg", "/icons.000000000/a.svg",
            "/icons.0000000G/a.svg", "/icons.00000000/", "/icons.00000000/.hidden.svg",
        ] {
            #expect(try get(files, target).status == 404, "\(target)")
        }
    }

    @Test("a stylesheet names the folder's files by its hashed path; its hash and ETag are those of what is served")
    func stylesheets() throws {
        let fixture = try Self.fixture()
        let files = Self.hashed(fixture.root)
        let folder = try #require(files.fingerprints?.folders.first)
        let served = ".x{background:url(\(folder.hashedPath)a.svg)}.y{content:\"/icons/\"}"
        let hashedPath = try #require(files.fingerprints?.hashedPath(for: "/style.css"))
        #expect(hashedPath == "/style.\(SHA256.hex(Array(served.utf8)).prefix(8)).css")
        let hashed = try get(files, hashedPath)
        let plain = try get(files, "/style.css")
        for response in [hashed, plain] {
            #expect(String(decoding: response.bodyBytes, as: UTF8.self) == served)
        }
        #expect(hashed.headers["Cache-Control"] == StaticFiles.immutable)
        let etag = try #require(plain.headers["ETag"])
        #expect(etag.hasSuffix("-\(folder.hashedPath.dropFirst(7).dropLast())\""), "\(etag)")
        #expect(hashed.headers["ETag"] == etag)
        let unchanged = try get(files, "/style.css", headers: ["If-None-Match": etag])
        #expect(unchanged.status == 304)
        #expect(unchanged.headers["Content-Length"] == nil, "the file's size is not the length served")
        let untouched = try get(StaticFiles(root: fixture.root), "/style.css")
        #expect(String(decoding: untouched.bodyBytes, as: UTF8.self).contains("url(/icons/a.svg)"))
        #expect(untouched.headers["ETag"] != etag)
    }

    @Test("a path under the folder's name is a hashed one only with the hash's digits and a file name")
    func plainPaths() {
        let plain = { (path: String) in FileFingerprints.plainPath(ofHashed: path, under: "/icons/", digits: 8) }
        #expect(plain("/icons.0123abcd/a.svg") == "/icons/a.svg")
        #expect(plain("/icons.0123abcd/sub/a.svg") == "/icons/sub/a.svg")
        let others = [
            "/icons.0123abcd/", "/icons.0123ABCD/a.svg", "/icons/a.svg", "/iconsx0123abcd/a.svg", "/icons.0123abc/a",
        ]
        for path in others {
            #expect(plain(path) == nil, "\(path)")
        }
    }
}
