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
}
