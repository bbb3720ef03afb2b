// ListServerTests — API errors: statuses, problem+json, atomicity
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("API errors: statuses, problem+json, atomicity")
struct APIErrorTests {
    /// Invalid batches against `letters` (rows 2…7) or `teams`, each with a part its detail must name.
    static let invalidBatches: [(dataset: String, body: String, mentions: String)] = [
        ("letters", #"{"baseVersion":1,"deleteRows":[99]}"#, "row 99 does not exist"),
        ("letters", #"{"baseVersion":1,"insertRows":[{"section":0,"row":7,"fields":{"title":"X"}}]}"#, "insertRows[0]"),
        ("letters", #"{"baseVersion":1,"insertRows":[{"section":1,"row":0,"fields":{"title":"X"}}]}"#, "sections"),
        ("letters", #"{"baseVersion":1,"moveRows":[{"id":2,"toSection":0,"toRow":6}]}"#, "moveRows[0]"),
        ("letters", #"{"baseVersion":1,"deleteRows":[3,4,3]}"#, "deleteRows[2]: row 3 is already deleted"),
        ("letters", #"{"baseVersion":1,"deleteRows":[3],"moveRows":[{"id":3,"toSection":0,"toRow":0}]}"#, "moveRows[0]"),
        ("letters", #"{"baseVersion":1,"moveRows":[{"id":3,"toSection":0,"toRow":0},{"id":3,"toSection":0,"toRow":1}]}"#, "moved"),
        ("letters", #"{"baseVersion":1,"deleteRows":[3],"updateRows":[{"id":3,"fields":{"title":"Y"}}]}"#, "deleted by deleteRows[0]"),
        ("letters", #"{"baseVersion":1,"updateRows":[{"id":3,"fields":{"a":1}},{"id":3,"fields":{"b":1}}]}"#, "already updated"),
        ("letters", #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"title":"X"}},{"section":0,"row":0,"fields":{"title":"Y"}}]}"#, "insertRows[0], insertRows[1]"),
        ("letters", #"{"baseVersion":1,"deleteRows":"2"}"#, "deleteRows: expected an array"),
        ("letters", #"{"baseVersion":1,"deleteRows":[true]}"#, "deleteRows[0]: expected an integer"),
        ("letters", #"{"baseVersion":1,"insertRows":[{"section":-1,"row":0,"fields":{}}]}"#, "insertRows[0].section"),
        ("letters", #"{"baseVersion":1,"insertRows":[{"section":0,"row":0}]}"#, "insertRows[0].fields: missing"),
        ("letters", #"{"baseVersion":1,"moveRows":[{"id":2,"toSection":0,"toRows":1}]}"#, "moveRows[0].toRows: unknown key"),
        ("letters", #"{"baseVersion":1,"deleteRow":[2]}"#, "deleteRow: unknown key"),
        ("letters", #"{"deleteRows":[2]}"#, "baseVersion: missing"),
        ("letters", #"[1,2]"#, "expected a JSON object"),
        ("heroes", #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"name":true}}]}"#, "insertRows[0].fields.name: expected a string"),
        ("heroes", #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"title":"no name"}}]}"#, "missing required key"),
        ("heroes", #"{"baseVersion":1,"updateRows":[{"id":2,"fields":{"tags":[true]}}]}"#, "updateRows[0].fields.tags[0]"),
        ("heroes", #"{"baseVersion":1,"updateRows":[{"id":2,"fields":{"name":null}}]}"#, "cannot be removed"),
        ("teams", #"{"baseVersion":1,"deleteSections":[1],"deleteRows":[4]}"#, "which deleteSections[0] deletes"),
        ("teams", #"{"baseVersion":1,"deleteSections":[1],"updateRows":[{"id":5,"fields":{}}]}"#, "cannot also be updated"),
        ("teams", #"{"baseVersion":1,"deleteSections":[1],"moveRows":[{"id":5,"toSection":0,"toRow":0}]}"#, "cannot also be moved"),
        ("teams", #"{"baseVersion":1,"deleteSections":[2,2]}"#, "already deleted"),
        ("teams", #"{"baseVersion":1,"deleteSections":[5]}"#, "section 5 does not exist"),
        ("teams", #"{"baseVersion":1,"insertSections":[{"section":4}]}"#, "insertSections[0]"),
        ("teams", #"{"baseVersion":1,"insertSections":[{"section":0,"fields":{"title":"X","rows":[]}}]}"#, "insertRows"),
    ]

    @Test("an invalid batch gets 422 problem+json naming what is wrong, and changes neither rows nor version",
          arguments: invalidBatches.indices)
    func invalidBatchChangesNothing(_ index: Int) throws {
        let (id, body, mentions) = Self.invalidBatches[index]
        let api = try APIFixture()
        let before = api.dataset(id)
        let response = try api.batch(id, body)
        let detail = try expectProblem(response, status: 422)
        #expect(detail.contains(mentions), "\(detail)")
        #expect(api.dataset(id) == before)
        #expect(try api.store.load(id: id) == before)
        #expect(try api.store.events(datasetID: id, after: 0, limit: 10).isEmpty)
    }

    @Test("a stale baseVersion naming a row changed since gets 409 naming both versions and the row, and changes nothing")
    func staleVersion() throws {
        let api = try APIFixture()
        #expect(try api.batch("letters", #"{"baseVersion":1,"deleteRows":[2]}"#).status == 200)
        let before = api.dataset("letters")
        let response = try api.batch("letters", #"{"baseVersion":1,"deleteRows":[3],"updateRows":[{"id":2,"fields":{"title":"Z"}}]}"#)
        #expect(try expectProblem(response, status: 409).contains("updateRows[0]: row 2 was deleted"))
        let detail = try expectProblem(response, status: 409)
        #expect(detail.contains("version 2") && detail.contains("version 1"))
        #expect(try jsonBody(response)["type"] == .string(LibraryError.versionConflictType))
        #expect(api.dataset("letters") == before)
        #expect(try api.store.load(id: "letters") == before)
        // A version from the future is stale too.
        try expectProblem(try api.batch("letters", #"{"baseVersion":9,"deleteRows":[3]}"#), status: 409)
    }

    @Test("a body that is not JSON, or none, is 400")
    func notJSON() throws {
        let api = try APIFixture()
        #expect(try expectProblem(try api.batch("letters", "{baseVersion:1}"), status: 400).contains("not valid JSON"))
        #expect(try expectProblem(try api.batch("letters", ""), status: 400).contains("empty"))
        #expect(api.version("letters") == 1)
    }

    @Test("an unknown dataset is 404 on every route, before the body is read")
    func unknownDataset() throws {
        let api = try APIFixture()
        for target in ["/api/datasets/nope", "/api/datasets/nope/window", "/api/datasets/nope/export",
                       "/api/datasets/nope/events"] {
            #expect(try expectProblem(try api.get(target), status: 404).contains("'nope'"))
        }
        try expectProblem(try api.batch("nope", "not even JSON"), status: 404)
    }

    @Test("an unknown path under /api/ is a 404 problem pointing at the OpenAPI document")
    func unknownAPIPath() throws {
        let api = try APIFixture()
        for target in ["/api/nothing", "/api/datasets/letters/rows", "/api"] {
            #expect(try expectProblem(try api.get(target), status: 404).contains("/api/openapi.json"))
        }
        #expect(try expectProblem(try api.send("DELETE", "/api/nothing"), status: 404).contains("/api/nothing"))
    }

    @Test("a method a route does not take is 405 problem+json with Allow")
    func methodNotAllowed() throws {
        let api = try APIFixture()
        let response = try api.get("/api/datasets/letters/batch")
        try expectProblem(response, status: 405)
        #expect(response.headers["Allow"] == "POST")
        #expect(try api.send("QUERY", "/api/datasets").status == 405)
    }

    @Test("window parameters out of range are 400 problems naming the parameter")
    func windowParameters() throws {
        let api = try APIFixture()
        for (query, name) in [("top=abc", "top"), ("height=-1", "height"), ("overscan=1e9", "overscan"),
                              ("expanded=1,,2", "expanded"), ("expanded=x", "expanded")] {
            let detail = try expectProblem(try api.get("/api/datasets/letters/window?\(query)"), status: 400)
            #expect(detail.hasPrefix(name), "\(detail)")
        }
    }

    @Test("expanded takes ids and ranges in either order")
    func expandedRanges() throws {
        #expect(try ExpandedSections.parse("9-5,1") == ExpandedSections.parse("1,5-9"))
        #expect(try ExpandedSections.parse("3,4,5,7").description == "3-5,7")
        let ranges = try ExpandedSections.parse("10-20,0")
        #expect(ranges.contains(SectionID(0)) && ranges.contains(SectionID(15)) && !ranges.contains(SectionID(21)))
        #expect(try ExpandedSections.parse("") == .none)
        #expect(throws: HTTPError.self) { try ExpandedSections.parse("1234567890123456") }
        #expect(throws: HTTPError.self) { try ExpandedSections.parse("+5") }
    }
}
