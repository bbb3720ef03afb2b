// ListServerTests — PUT and DELETE /api/datasets/{id}: uploads, replaces and deletes over HTTP
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("API: datasets uploaded and deleted over HTTP")
struct APIDatasetUploadTests {
    static let origin: HTTPHeaders = ["Origin": "http://127.0.0.1:8080"]

    static func put(
        _ api: APIFixture, _ id: String, _ body: String, contentType: String? = "application/json",
        extra: HTTPHeaders = [:], query: String = ""
    ) throws -> HTTPResponse {
        var headers = origin
        if let contentType { headers.set("Content-Type", contentType) }
        for field in extra { headers.set(field.name, field.value) }
        return try api.send("PUT", "/api/datasets/\(id)\(query)", body: body, headers: headers)
    }

    @Test(
        "the upload body limit applies to one dataset's path and no other",
        arguments: [
            ("/api/datasets/friends", true), ("/api/datasets/x", true), ("/api/datasets/é", true),
            ("/api/datasets/", false), ("/api/datasets", false), ("/api/datasets/friends/batch", false),
            ("/api/datasets/friends/", false), ("/d/friends", false), ("/api/datasetsfriends", false),
        ] as [(String, Bool)])
    func uploadPaths(path: String, isDataset: Bool) {
        #expect(AppRoutes.isDatasetPath(path) == isDataset)
    }

    @Test("a new id is created (201, Location), listed, stored and shown; the same id again replaces it (200)")
    func createThenReplace() throws {
        let api = try APIFixture()
        let created = try Self.put(api, "inbox", #"[{"title":"One"},{"title":"Two"}]"#)
        #expect(created.status == 201)
        #expect(created.headers["Location"] == "/api/datasets/inbox")
        #expect(try jsonBody(created)["rowCount"]?.intValue == 2)
        #expect(api.titles("inbox") == ["One", "Two"])
        #expect(try api.store.load(id: "inbox")?.rowCount == 2)
        let listing = String(decoding: try api.get("/api/datasets").bodyBytes, as: UTF8.self)
        #expect(listing.contains("\"id\":\"inbox\""))

        let replaced = try Self.put(api, "inbox", #"[{"title":"Three"}]"#)
        #expect(replaced.status == 200)
        #expect(api.titles("inbox") == ["Three"])
        #expect(api.version("inbox") == 2, "a replaced dataset continues the old versions")
        #expect(try api.store.load(id: "inbox")?.rowCount == 1)
    }

    @Test("XML and binary property lists import by Content-Type or by their first bytes")
    func propertyLists() throws {
        let api = try APIFixture()
        let rows: FieldValue = .array([.dict(["title": .string("plist row")])])
        let xml = String(decoding: DocumentFormat.plist.write(rows), as: UTF8.self)
        #expect(try Self.put(api, "xml", xml, contentType: "application/x-plist").status == 201)
        #expect(try Self.put(api, "sniffed", xml, contentType: nil).status == 201)
        #expect(api.titles("xml") == ["plist row"])
        #expect(api.titles("sniffed") == ["plist row"])
        let binary = DocumentFormat.binaryPlist.write(rows)
        var headers = Self.origin
        headers.set("Content-Type", "application/octet-stream")
        headers.set("Host", "127.0.0.1:8080")
        let response = api.router.respond(
            to: try HTTPRequest(method: "PUT", target: "/api/datasets/binary", headers: headers, body: binary),
            problemPaths: AppRoutes.problemPaths
        ).completed()
        #expect(response.status == 201)
        #expect(api.titles("binary") == ["plist row"])
    }

    @Test(
        "a body that cannot be imported is a 422 naming where, and nothing stored changes",
        arguments: [
            (#"[{"title":"A"},"#, "line 1"),
            (#"[{"send_time":true,"title":"x"}]"#, "[0].send_time"),
            ("   ", "empty"),
        ])
    func refusals(_ body: String, _ expected: String) throws {
        let api = try APIFixture()
        let before = api.dataset("letters")
        let detail = try expectProblem(try Self.put(api, "letters", body), status: 422)
        #expect(detail.contains(expected), "\(detail)")
        #expect(api.dataset("letters") == before)
        #expect(try api.store.load(id: "letters") == before)
    }

    @Test("If-None-Match: * refuses to replace (412) and still creates a new id")
    func ifNoneMatch() throws {
        let api = try APIFixture()
        let before = api.dataset("letters")
        try expectProblem(try Self.put(api, "letters", #"[{"title":"x"}]"#, extra: ["If-None-Match": "*"]), status: 412)
        #expect(api.dataset("letters") == before)
        #expect(try Self.put(api, "fresh", #"[{"title":"x"}]"#, extra: ["If-None-Match": "*"]).status == 201)
    }

    @Test("?kind= forces the kind; an unknown kind and a bad id are 400")
    func kindAndID() throws {
        let api = try APIFixture()
        let forced = try Self.put(api, "named", #"[{"name":"Ann","desc":"d"}]"#, query: "?kind=generic")
        #expect(try jsonBody(forced)["kind"]?.stringValue == "generic")
        try expectProblem(try Self.put(api, "named", "[]", query: "?kind=nope"), status: 400)
        try expectProblem(try Self.put(api, "Bad_Id", #"[{"title":"x"}]"#), status: 400)
        try expectProblem(try Self.put(api, "_lead", #"[{"title":"x"}]"#), status: 400)
    }

    @Test("an id may hold '_', and an empty list is told to add ?kind=, not a command-line flag")
    func underscoresAndEmptyLists() throws {
        let api = try APIFixture()
        #expect(try Self.put(api, "generic_order", #"[{"title":"x"}]"#).status == 201)
        #expect(try api.get("/d/generic_order").status == 200)
        #expect(try api.get("/api/datasets/generic_order/window?top=0&height=100").status == 200)
        let empty = try expectProblem(try Self.put(api, "nothing", "[]"), status: 422)
        #expect(empty.contains("?kind=") && !empty.contains("--kind"), "\(empty)")
        #expect(try Self.put(api, "nothing", "[]", query: "?kind=generic").status == 201)
    }

    @Test("a cross-site upload or delete is refused (403) and a --token server wants the token (401)")
    func policy() throws {
        let api = try APIFixture()
        let evil: HTTPHeaders = ["Origin": "http://evil.example", "Content-Type": "application/json"]
        try expectProblem(try api.send("PUT", "/api/datasets/x", body: "[]", headers: evil), status: 403)
        try expectProblem(try api.send("DELETE", "/api/datasets/letters", headers: evil), status: 403)
        #expect(api.library.entry("letters") != nil)
        let guarded = try APIFixture(token: "s3cret")
        try expectProblem(try Self.put(guarded, "x", #"[{"title":"x"}]"#), status: 401)
    }

    @Test("DELETE answers 204, the dataset is gone from the library and the store; again it is 404")
    func delete() throws {
        let api = try APIFixture()
        let response = try api.send("DELETE", "/api/datasets/letters", headers: Self.origin)
        #expect(response.status == 204)
        #expect(api.library.entry("letters") == nil)
        #expect(try api.store.load(id: "letters") == nil)
        try expectProblem(try api.get("/api/datasets/letters"), status: 404)
        try expectProblem(try api.send("DELETE", "/api/datasets/letters", headers: Self.origin), status: 404)
    }

    @Test("a replace larger than the dataset sends reload to its subscribers; a delete sends reload and ends the stream")
    func reloadEvents() throws {
        let api = try APIFixture()
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "letters", stream: stream) { 1 })
        let rows = (1...13).map { #"{"title":"New \#($0)"}"# }.joined(separator: ",")
        _ = try Self.put(api, "letters", "[\(rows)]")
        #expect(stream.text.contains("event: reload\ndata: {\"version\":2}"), "\(stream.text)")
        #expect(try api.send("DELETE", "/api/datasets/letters", headers: Self.origin).status == 204)
        #expect(stream.text.contains("\"deleted\":true"))
        #expect(stream.isClosed)
    }
}

/// An event stream that keeps what it is sent.
final class RecordingStream: EventStream, @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var closed = false
    private var callbacks: [@Sendable () -> Void] = []

    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
    var isClosed: Bool { lock.withLock { closed } }

    func write(_ bytes: [UInt8]) -> Bool {
        lock.withLock {
            guard !closed else { return false }
            self.bytes += bytes
            return true
        }
    }

    func close() {
        let callbacks = lock.withLock { () -> [@Sendable () -> Void] in
            closed = true
            defer { self.callbacks = [] }
            return self.callbacks
        }
        for callback in callbacks { callback() }
    }

    func onClose(_ callback: @escaping @Sendable () -> Void) {
        lock.withLock { callbacks.append(callback) }
    }
}
