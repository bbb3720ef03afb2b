// ListServerTests — a replace applied as a diff: ids kept, one change event, reload only for large diffs
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

private func put(_ api: APIFixture, _ id: String, _ body: String) throws -> HTTPResponse {
    try api.send(
        "PUT", "/api/datasets/\(id)", body: body,
        headers: ["Origin": "http://127.0.0.1:8080", "Content-Type": "application/json"])
}

/// The JSON of the one event a stream got after its `ready`, and its name.
private func lastEvent(_ stream: RecordingStream) throws -> (name: String, data: Fields) {
    let blocks = stream.text.components(separatedBy: "\n\n").filter { $0.contains("event: ") }
    let block = try #require(blocks.last)
    let name = block.components(separatedBy: "\n").first { $0.hasPrefix("event: ") }?.dropFirst(7) ?? ""
    let data = block.components(separatedBy: "\n").first { $0.hasPrefix("data: ") }?.dropFirst(6) ?? ""
    return (String(name), try #require(try JSONReader.read(Array(data.utf8)).dictValue))
}

private func ids(_ list: FieldValue?) -> [Int64] {
    (list?.arrayValue ?? []).compactMap { $0.dictValue?["id"]?.intValue }
}

@Suite("A replace applied as a diff")
struct APIReplaceDiffTests {
    @Test("unchanged rows keep their ids; the rest are one change event of deletes and inserts")
    func byContent() throws {
        let api = try APIFixture()
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "letters", stream: stream) { 1 })
        #expect(api.rowIDs("letters") == [2, 3, 4, 5, 6, 7])
        let reply = try put(api, "letters", #"[{"title":"A"},{"title":"C"},{"title":"X"},{"title":"D"},{"title":"E"},{"title":"F"},{"title":"G"}]"#)
        #expect(reply.status == 200)
        #expect(api.version("letters") == 2)
        let after = api.rowIDs("letters")
        #expect(after.count == 7)
        #expect([after[0], after[1], after[3], after[4], after[5]] == [2, 4, 5, 6, 7])
        #expect(after[2] >= 8 && after[6] >= 8)
        #expect(api.titles("letters") == ["A", "C", "X", "D", "E", "F", "G"])
        let event = try lastEvent(stream)
        #expect(event.name == "change")
        #expect(ids(event.data["deletes"]) == [3])
        #expect(Set(ids(event.data["inserts"])) == [after[2], after[6]])
        #expect(ids(event.data["updates"]).isEmpty && ids(event.data["moves"]).isEmpty)
        // The change is stored as it is kept: a restart reads the same rows.
        #expect(try api.store.load(id: "letters")?.sections[0].rows.map(\.id.rawValue) == after)
    }

    @Test("rows with an id key are matched by it: a changed row is an update, a reordered one a move")
    func byIdentifier() throws {
        let api = try APIFixture(datasets: [("tasks", #"[{"id":"a","title":"A"},{"id":"b","title":"B"},{"id":"c","title":"C"}]"#)])
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "tasks", stream: stream) { 1 })
        let before = api.rowIDs("tasks")
        #expect(try put(api, "tasks", #"[{"id":"c","title":"C"},{"id":"a","title":"A"},{"id":"b","title":"B, done"}]"#).status == 200)
        #expect(api.rowIDs("tasks") == [before[2], before[0], before[1]])
        #expect(api.titles("tasks") == ["C", "A", "B, done"])
        let event = try lastEvent(stream)
        #expect(event.name == "change")
        #expect(ids(event.data["updates"]) == [before[1]])
        #expect(ids(event.data["moves"]) == [before[2]])
        #expect(ids(event.data["deletes"]).isEmpty && ids(event.data["inserts"]).isEmpty)
    }

    @Test("a row left over is matched by its place, as an update; a replace that changes nothing keeps the version")
    func byPlaceAndUnchanged() throws {
        let api = try APIFixture()
        #expect(try put(api, "letters", #"[{"title":"A"},{"title":"B2"},{"title":"C"},{"title":"D"},{"title":"E"},{"title":"F"}]"#).status == 200)
        #expect(api.rowIDs("letters") == [2, 3, 4, 5, 6, 7])
        #expect(api.titles("letters")[1] == "B2")
        #expect(api.version("letters") == 2)
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "letters", stream: stream) { 2 })
        #expect(try put(api, "letters", #"[{"title":"A"},{"title":"B2"},{"title":"C"},{"title":"D"},{"title":"E"},{"title":"F"}]"#).status == 200)
        #expect(api.version("letters") == 2)
        #expect(!stream.text.contains("event: change") && !stream.text.contains("event: reload"))
    }

    @Test("groups are matched by their keys: a friend moving between groups is a move")
    func grouped() throws {
        let api = try APIFixture(datasets: [("teams", APIFixture.teams)])
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "teams", stream: stream) { 1 })
        #expect(try put(api, "teams", #"[{"title":"Red","rows":[{"title":"r1"}]},{"title":"Blue","rows":[{"title":"b1"},{"title":"r2"}]},{"title":"Green","rows":[]}]"#).status == 200)
        #expect(api.rowIDs("teams", section: 1) == [6, 5])
        let event = try lastEvent(stream)
        #expect(event.name == "change")
        #expect(ids(event.data["moves"]) == [5])
    }

    /// A settings-like document: a switch, a row that opens a choice list, a plain row.
    static let settings = #"""
        {"table": {"style": "insetGrouped", "sections": [{"rows": [
          {"text": "Wi-Fi", "accessoryView": "switch", "on": false},
          {"text": "General", "table": {"sections": [{"choice": "single", "rows": [
            {"text": "One", "accessory": "checkmark"}, {"text": "Two"}]}]}},
          {"text": "Privacy"}]}]}}
        """#

    @Test("a table document's replace is a diff: rows compare by what they show, a child table unchanged keeps its ids")
    func tableDocument() throws {
        let api = try APIFixture(datasets: [("doc", Self.settings)])
        let stream = RecordingStream()
        #expect(api.library.events.subscribe(datasetID: "doc", stream: stream) { 1 })
        let before = api.dataset("doc")
        let rowIDs = before.sections[0].rows.map(\.id)
        #expect(rowIDs.count == 3)
        let childBefore = try #require(TableDocument.childDataset(of: before.sections[0].rows[1], in: before))
        let switchedOn = Self.settings.replacingOccurrences(of: #""on": false"#, with: #""on": true"#)
        #expect(try put(api, "doc", switchedOn).status == 200)
        let after = api.dataset("doc")
        #expect(after.sections[0].rows.map(\.id) == rowIDs)
        #expect(after.sections[0].rows[0].fields["on"] == .bool(true))
        let childAfter = try #require(TableDocument.childDataset(of: after.sections[0].rows[1], in: after))
        #expect(childAfter.sections.map(\.id) == childBefore.sections.map(\.id))
        #expect(childAfter.sections[0].rows.map(\.id) == childBefore.sections[0].rows.map(\.id))
        let event = try lastEvent(stream)
        #expect(event.name == "change")
        #expect(ids(event.data["updates"]) == [rowIDs[0].rawValue])
        #expect(ids(event.data["deletes"]).isEmpty && ids(event.data["inserts"]).isEmpty)

        // A changed child table is an update of the row that opens it, stamped with fresh ids, and a new
        // row with a child table gets one too: no id is used twice.
        let rechosen = switchedOn
            .replacingOccurrences(of: #"{"text": "One", "accessory": "checkmark"}, {"text": "Two"}"#,
                with: #"{"text": "One"}, {"text": "Two", "accessory": "checkmark"}"#)
            .replacingOccurrences(of: #"{"text": "Privacy"}"#,
                with: #"{"text": "Privacy"}, {"text": "About", "table": {"sections": [{"rows": [{"text": "Name"}]}]}}"#)
        #expect(try put(api, "doc", rechosen).status == 200)
        let last = api.dataset("doc")
        #expect(Array(last.sections[0].rows.prefix(3).map(\.id)) == rowIDs)
        let child = try #require(TableDocument.childDataset(of: last.sections[0].rows[1], in: last))
        #expect(child.sections[0].rows[1].fields["accessory"] == .string("checkmark"))
        let about = try #require(TableDocument.childDataset(of: last.sections[0].rows[3], in: last))
        var seen = Set<Int64>()
        for table in [last, child, about] {
            for section in table.sections {
                #expect(seen.insert(section.id.rawValue).inserted)
                for row in section.rows { #expect(seen.insert(row.id.rawValue).inserted) }
            }
        }
        #expect(seen.allSatisfy { $0 < last.nextID })
        let second = try lastEvent(stream)
        #expect(second.name == "change")
        #expect(ids(second.data["updates"]) == [rowIDs[1].rawValue])
        #expect(ids(second.data["inserts"]) == [last.sections[0].rows[3].id.rawValue])
        // What is stored is what is served: a restart reads the same ids.
        #expect(try api.store.load(id: "doc")?.sections[0].rows.map(\.id) == last.sections[0].rows.map(\.id))
        #expect(!stream.text.contains("event: reload"))
    }
}
