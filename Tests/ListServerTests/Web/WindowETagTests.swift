// ListServerTests — entity tags on windows and fragments: 304 without writing the window
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Windows and fragments carry an ETag; If-None-Match gets 304")
struct WindowETagTests {
    static let targets = [
        "/api/datasets/letters/window?top=0&height=200", "/d/letters/fragment?top=0&height=200",
    ]

    @Test("the same window gets the same tag, spelled differently too; If-None-Match gets 304 with no body", arguments: targets)
    func notModified(_ target: String) throws {
        let api = try APIFixture()
        let first = try api.get(target)
        #expect(first.status == 200)
        #expect(first.headers["Cache-Control"] == "no-cache")
        let etag = try #require(first.headers["ETag"])
        #expect(try api.get(target + "&overscan=0").headers["ETag"] == etag, "overscan=0 is the default")
        let again = try api.get(target, headers: ["If-None-Match": etag])
        #expect(again.status == 304)
        #expect(again.bodyBytes.isEmpty)
        #expect(again.headers["ETag"] == etag)
        #expect(try api.get(target, headers: ["If-None-Match": "W/" + etag]).status == 304)
        #expect(try api.get(target, headers: ["If-None-Match": "\"other\""]).status == 200)
    }

    @Test("another window, the other format or another version gets another tag", arguments: targets)
    func changes(_ target: String) throws {
        let api = try APIFixture()
        let etag = try #require(try api.get(target).headers["ETag"])
        #expect(try api.get(target.replacingOccurrences(of: "top=0", with: "top=44")).headers["ETag"] != etag)
        let other = target.contains("/window") ? Self.targets[1] : Self.targets[0]
        #expect(try api.get(other).headers["ETag"] != etag)
        let batch = try api.batch("letters", #"{"baseVersion":1,"deleteRows":[2]}"#, headers: APIDatasetUploadTests.origin)
        #expect(batch.status == 200)
        let after = try api.get(target, headers: ["If-None-Match": etag])
        #expect(after.status == 200, "a batch makes a new version: the old tag no longer matches")
        #expect(after.headers["ETag"] != etag)
    }

    @Test("over a real socket the 304 has no body and the connection goes on")
    func overTheWire() throws {
        let api = try APIFixture()
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            let client = try RawClient(port: port)
            try client.send("GET \(Self.targets[1]) HTTP/1.1\r\nHost: t\r\n\r\n")
            let first = try #require(client.readResponse())
            let etag = try #require(first.headers["ETag"])
            try client.send("GET \(Self.targets[1]) HTTP/1.1\r\nHost: t\r\nIf-None-Match: \(etag)\r\n\r\n")
            try client.send("GET /api/datasets HTTP/1.1\r\nHost: t\r\n\r\n")
            let unchanged = try #require(client.readResponse())
            #expect(unchanged.status == 304)
            #expect(unchanged.body.isEmpty)
            #expect(try #require(client.readResponse()).status == 200)
        }
    }
}
