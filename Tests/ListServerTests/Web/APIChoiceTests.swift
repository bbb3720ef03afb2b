// ListServerTests — choice lists, indentation and moveWithinSection over the API
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// Sections 1–3. Row 4 "Mode" (detail "B") opens a child whose section is a choice list of rows 7–9 (B
/// checked); row 5 "Plain" opens a child without a detail to show. The second section keeps its moves (rows
/// 12, 13, the second indented); the third (row 14) does not.
private let document = #"""
    {"table": {"sections": [
      {"rows": [
        {"text": "Mode", "detail": "B", "style": "value1", "table": {"sections": [
          {"choice": "single", "rows": [{"text": "A"}, {"text": "B", "accessory": "checkmark"}, {"text": "C"}]}]}},
        {"text": "Plain", "table": {"sections": [{"choice": "single", "rows": [{"text": "X", "accessory": "checkmark"}]}]}}]},
      {"moveWithinSection": true, "rows": [
        {"text": "one", "canMove": true}, {"text": "two", "canMove": true, "indentationLevel": 2}]},
      {"rows": [{"text": "three", "canMove": true}]}]}}
    """#

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

@Suite("Choice lists, indentation and moveWithinSection over the API")
struct APIChoiceTests {
    @Test("checking a row of a choice list unchecks the others in the same batch, and the row that opens it shows the choice")
    func choiceMovesTheCheckmark() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let reply = try api.batch("doc", #"{"baseVersion":1,"child":"4","updateRows":[{"id":9,"fields":{"accessory":"checkmark"}}]}"#)
        #expect(reply.status == 200, "\(text(reply))")
        let parent = api.dataset("doc").sections[0].rows[0].fields
        #expect(parent["detail"] == .string("C"))
        let child = try #require(TableDocument.childDataset(of: api.dataset("doc").sections[0].rows[0], in: api.dataset("doc")))
        #expect(child.sections[0].rows.map { $0.fields["accessory"]?.stringValue } == [nil, nil, "checkmark"])
        let export = text(try api.get("/api/datasets/doc/export?format=json")).filter { !$0.isWhitespace }
        #expect(export.contains(#""detail":"C""#))
        #expect(export.contains(#""text":"C","accessory":"checkmark""#))
        #expect(!export.contains(#""text":"B","accessory""#))
        // A child whose opening row shows no detail keeps it that way.
        #expect(try api.batch("doc", #"{"baseVersion":2,"child":"5","updateRows":[{"id":"#
            + "\(try #require(TableDocument.childDataset(of: api.dataset("doc").sections[0].rows[1], in: api.dataset("doc"))).sections[0].rows[0].id)"
            + #","fields":{"text":"Y"}}]}"#).status == 200)
        #expect(api.dataset("doc").sections[0].rows[1].fields["detail"] == nil)
    }

    @Test("two rows checked in one batch of a choice list leave the later one checked, as two taps would")
    func twoChecksInOneBatch() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let both = #"{"baseVersion":1,"child":"4","updateRows":[{"id":7,"fields":{"accessory":"checkmark"}},{"id":9,"fields":{"accessory":"checkmark"}}]}"#
        let reply = try api.batch("doc", both)
        #expect(reply.status == 200, "\(text(reply))")
        let child = try #require(TableDocument.childDataset(of: api.dataset("doc").sections[0].rows[0], in: api.dataset("doc")))
        #expect(child.sections[0].rows.map { $0.fields["accessory"]?.stringValue } == [nil, nil, "checkmark"])
        #expect(api.dataset("doc").sections[0].rows[0].fields["detail"] == .string("C"))
    }

    @Test("the fragment marks choice rows and rows kept in their section, and indents by 10 px a level")
    func fragmentMarks() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let child = text(try api.get("/d/doc/fragment?child=4&height=400"))
        #expect(RenderCount.occurrences(of: #"data-choice="single""#, in: child) == 3)
        let root = text(try api.get("/d/doc/fragment?height=800"))
        #expect(RenderCount.occurrences(of: #"data-move-within="section""#, in: root) == 2)
        #expect(root.contains(#"<span aria-hidden="true" style="flex:none;margin-right:-12px;width:20px"></span>"#))
        #expect(RenderCount.occurrences(of: "margin-right:-12px", in: root) == 1)
    }

    @Test("a move out of a moveWithinSection section is refused with the nearest place; moves inside it are not")
    func moveWithinSection() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let out = try api.batch("doc", #"{"baseVersion":1,"moveRows":[{"id":12,"toSection":2,"toRow":0}]}"#)
        #expect(try expectProblem(out, status: 422).contains("row 12 moves only within section 1 (moveWithinSection); the nearest place there is row 1"))
        #expect(try api.batch("doc", #"{"baseVersion":1,"moveRows":[{"id":12,"toSection":1,"toRow":1}]}"#).status == 200)
        #expect(api.rowIDs("doc", section: 1) == [13, 12])
        #expect(try api.batch("doc", #"{"baseVersion":2,"moveRows":[{"id":14,"toSection":1,"toRow":0}]}"#).status == 200)
    }

    @Test("choice, moveWithinSection and indentationLevel are checked on import with their key paths")
    func refusals() throws {
        for (json, path) in [
            (#"{"table": {"sections": [{"choice": "multiple", "rows": []}]}}"#, "table.sections[0].choice"),
            (#"{"table": {"sections": [{"moveWithinSection": "always", "rows": []}]}}"#, "table.sections[0].moveWithinSection"),
            (#"{"table": {"sections": [{"rows": [{"text": "a", "indentationLevel": 17}]}]}}"#, "table.sections[0].rows[0].indentationLevel"),
        ] {
            let reply = try APIFixture(datasets: [("doc", document)]).send(
                "PUT", "/api/datasets/bad", body: json, headers: ["Content-Type": "application/json"])
            #expect(try expectProblem(reply, status: 422).contains(path))
        }
    }
}

private enum RenderCount {
    static func occurrences(of needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
