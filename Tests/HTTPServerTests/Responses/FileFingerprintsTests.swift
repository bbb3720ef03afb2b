// HTTPServerTests — content-hashed names of static files

import Foundation
import Testing

@testable import HTTPServer

@Suite("File fingerprints: content-hashed names")
struct FileFingerprintsTests {
    @Test(
        "the hash goes before the last segment's extension, or at its end",
        arguments: [
            ("/app.js", "/app.0123abcd.js"), ("/page/windows.js", "/page/windows.0123abcd.js"),
            ("/a.b.css", "/a.b.0123abcd.css"), ("/LICENSE", "/LICENSE.0123abcd"), ("/v1.0/app", "/v1.0/app.0123abcd"),
        ])
    func hashedPath(plain: String, hashed: String) {
        #expect(FileFingerprints.hashedPath(plain, hash: "0123abcd") == hashed)
        #expect(FileFingerprints.plainPath(ofHashed: hashed, digits: 8) == plain)
    }

    @Test(
        "a name is a hashed one only with exactly the digits in lower-case hex before its extension",
        arguments: [
            "/app.js", "/app.0123abc.js", "/app.0123abcde.js", "/app.0123ABCD.js", "/app.0123abcg.js", "/.0123abcd.js",
            "/0123abcd.js", "/dir.0123abcd/app.js",
        ])
    func notHashed(path: String) {
        #expect(FileFingerprints.plainPath(ofHashed: path, digits: 8) == nil)
    }

    @Test("each file listed is named by the first digits of the SHA-256 of its bytes; missing ones are left out")
    func table() throws {
        let fixture = try PublicFixture()
        let files = StaticFiles(root: fixture.root)
        for digits in [8, 10, 64] {
            let table = FileFingerprints(
                files: files, paths: ["/app.js", "/style.css", "/missing.js", "/dir"], digits: digits)
            let hash = String(SHA256.hex(Array("export const x = 1;\n".utf8)).prefix(digits))
            #expect(table.entries.map(\.path) == ["/app.js", "/style.css"])
            #expect(table.hashedPath(for: "/app.js") == "/app.\(hash).js")
            #expect(table.hashedPath(for: "/missing.js") == nil)
            #expect(table.entry(hashedPath: "/app.\(hash).js")?.path == "/app.js")
            #expect(table.listedPath(ofHashed: "/app.\(String(repeating: "0", count: digits)).js") == "/app.js")
            #expect(table.listedPath(ofHashed: "/notes.\(String(repeating: "0", count: digits)).txt") == nil)
        }
    }
}
