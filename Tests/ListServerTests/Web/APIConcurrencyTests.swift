// ListServerTests — concurrent writers over real sockets
import Foundation
import HTTPServer
import ListStore
import Models
import Synchronization
import TestSupport
import Testing

@testable import ListServer

/// One request over a fresh loopback connection.
func apiRequest(_ port: Int, _ method: String, _ target: String, body: String = "") throws -> WireResponse {
    let client = try RawClient(port: port, timeoutSeconds: 20)
    try client.send(
        "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
            + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    guard let response = client.readResponse() else {
        throw APIExpectationError(message: "no response to \(method) \(target)")
    }
    return response
}

/// The `version` member of a JSON body.
func versionOf(_ response: WireResponse) throws -> Int64 {
    guard case .dict(let fields) = try JSONReader.read(response.body), let version = fields["version"],
        case .int(let number) = version
    else { throw APIExpectationError(message: "no version in \(response.text)") }
    return number
}

@Suite("Concurrent writers over real sockets", .serialized)
struct APIConcurrencyTests {
    @Test("writers on several threads lose and double no change, and versions strictly increase")
    func concurrentWriters() throws {
        let api = try APIFixture()
        let writers = 4
        let perWriter = 15
        let accepted = Mutex<[[Int64]]>(Array(repeating: [], count: writers))
        let failures = Mutex<[String]>([])
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            try concurrently(writers) { writer in
                for item in 0..<perWriter {
                    var attempts = 0
                    while attempts < 500 {
                        attempts += 1
                        do {
                            let current = try versionOf(try apiRequest(port, "GET", "/api/datasets/letters"))
                            let body = #"{"baseVersion":\#(current),"insertRows":[{"section":0,"row":0,"fields":{"title":"w\#(writer)-\#(item)"}}]}"#
                            let response = try apiRequest(port, "POST", "/api/datasets/letters/batch", body: body)
                            if response.status == 409 { continue }
                            guard response.status == 200 else {
                                failures.withLock { $0.append("\(response.status) \(response.text)") }
                                return
                            }
                            let version = try versionOf(response)
                            accepted.withLock { $0[writer].append(version) }
                            break
                        } catch {
                            failures.withLock { $0.append("\(error)") }
                            return
                        }
                    }
                }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let versions = accepted.withLock { $0 }
        for own in versions {
            #expect(own.count == perWriter)
            #expect(own == own.sorted() && Set(own).count == own.count)
        }
        let all = versions.flatMap { $0 }.sorted()
        #expect(all == Array(2...Int64(1 + writers * perWriter)))
        #expect(api.version("letters") == Int64(1 + writers * perWriter))
        let titles = api.titles("letters")
        #expect(titles.count == 6 + writers * perWriter)
        for writer in 0..<writers {
            for item in 0..<perWriter {
                #expect(titles.filter { $0 == "w\(writer)-\(item)" }.count == 1)
            }
        }
        #expect(try api.store.load(id: "letters") == api.dataset("letters"))
        #expect(try api.store.events(datasetID: "letters", after: 1, limit: 1_000).map(\.version) == Array(all))
    }

    @Test("of several batches sent at once against the same version on the same row, exactly one is accepted")
    func sameBaseVersion() throws {
        let api = try APIFixture()
        let statuses = Mutex<[Int]>([])
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            try concurrently(6) { writer in
                let body = #"{"baseVersion":1,"updateRows":[{"id":2,"fields":{"title":"w\#(writer)"}}]}"#
                let status = (try? apiRequest(port, "POST", "/api/datasets/letters/batch", body: body))?.status ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        let all = statuses.withLock { $0 }
        #expect(all.filter { $0 == 200 }.count == 1)
        #expect(all.filter { $0 == 409 }.count == 5)
        #expect(api.version("letters") == 2)
    }

    @Test("batches sent at once against the same version on rows of their own are each applied once, rebased")
    func sameBaseVersionOwnRows() throws {
        let api = try APIFixture()
        let statuses = Mutex<[Int]>([])
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            try concurrently(6) { writer in
                let body = #"{"baseVersion":1,"deleteRows":[\#(2 + writer)]}"#
                let status = (try? apiRequest(port, "POST", "/api/datasets/letters/batch", body: body))?.status ?? 0
                statuses.withLock { $0.append(status) }
            }
        }
        #expect(statuses.withLock { $0 } == Array(repeating: 200, count: 6))
        #expect(api.version("letters") == 7)
        #expect(api.titles("letters").isEmpty)
    }

    @Test("over real sockets, a stale insert into a section reordered since lands by its neighbours; a real conflict names the row and field")
    func staleBatchesOverSockets() throws {
        let api = try APIFixture()
        let path = "/api/datasets/letters/batch"
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            // Another client moves F (7) to the top and renames B (3): version 2.
            let other = #"{"baseVersion":1,"moveRows":[{"id":7,"toSection":0,"toRow":0}],"updateRows":[{"id":3,"fields":{"title":"b"}}]}"#
            #expect(try apiRequest(port, "POST", path, body: other).status == 200)
            // Made on version 1: a row between C and D.
            let insert = try apiRequest(
                port, "POST", path, body: #"{"baseVersion":1,"insertRows":[{"section":0,"row":3,"fields":{"title":"C½"}}]}"#)
            #expect(insert.status == 200, "\(insert.text)")
            let rename = try apiRequest(
                port, "POST", path, body: #"{"baseVersion":1,"updateRows":[{"id":3,"fields":{"title":"Bee"}}]}"#)
            #expect(rename.status == 409, "\(rename.text)")
            #expect(rename.headers["Content-Type"] == "application/problem+json")
            #expect(rename.text.contains("updateRows[0]: field 'title' of row 3 was changed"), "\(rename.text)")
        }
        #expect(api.titles("letters") == ["F", "A", "b", "C", "C½", "D", "E"])
        #expect(api.version("letters") == 3)
    }

    @Test("a body over 1 MiB is refused with a 413 problem and changes nothing")
    func bodyTooLarge() throws {
        let api = try APIFixture()
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            // The head announces the body; the server refuses it before reading any of it.
            let client = try RawClient(port: port, timeoutSeconds: 20)
            try client.send(
                "POST /api/datasets/letters/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: \((1 << 20) + 1)\r\n\r\n")
            let response = try #require(client.readResponse())
            #expect(response.status == 413)
            #expect(response.headers["Content-Type"] == "application/problem+json")
            #expect(response.text.contains("\"detail\""))
        }
        #expect(api.version("letters") == 1)
    }

    @Test("a request line the parser refuses under /api/ is still answered as problem+json")
    func malformedAPIRequest() throws {
        let api = try APIFixture()
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            let response = try apiRequest(port, "GET", "/api/datasets/a%01b")
            #expect(response.status == 400)
            #expect(response.headers["Content-Type"] == "application/problem+json")
            let page = try apiRequest(port, "GET", "/d/a%01b")
            #expect(page.status == 400)
            #expect(page.headers["Content-Type"]?.hasPrefix("text/plain") == true)
        }
    }
}
