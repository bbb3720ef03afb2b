// ListServerTests — the table document over the API: windows, child tables, batches and exports
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// Sections 1 and 2; rows 3–6 in section 1; row 4 opens a child (section 7, rows 8–10) whose row 10 opens
/// another (section 11, row 12); row 13 in section 2.
private let document = #"""
    {"table": {"style": "insetGrouped", "header": "Top", "sections": [
      {"header": "A", "footer": "Foot A", "rows": [
        {"text": "Wi-Fi", "accessoryView": "switch", "on": false},
        {"text": "General", "table": {"style": "insetGrouped", "sections": [{"footer": "Pick one", "rows": [
          {"text": "One", "accessory": "checkmark"}, {"text": "Two"},
          {"text": "About", "table": {"sections": [{"rows": [{"text": "Name", "detail": "Lin", "style": "value1"}]}]}}]}]}},
        {"text": "Delete me", "editingStyle": "delete", "canMove": true},
        {"text": "Fixed"}]},
      {"rows": [{"text": "Other", "canMove": true}]}]}}
    """#

private func tableAPI() throws -> APIFixture {
    try APIFixture(datasets: [("doc", document)])
}

private func rows(_ window: Fields) -> [Fields] {
    (window["rows"]?.arrayValue ?? []).compactMap(\.dictValue)
}

private func rowIDs(_ window: Fields) -> [Int64] {
    rows(window).compactMap { $0["id"]?.intValue }
}

/// The export of `id` as a value tree.
private func exported(_ api: APIFixture, _ id: String = "doc") throws -> FieldValue {
    let response = try api.get("/api/datasets/\(id)/export?format=json")
    #expect(!response.bodyBytes.contains(0), "an id key leaked into the export")
    return try JSONReader.read(response.bodyBytes)
}

/// The value at a path of keys and indexes in a value tree.
private func value(_ root: FieldValue, _ path: [Any]) -> FieldValue? {
    var current: FieldValue? = root
    for step in path {
        if let key = step as? String { current = current?.dictValue?[key] }
        if let index = step as? Int { current = current?.arrayValue.flatMap { $0.indices.contains(index) ? $0[index] : nil } }
    }
    return current
}

/// The path of the rows of row 4's child table.
private var generalRows: [Any] { ["table", "sections", 0, "rows", 1, "table", "sections", 0, "rows"] }

@Suite("Table documents over the API")
struct APITableDocumentTests {
    @Test("the window carries each row's style and accessory, the child's address, footer titles and the table")
    func windowJSON() throws {
        let api = try tableAPI()
        let window = try jsonBody(try api.get("/api/datasets/doc/window?height=2000"))
        #expect(rowIDs(window) == [3, 4, 5, 6, 13])
        let first = rows(window)[0]
        #expect(first["style"] == .string("default"))
        #expect(first["accessory"] == .string("switch"))
        let general = rows(window)[1]
        #expect(general["accessory"] == .string("disclosureIndicator"))
        #expect(general["child"] == .string("4"))
        #expect(general["fields"]?.dictValue?["table"] == nil)
        let footers = (window["footers"]?.arrayValue ?? []).compactMap(\.dictValue)
        #expect(footers.first?["title"] == .string("Foot A"))
        let table = try #require(window["table"]?.dictValue)
        #expect(table["style"] == .string("insetGrouped"))
        #expect(table["parent"] == .null)
        #expect(table["header"]?.dictValue?["text"] == .string("Top"))
        #expect(table["header"]?.dictValue?["y"] == .int(0))
        let detail = try jsonBody(try api.get("/api/datasets/doc"))
        #expect(detail["kind"] == .string("table"))
        #expect(detail["style"] == .string("insetGrouped"))
        #expect(detail["editable"] == .bool(true))
    }

    @Test("?child= lays out a row's child table, and a child's child by the path of rows joined by ~")
    func childWindows() throws {
        let api = try tableAPI()
        let child = try jsonBody(try api.get("/api/datasets/doc/window?child=4&height=2000"))
        #expect(rowIDs(child) == [8, 9, 10])
        #expect(rows(child)[0]["accessory"] == .string("checkmark"))
        #expect(rows(child)[2]["child"] == .string("4~10"))
        #expect((child["footers"]?.arrayValue?.first?.dictValue?["title"]) == .string("Pick one"))
        let table = try #require(child["table"]?.dictValue)
        #expect(table["address"] == .string("4"))
        #expect(table["parent"] == .string(""))
        #expect(table["title"] == .string("General"))
        let grandchild = try jsonBody(try api.get("/api/datasets/doc/window?child=4~10"))
        #expect(rowIDs(grandchild) == [12])
        #expect(rows(grandchild)[0]["style"] == .string("value1"))
        #expect(grandchild["table"]?.dictValue?["parent"] == .string("4"))
        let fragment = String(decoding: try api.get("/d/doc/fragment?child=4&height=2000").bodyBytes, as: UTF8.self)
        #expect(fragment.contains(#"data-row-id="8""#))
        #expect(fragment.contains(#"data-child="4~10""#))
        #expect(fragment.contains(#"data-role="section-footer""#))
    }

    @Test("a child address that leads nowhere is 404, one that is not an address 400")
    func badChildren() throws {
        let api = try tableAPI()
        #expect(try expectProblem(try api.get("/api/datasets/doc/window?child=3"), status: 404).contains("opens no child table"))
        #expect(try expectProblem(try api.get("/api/datasets/doc/window?child=99"), status: 404).contains("row 99 does not exist"))
        try expectProblem(try api.get("/api/datasets/doc/window?child=4~99"), status: 404)
        try expectProblem(try api.get("/api/datasets/doc/window?child=4x"), status: 400)
        #expect(try api.get("/d/doc/fragment?child=3").status == 404)
    }

    @Test("toggling a switch is an updateRows batch setting on, and the export has it")
    func switchToggle() throws {
        let api = try tableAPI()
        #expect(try api.batch("doc", #"{"baseVersion":1,"updateRows":[{"id":3,"fields":{"on":true}}]}"#).status == 200)
        #expect(value(try exported(api), ["table", "sections", 0, "rows", 0, "on"]) == .bool(true))
        let refused = try api.batch("doc", #"{"baseVersion":2,"updateRows":[{"id":3,"fields":{"on":"maybe"}}]}"#)
        #expect(try expectProblem(refused, status: 422).contains("updateRows[0].fields.on: expected a boolean"))
    }

    @Test("a batch on a child edits it inside its row: the child's ids stay, the export holds the change")
    func childBatch() throws {
        let api = try tableAPI()
        let response = try api.batch(
            "doc", #"{"baseVersion":1,"child":"4","updateRows":[{"id":8,"fields":{"accessory":null}},{"id":9,"fields":{"accessory":"checkmark"}}]}"#)
        #expect(response.status == 200, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
        #expect(api.version("doc") == 2)
        let tree = try exported(api)
        #expect(value(tree, generalRows + [0, "accessory"]) == nil)
        #expect(value(tree, generalRows + [1, "accessory"]) == .string("checkmark"))
        #expect(rowIDs(try jsonBody(try api.get("/api/datasets/doc/window?child=4"))) == [8, 9, 10])

        let insert = try api.batch(
            "doc", #"{"baseVersion":2,"child":4,"insertRows":[{"section":0,"row":3,"fields":{"text":"Three"}}]}"#)
        #expect(try jsonBody(insert)["insertedRowIds"] == .array([.int(14)]))
        #expect(rowIDs(try jsonBody(try api.get("/api/datasets/doc/window?child=4"))) == [8, 9, 10, 14])
        #expect(value(try exported(api), generalRows + [3, "text"]) == .string("Three"))

        let nested = try api.batch(
            "doc", #"{"baseVersion":3,"child":"4~10","updateRows":[{"id":12,"fields":{"detail":"Lin Wei"}}]}"#)
        #expect(nested.status == 200)
        #expect(value(try exported(api), generalRows + [2, "table", "sections", 0, "rows", 0, "detail"]) == .string("Lin Wei"))
    }

    @Test("a child's ids and edits survive a restart: the store holds them inside the row")
    func childSurvivesRestart() throws {
        let api = try tableAPI()
        _ = try api.batch("doc", #"{"baseVersion":1,"child":"4","deleteRows":[],"insertRows":[{"section":0,"row":0,"fields":{"text":"Zero"}}]}"#)
        let before = try exported(api)
        let reloaded = Library(store: api.store, datasets: try api.store.loadAll())
        let entry = try reloaded.requireEntry("doc")
        #expect(entry.dataset == api.dataset("doc"))
        let child = try entry.requireChild(ChildAddress([RowID(4)]))
        #expect(child.dataset.sections[0].rows.map(\.id.rawValue) == [14, 8, 9, 10])
        #expect(DatasetEncoder.encode(entry.dataset) == before)
        #expect(entry.dataset.nextID == 15)
    }

    @Test("the change event of a child batch lists its row as updated and carries the child's own changes")
    func childEvent() throws {
        let api = try tableAPI()
        _ = try api.batch("doc", #"{"baseVersion":1,"child":"4","deleteRows":[],"updateRows":[{"id":9,"fields":{"text":"2"}}]}"#)
        let events = try api.store.events(datasetID: "doc", after: 1, limit: 10)
        let payload = try #require(events.first).payload
        let event = try #require(try JSONReader.read(payload).dictValue)
        #expect(event["updates"] == .array([.dict(["id": .int(4), "section": .int(0), "row": .int(1)])]))
        let child = try #require(event["child"]?.dictValue)
        #expect(child["address"] == .string("4"))
        #expect(child["updates"] == .array([.dict(["id": .int(9), "section": .int(0), "row": .int(1)])]))
        #expect(child["version"] == .int(2))
    }

    @Test("deletes and moves follow the rows' editingStyle and canMove, in the table and in its children")
    func editingRules() throws {
        let api = try tableAPI()
        let fixed = try api.batch("doc", #"{"baseVersion":1,"deleteRows":[6]}"#)
        #expect(try expectProblem(fixed, status: 422).contains("deleteRows[0]: row 6 has the editing style none"))
        let still = try api.batch("doc", #"{"baseVersion":1,"moveRows":[{"id":6,"toSection":1,"toRow":0}]}"#)
        #expect(try expectProblem(still, status: 422).contains("row 6 cannot move"))
        let inChild = try api.batch("doc", #"{"baseVersion":1,"child":"4","deleteRows":[8]}"#)
        #expect(try expectProblem(inChild, status: 422).contains("row 8 has the editing style none"))
        #expect(api.version("doc") == 1)
        #expect(try api.batch("doc", #"{"baseVersion":1,"moveRows":[{"id":5,"toSection":1,"toRow":1}]}"#).status == 200)
        #expect(try api.batch("doc", #"{"baseVersion":2,"deleteRows":[5]}"#).status == 200)
        #expect(api.rowIDs("doc", section: 1) == [13])
    }

    @Test("a new row's child table is checked as an import checks it and gets ids that open its window")
    func insertedChildren() throws {
        let api = try tableAPI()
        let bad = try api.batch(
            "doc", #"{"baseVersion":1,"insertRows":[{"section":1,"row":0,"fields":{"text":"New","table":{"sections":[{"rows":[{"accessory":"chevron"}]}]}}}]}"#)
        #expect(try expectProblem(bad, status: 422).contains("insertRows[0].fields.table.sections[0].rows[0].accessory: expected one of none"))
        let good = try api.batch(
            "doc", #"{"baseVersion":1,"insertRows":[{"section":1,"row":0,"fields":{"text":"New","table":{"sections":[{"rows":[{"text":"x"}]}]}}}]}"#)
        let id = try #require(try jsonBody(good)["insertedRowIds"]?.arrayValue?.first?.intValue)
        let child = try jsonBody(try api.get("/api/datasets/doc/window?child=\(id)"))
        #expect(rows(child).count == 1)
        #expect(rowIDs(child).allSatisfy { $0 > 13 && $0 != id })
        let missing = try api.batch("doc", #"{"baseVersion":2,"child":"13","updateRows":[{"id":1,"fields":{}}]}"#)
        #expect(try expectProblem(missing, status: 422).contains("child: row 13 of 'doc' opens no child table"))
    }

    @Test("the export is the document it came from, and PUT ?kind=table imports it")
    func exportAndPut() throws {
        let api = try tableAPI()
        #expect(try exported(api) == (try JSONReader.read(document)))
        let put = try api.send("PUT", "/api/datasets/again?kind=table", body: document, headers: ["Content-Type": "application/json"])
        #expect(put.status == 201)
        #expect(api.dataset("again").kind == .table)
        let refused = try api.send("PUT", "/api/datasets/list?kind=table", body: #"[{"text":"A"}]"#)
        try expectProblem(refused, status: 422)
    }
}
