// ListServerTests — a stale batch's conflicts, as a program reads them from a 409 over a real socket
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("A 409 over the wire names its conflicts as data")
struct APIRebaseConflictTests {
    /// POSTs `body` as a batch of `id` on its own connection.
    static func post(_ port: Int, _ id: String, _ body: String) throws -> WireResponse {
        let client = try RawClient(port: port, timeoutSeconds: 30)
        try client.send(
            "POST /api/datasets/\(id)/batch HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body)
        return try #require(client.readResponse())
    }

    @Test("a stale batch in conflict gets a problem whose conflicts name each operation's row, section and fields, fitting the OpenAPI schema")
    func conflictsOverTheWire() throws {
        let api = try APIFixture()
        try withAppServer(api.routes) { port, _ in
            // letters: A…F are rows 2…7. Since version 1: B (3) deleted, C's (4) title and detail written.
            let theirs = #"{"baseVersion":1,"deleteRows":[3],"updateRows":[{"id":4,"fields":{"title":"c","detail":"x"}}]}"#
            #expect(try Self.post(port, "letters", theirs).status == 200)
            let mine = #"{"baseVersion":1,"updateRows":[{"id":4,"fields":{"title":"Mine","detail":"y"}},"#
                + #"{"id":5,"fields":{"title":"D2"}}],"moveRows":[{"id":3,"toSection":0,"toRow":0}]}"#
            let reply = try Self.post(port, "letters", mine)
            #expect(reply.status == 409, "\(reply.text)")
            #expect(reply.headers["Content-Type"] == "application/problem+json")
            guard case .dict(let problem) = try JSONReader.read(reply.body) else { throw APIExpectationError(message: reply.text) }
            #expect(problem["currentVersion"] == .int(2))
            let conflicts = try #require(problem["conflicts"]?.arrayValue, "\(reply.text)")
            #expect(conflicts.count == 2, "\(reply.text)")
            let update = try #require(conflicts.first?.dictValue)
            #expect(update["operation"] == .string("updateRows[0]") && update["row"] == .int(4))
            #expect(update["reason"] == .string("fieldsChanged"))
            #expect(update["fields"] == .array([.string("title"), .string("detail")]), "\(reply.text)")
            let move = try #require(conflicts.last?.dictValue)
            #expect(move == ["operation": .string("moveRows[0]"), "row": .int(3), "reason": .string("rowDeleted")])
            #expect(problem["detail"]?.stringValue?.contains("moveRows[0]: row 3 was deleted") == true)

            let document = try APIOpenAPITests.document()
            let schema = try #require(APIOpenAPITests.resolve("#/components/schemas/VersionConflictProblem", in: document))
            let violations = SchemaCheck(document: document).violations(of: .dict(problem), against: schema, at: "$")
            #expect(violations.isEmpty, "\(violations)")
            let response = try #require(APIOpenAPITests.resolve("#/components/responses/VersionConflict", in: document))
            let documented = response.dictValue?["content"]?.dictValue?["application/problem+json"]?.dictValue?["schema"]
            #expect(documented == .dict(["$ref": .string("#/components/schemas/VersionConflictProblem")]))
            #expect(try Self.post(port, "letters", #"{"baseVersion":2,"deleteRows":[5]}"#).status == 200)
        }
    }
}
