// ListServerTests — a batch's undo: rows restored with their ids beside their neighbours, moves placed by neighbours
import Foundation
import HTTPServer
import Models
import SeededRandom
import TestSupport
import Testing

@testable import ListServer

@Suite("Undo: restored rows and places named by neighbours")
struct BatchUndoTests {
    /// The `undo` member of an accepted batch's reply, as the body to send back.
    private func undoBody(of reply: HTTPResponseBody, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let body = try jsonBody(reply.response)
        #expect(reply.response.status == 200, "\(reply.text)", sourceLocation: sourceLocation)
        let undo = try #require(body["undo"], "no undo in \(reply.text)", sourceLocation: sourceLocation)
        return String(decoding: JSONWriter.write(undo), as: UTF8.self)
    }

    @Test("restoreRows brings a deleted row back with its id and fields after the row it followed")
    func restoreAfterNeighbour() throws {
        let api = try APIFixture()
        #expect(try api.batch("letters", #"{"baseVersion":1,"deleteRows":[4]}"#).status == 200)
        let reply = try api.batch(
            "letters", #"{"baseVersion":2,"restoreRows":[{"id":4,"section":0,"row":0,"after":3,"fields":{"title":"C","x":1}}]}"#)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.rowIDs("letters") == [2, 3, 4, 5, 6, 7])
        #expect(api.dataset("letters").sections[0].rows[2].fields["x"] == .int(1))
        #expect(try jsonBody(reply)["insertedRowIds"]?.arrayValue == [.int(4)])
    }

    @Test("a restore whose neighbours are gone lands at its index path, clamped to the section")
    func restoreFallsBackToIndex() throws {
        let api = try APIFixture()
        #expect(try api.batch("letters", #"{"baseVersion":1,"deleteRows":[6,7]}"#).status == 200)
        let reply = try api.batch(
            "letters", #"{"baseVersion":2,"restoreRows":[{"id":7,"section":0,"row":40,"after":6,"before":99,"fields":{"title":"F"}}]}"#)
        #expect(reply.status == 200)
        #expect(api.titles("letters") == ["A", "B", "C", "D", "F"])
    }

    @Test("restoreRows refuses an id in use, one never given, and the same id twice")
    func restoreRefusals() throws {
        let api = try APIFixture()
        var detail = try expectProblem(
            try api.batch("letters", #"{"baseVersion":1,"restoreRows":[{"id":3,"section":0,"row":0,"fields":{"title":"B"}}]}"#),
            status: 422)
        #expect(detail.contains("restoreRows[0].id: row 3 is in the table"), "\(detail)")
        detail = try expectProblem(
            try api.batch("letters", #"{"baseVersion":1,"restoreRows":[{"id":900,"section":0,"row":0,"fields":{"title":"B"}}]}"#),
            status: 422)
        #expect(detail.contains("row 900 was never in 'letters'"), "\(detail)")
        #expect(try api.batch("letters", #"{"baseVersion":1,"deleteRows":[3]}"#).status == 200)
        detail = try expectProblem(
            try api.batch(
                "letters",
                #"{"baseVersion":2,"restoreRows":[{"id":3,"section":0,"row":0,"fields":{"title":"B"}},{"id":3,"section":0,"row":0,"fields":{"title":"B"}}]}"#),
            status: 422)
        #expect(detail.contains("restoreRows[1].id: row 3 is already restored"), "\(detail)")
        #expect(api.version("letters") == 2)
    }

    @Test("a move placed by a neighbour lands after it, whatever its index says")
    func moveAfterNeighbour() throws {
        let api = try APIFixture()
        let reply = try api.batch("letters", #"{"baseVersion":1,"moveRows":[{"id":2,"toSection":0,"toRow":0,"after":5}]}"#)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.titles("letters") == ["B", "C", "D", "A", "E", "F"])
    }

    @Test("undo of a delete of a run restores the rows in order where their neighbours are, after others' inserts")
    func undoDeleteAcrossRemoteInsert() throws {
        let api = try APIFixture()
        let deleted = try api.batch("letters", #"{"baseVersion":1,"undoable":true,"deleteRows":[3,4,7]}"#)
        let undo = try undoBody(of: HTTPResponseBody(deleted))
        // Another client inserts at the top and deletes E meanwhile: the undo rebases.
        #expect(try api.batch("letters", #"{"baseVersion":2,"insertRows":[{"section":0,"row":0,"fields":{"title":"Z"}}]}"#).status == 200)
        #expect(try api.batch("letters", #"{"baseVersion":3,"deleteRows":[6]}"#).status == 200)
        let undone = try api.batch("letters", undo)
        #expect(undone.status == 200, "\(String(decoding: undone.bodyBytes, as: UTF8.self))")
        #expect(api.titles("letters") == ["Z", "A", "B", "C", "D", "F"])
        #expect(api.rowIDs("letters").dropFirst().elementsEqual([2, 3, 4, 5, 7]))
        // Undo's own undo deletes them again: redo.
        let redo = try undoBody(of: HTTPResponseBody(undone))
        #expect(try api.batch("letters", redo).status == 200)
        #expect(api.titles("letters") == ["Z", "A", "D"])
    }

    @Test("undo of a move puts the row back between its old neighbours; undo of an update restores the old values")
    func undoMoveAndUpdate() throws {
        let api = try APIFixture()
        let moved = try api.batch(
            "letters",
            #"{"baseVersion":1,"undoable":true,"moveRows":[{"id":3,"toSection":0,"toRow":5}],"updateRows":[{"id":5,"fields":{"title":"d","new":true}}]}"#)
        #expect(api.titles("letters") == ["A", "C", "d", "E", "F", "B"])
        let undo = try undoBody(of: HTTPResponseBody(moved))
        #expect(try api.batch("letters", #"{"baseVersion":2,"insertRows":[{"section":0,"row":1,"fields":{"title":"Y"}}]}"#).status == 200)
        let undone = try api.batch("letters", undo)
        #expect(undone.status == 200, "\(String(decoding: undone.bodyBytes, as: UTF8.self))")
        #expect(api.titles("letters") == ["A", "B", "Y", "C", "D", "E", "F"])
        #expect(api.dataset("letters").sections[0].rows[4].fields["new"] == nil)
    }

    @Test("undo of a row action's move puts back a row that cannot move by itself; its redo moves it again")
    func undoActionMove() throws {
        let document = #"""
            {"table": {"sections": [{"rows": [
              {"text": "a", "editingStyle": "delete", "trailingActions": [{"title": "Top", "moveTo": "top"}]},
              {"text": "b", "editingStyle": "delete", "trailingActions": [{"title": "Top", "moveTo": "top"}]},
              {"text": "c", "editingStyle": "delete"}]}]}}
            """#
        let api = try APIFixture(datasets: [("doc", document)])
        let ids = api.rowIDs("doc")
        let moved = try api.batch("doc", #"{"baseVersion":1,"undoable":true,"rowActions":[{"id":\#(ids[1]),"edge":"trailing","index":0}]}"#)
        #expect(api.rowIDs("doc") == [ids[1], ids[0], ids[2]])
        let undo = try undoBody(of: HTTPResponseBody(moved))
        #expect(undo.contains(#""byAction":true"#), "\(undo)")
        let undone = try api.batch("doc", undo)
        #expect(undone.status == 200, "\(String(decoding: undone.bodyBytes, as: UTF8.self))")
        #expect(api.rowIDs("doc") == ids)
        #expect(try api.batch("doc", try undoBody(of: HTTPResponseBody(undone))).status == 200)
        #expect(api.rowIDs("doc") == [ids[1], ids[0], ids[2]])
        // A row with no move action cannot be moved by saying so.
        let claimed = try api.batch("doc", #"{"baseVersion":4,"moveRows":[{"id":\#(ids[2]),"toSection":0,"toRow":0,"byAction":true}]}"#)
        #expect(try expectProblem(claimed, status: 422).contains("cannot move"))
    }

    @Test("undo of an insert deletes the new row; its redo restores the same id")
    func undoInsertRedoSameID() throws {
        let api = try APIFixture()
        let inserted = try api.batch(
            "teams", #"{"baseVersion":1,"undoable":true,"insertRows":[{"section":1,"row":1,"fields":{"title":"b2"}}]}"#)
        let id = try #require(try jsonBody(inserted)["insertedRowIds"]?.arrayValue?.first?.intValue)
        let undone = try api.batch("teams", try undoBody(of: HTTPResponseBody(inserted)))
        #expect(api.titles("teams", section: 1) == ["b1"])
        #expect(try api.batch("teams", try undoBody(of: HTTPResponseBody(undone))).status == 200)
        #expect(api.rowIDs("teams", section: 1) == [6, id])
    }

    @Test("undo of a batch on a changed row is a real conflict")
    func undoConflict() throws {
        let api = try APIFixture()
        let updated = try api.batch("letters", #"{"baseVersion":1,"undoable":true,"updateRows":[{"id":2,"fields":{"title":"a"}}]}"#)
        let undo = try undoBody(of: HTTPResponseBody(updated))
        #expect(try api.batch("letters", #"{"baseVersion":2,"updateRows":[{"id":2,"fields":{"title":"α"}}]}"#).status == 200)
        let detail = try expectProblem(try api.batch("letters", undo), status: 409)
        #expect(detail.contains("updateRows[0]: field 'title' of row 2 was changed"), "\(detail)")
    }

    @Test("undo of a choice in a child table unchecks it on the same child table, its ids kept")
    func undoChoiceInChild() throws {
        let document = #"""
            {"table": {"sections": [{"rows": [{"text": "General", "table": {"sections": [{"choice": "single", "rows": [
              {"text": "One", "accessory": "checkmark"}, {"text": "Two"}]}]}}]}]}}
            """#
        let api = try APIFixture(datasets: [("doc", document)])
        let opener = api.dataset("doc").sections[0].rows[0].id
        func child() throws -> Dataset { try api.library.entry("doc")!.child(opener).dataset }
        let ids = try child().sections[0].rows.map(\.id.rawValue)
        let chosen = try api.batch(
            "doc", #"{"baseVersion":1,"child":"\#(opener.rawValue)","undoable":true,"updateRows":[{"id":\#(ids[1]),"fields":{"accessory":"checkmark"}}]}"#)
        let undo = try undoBody(of: HTTPResponseBody(chosen))
        #expect(undo.contains(#""child":"\#(opener.rawValue)""#), "\(undo)")
        #expect(try child().sections[0].rows.map { $0.fields["accessory"]?.stringValue } == [nil, "checkmark"])
        #expect(try api.batch("doc", undo).status == 200)
        #expect(try child().sections[0].rows.map { $0.fields["accessory"]?.stringValue } == ["checkmark", nil])
        #expect(try child().sections[0].rows.map(\.id.rawValue) == ids)
    }

    @Test("undo of a row action's update gives the row its old values back")
    func undoRowAction() throws {
        let json = #"{"trailingActions":[{"title":"Read","update":{"read":true}}],"messages":[{"send_time":1,"title":"a","content":"b"}]}"#
        let api = try APIFixture(datasets: [("inbox", json)])
        let id = api.rowIDs("inbox")[0]
        let run = try api.batch(
            "inbox", #"{"baseVersion":1,"undoable":true,"rowActions":[{"id":\#(id),"edge":"trailing","index":0}]}"#)
        #expect(api.dataset("inbox").sections[0].rows[0].fields["read"] == .bool(true))
        #expect(try api.batch("inbox", try undoBody(of: HTTPResponseBody(run))).status == 200)
        #expect(api.dataset("inbox").sections[0].rows[0].fields["read"] == nil)
    }

    @Test("random deletes and moves, undone after another client's random inserts, give the table back", arguments: 0..<40)
    func undoOracle(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let count = 3 + Int(random.next() % 6)
        let json = "[" + (0..<count).map { #"{"title":"r\#($0)"}"# }.joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("list", json)])
        let start = api.rowIDs("list")
        var body: String
        if random.next() % 2 == 0 {
            let ids = Set((0..<(1 + Int(random.next() % 3))).map { _ in start[Int(random.next() % UInt64(count))] })
            body = #"{"baseVersion":1,"undoable":true,"deleteRows":[\#(ids.sorted().map(String.init).joined(separator: ","))]}"#
        } else {
            let id = start[Int(random.next() % UInt64(count))]
            body = #"{"baseVersion":1,"undoable":true,"moveRows":[{"id":\#(id),"toSection":0,"toRow":\#(random.next() % UInt64(count))}]}"#
        }
        let reply = try api.batch("list", body)
        let undo = try undoBody(of: HTTPResponseBody(reply))
        var version = api.version("list")
        for _ in 0..<Int(random.next() % 3) {
            let row = Int(random.next() % UInt64(api.rowIDs("list").count + 1))
            let insert = #"{"baseVersion":\#(version),"insertRows":[{"section":0,"row":\#(row),"fields":{"title":"x"}}]}"#
            #expect(try api.batch("list", insert).status == 200)
            version += 1
        }
        let others = Set(api.rowIDs("list")).subtracting(start)
        let undone = try api.batch("list", undo)
        #expect(undone.status == 200, "seed \(seed): \(String(decoding: undone.bodyBytes, as: UTF8.self))")
        #expect(api.rowIDs("list").filter { !others.contains($0) } == start, "seed \(seed): \(body)")
    }
}

/// A reply and its text, for messages.
private struct HTTPResponseBody {
    let response: HTTPResponse
    init(_ response: HTTPResponse) { self.response = response }
    var text: String { String(decoding: response.bodyBytes, as: UTF8.self) }
}
