// ListServerTests — POST /api/datasets/{id}/batch: UIKit's batch rules
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("POST /api/datasets/{id}/batch: UIKit's batch rules")
struct APIBatchTests {
    @Test("a delete and an insert in one batch: the delete first, the insert at its index after the batch")
    func deleteThenInsert() throws {
        // Listed insert-first: the order of the lists changes nothing.
        let (api, response) = try Self.accepted(
            "letters", #"{"insertRows":[{"section":0,"row":1,"fields":{"title":"X"}}],"deleteRows":[2],"baseVersion":1}"#)
        #expect(try jsonBody(response)["version"]?.intValue == 2)
        // A deleted → B C D E F; X inserted at row 1 after the batch.
        #expect(api.titles("letters") == ["B", "X", "C", "D", "E", "F"])
        #expect(api.version("letters") == 2)
    }

    @Test("an insert at the end counts rows after the batch's deletes")
    func insertAfterDeletes() throws {
        let (api, _) = try Self.accepted(
            "letters",
            #"{"baseVersion":1,"deleteRows":[2,3,4],"insertRows":[{"section":0,"row":3,"fields":{"title":"Z"}}]}"#)
        #expect(api.titles("letters") == ["D", "E", "F", "Z"])
        // Row 4 would have fitted before the deletes, not after them.
        let refused = try api.batch(
            "letters", #"{"baseVersion":2,"deleteRows":[5],"insertRows":[{"section":0,"row":4,"fields":{"title":"Q"}}]}"#)
        let detail = try expectProblem(refused, status: 422)
        #expect(detail.contains("insertRows[0]"))
        #expect(detail.contains("after the update"))
    }

    @Test("several inserts land at their indexes after the batch, in ascending order")
    func insertsAscending() throws {
        let (api, response) = try Self.accepted(
            "letters",
            #"{"baseVersion":1,"insertRows":[{"section":0,"row":3,"fields":{"title":"Y"}},{"section":0,"row":0,"fields":{"title":"X"}}]}"#)
        #expect(api.titles("letters") == ["X", "A", "B", "Y", "C", "D", "E", "F"])
        let body = try jsonBody(response)
        let ids = try #require(body["insertedRowIds"]?.arrayValue).compactMap(\.intValue)
        // In the order of insertRows: Y first, then X.
        #expect(ids.count == 2)
        #expect(api.rowIDs("letters")[3] == ids[0])
        #expect(api.rowIDs("letters")[0] == ids[1])
        #expect(body["insertedSectionIds"]?.arrayValue == [])
    }

    @Test("a move takes its source before the batch and its destination after it")
    func moveWithDelete() throws {
        // Move A (2) to row 2 and delete B (3): after the delete C D E F, A goes to row 2.
        let (api, _) = try Self.accepted(
            "letters", #"{"baseVersion":1,"moveRows":[{"id":2,"toSection":0,"toRow":2}],"deleteRows":[3]}"#)
        #expect(api.titles("letters") == ["C", "D", "A", "E", "F"])
        #expect(api.rowIDs("letters")[2] == 2)
    }

    @Test("a row moves between sections and keeps its id")
    func moveAcrossSections() throws {
        let (api, _) = try Self.accepted(
            "teams", #"{"baseVersion":1,"moveRows":[{"id":4,"toSection":2,"toRow":0}]}"#)
        #expect(api.titles("teams", section: 0) == ["r2"])
        #expect(api.titles("teams", section: 2) == ["r1"])
        #expect(api.rowIDs("teams", section: 2) == [4])
    }

    @Test("an update sets the keys given and removes the keys sent as null")
    func updateFields() throws {
        let (api, _) = try Self.accepted(
            "heroes", #"{"baseVersion":1,"updateRows":[{"id":2,"fields":{"title":"Renamed","desc":null,"level":3}}]}"#)
        let fields = api.dataset("heroes").sections[0].rows[0].fields
        #expect(fields["title"] == .string("Renamed"))
        #expect(fields["desc"] == nil)
        #expect(fields["level"] == .int(3))
        #expect(fields["name"] != nil)
    }

    @Test("a moved row may also be updated in the same batch")
    func moveAndUpdate() throws {
        let (api, _) = try Self.accepted(
            "letters",
            #"{"baseVersion":1,"moveRows":[{"id":7,"toSection":0,"toRow":0}],"updateRows":[{"id":7,"fields":{"title":"F2"}}]}"#)
        #expect(api.titles("letters") == ["F2", "A", "B", "C", "D", "E"])
    }

    @Test("null values of a new row are left out")
    func insertDropsNulls() throws {
        let (api, _) = try Self.accepted(
            "letters", #"{"baseVersion":1,"insertRows":[{"section":0,"row":0,"fields":{"title":"N","note":null}}]}"#)
        #expect(api.dataset("letters").sections[0].rows[0].fields == ["title": .string("N")])
    }

    @Test("a new section is inserted empty at its index after the batch and takes rows inserted into it")
    func insertSectionWithRows() throws {
        let (api, response) = try Self.accepted(
            "teams",
            #"{"baseVersion":1,"deleteSections":[1],"insertSections":[{"section":1,"fields":{"title":"Gold"}}],"insertRows":[{"section":1,"row":0,"fields":{"title":"g1"}}]}"#)
        let dataset = api.dataset("teams")
        #expect(dataset.sections.map { $0.fields["title"]?.stringValue } == ["Blue", "Gold", "Green"])
        #expect(api.titles("teams", section: 1) == ["g1"])
        let body = try jsonBody(response)
        #expect(body["insertedSectionIds"]?.arrayValue?.first?.intValue == dataset.sections[1].id.rawValue)
        // The deleted section's rows are gone with it.
        #expect(dataset.sections.allSatisfy { section in !section.rows.contains { $0.id.rawValue == 4 } })
    }

    @Test("friends groups follow the kind's rules: a name is required, online must be an integer")
    func friendsSectionRules() throws {
        let api = try APIFixture()
        let version = api.version("friends")
        let missing = try api.batch(
            "friends", #"{"baseVersion":\#(version),"insertSections":[{"section":0,"fields":{"online":1}}]}"#)
        #expect(try expectProblem(missing, status: 422).contains("insertSections[0].fields.name"))
        let wrong = try api.batch(
            "friends", #"{"baseVersion":\#(version),"insertSections":[{"section":0,"fields":{"name":"New","online":"two"}}]}"#)
        #expect(try expectProblem(wrong, status: 422).contains("online"))
        let good = try api.batch(
            "friends", #"{"baseVersion":\#(version),"insertSections":[{"section":0,"fields":{"name":"New","online":0}}]}"#)
        #expect(good.status == 200)
        #expect(api.dataset("friends").sections[0].fields["name"] == .string("New"))
        #expect(api.dataset("friends").sections[0].rows.isEmpty)
    }

    @Test("a flat dataset takes no section inserts or deletes")
    func flatDatasetHasNoSections() throws {
        let api = try APIFixture()
        try expectProblem(
            try api.batch("heroes", #"{"baseVersion":1,"insertSections":[{"section":0,"fields":{}}]}"#), status: 422)
        try expectProblem(try api.batch("heroes", #"{"baseVersion":1,"deleteSections":[1]}"#), status: 422)
        #expect(api.version("heroes") == 1)
    }

    @Test("a batch without operations changes nothing and keeps the version; a stale one is still a conflict")
    func emptyBatch() throws {
        let api = try APIFixture()
        let before = api.dataset("letters")
        let response = try api.batch("letters", #"{"baseVersion":1,"deleteRows":[],"insertRows":[]}"#)
        #expect(response.status == 200)
        #expect(try jsonBody(response)["version"]?.intValue == 1)
        #expect(api.dataset("letters") == before)
        #expect(try api.store.events(datasetID: "letters", after: 0, limit: 10).isEmpty)
        try expectProblem(try api.batch("letters", #"{"baseVersion":0}"#), status: 409)
    }

    @Test("an accepted batch is stored before the reply and logged as a change event")
    func storedAndLogged() throws {
        let (api, _) = try Self.accepted(
            "letters", #"{"baseVersion":1,"deleteRows":[3],"moveRows":[{"id":2,"toSection":0,"toRow":4}]}"#)
        #expect(try api.store.load(id: "letters") == api.dataset("letters"))
        let events = try api.store.events(datasetID: "letters", after: 1, limit: 10)
        #expect(events.map(\.version) == [2])
        guard case .dict(let event) = try JSONReader.read(try #require(events.first).payload) else {
            Issue.record("the event is not an object")
            return
        }
        #expect(event["deletes"] == .array([.dict(["id": .int(3), "section": .int(0), "row": .int(1)])]))
        #expect(
            event["moves"]
                == .array([
                    .dict([
                        "id": .int(2), "fromSection": .int(0), "fromRow": .int(0), "toSection": .int(0), "toRow": .int(4),
                    ])
                ]))
    }

    @Test("indexes and ids written as integral reals (3.0) are integers")
    func integralReals() throws {
        let (api, _) = try Self.accepted("letters", #"{"baseVersion":1.0,"deleteRows":[2.0]}"#)
        #expect(api.titles("letters") == ["B", "C", "D", "E", "F"])
    }

    /// A new fixture after `body` is posted as a batch to the dataset `id` and accepted (200).
    ///
    /// - Returns: The fixture and the batch's response.
    /// - Throws: What building the fixture or sending the batch throws.
    private static func accepted(
        _ id: String, _ body: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (APIFixture, HTTPResponse) {
        let api = try APIFixture()
        let response = try api.batch(id, body)
        #expect(response.status == 200, sourceLocation: sourceLocation)
        return (api, response)
    }
}
