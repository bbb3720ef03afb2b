// ListServerTests — windows in editing mode
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// Windows laid out for editing mode: generic lists end every section with an insertion row.
@Suite("Windows in editing mode")
struct WindowEditingTests {
    private static func window(_ api: APIFixture, _ id: String, _ query: String) throws -> Fields {
        let response = try api.get("/api/datasets/\(id)/window?\(query)")
        #expect(response.status == 200, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
        return try jsonBody(response)
    }

    private static func number(_ value: FieldValue?) -> Double { value?.doubleValue ?? .nan }

    @Test("each footer of a generic list holds an insertion row naming the section's end and title key")
    func genericFootersHoldInsertionRows() throws {
        let api = try APIFixture()
        let plain = try Self.window(api, "teams", "top=0&height=5000")
        let editing = try Self.window(api, "teams", "top=0&height=5000&editing=1")
        #expect(Self.number(editing["contentHeight"]) == Self.number(plain["contentHeight"]) + 3 * 44)

        let entry = try #require(api.library.entry("teams"))
        let layout = entry.layout.withFooterHeights(Array(repeating: entry.metrics.footerHeight + 44, count: 3))
        let footers = try #require(editing["footers"]?.arrayValue)
        #expect(footers.count == 3)
        for (section, footer) in footers.enumerated() {
            let fields = try #require(footer.dictValue)
            let frame = layout.rectForFooter(inSection: section)
            #expect(Self.number(fields["y"]) == frame.y && Self.number(fields["height"]) == frame.height)
            let insertion = try #require(fields["insertion"]?.dictValue)
            #expect(insertion["row"]?.intValue == Int64(api.dataset("teams").sections[section].rows.count))
            #expect(insertion["height"]?.doubleValue == 44)
            #expect(insertion["titleKey"] == .string("title"))
        }
        for row in editing["rows"]?.arrayValue ?? [] {
            let fields = try #require(row.dictValue)
            let path = IndexPath(row: Int(Self.number(fields["row"])), section: Int(Self.number(fields["section"])))
            #expect(Self.number(fields["y"]) == layout.rectForRow(at: path)?.y)
        }
        #expect(plain["footers"]?.arrayValue?.allSatisfy { $0.dictValue?["insertion"] == nil } == true)
    }

    @Test("the title key follows the rows: name when they keep their title there")
    func titleKeyFollowsTheRows() throws {
        let api = try APIFixture(datasets: [("todo", #"[{"name":"Milk","note":"2 l"},{"name":"Bread"}]"#)])
        let editing = try Self.window(api, "todo", "top=0&height=900&editing=true")
        let footer = try #require(editing["footers"]?.arrayValue?.first?.dictValue)
        #expect(footer["insertion"]?.dictValue?["titleKey"] == .string("name"))
        #expect(footer["insertion"]?.dictValue?["row"]?.intValue == 2)
        #expect(Self.number(footer["height"]) == 44, "a plain flat list has no footer but the insertion row")
    }

    @Test("kinds without insertion rows answer editing windows exactly as others", arguments: ["heroes", "friends"])
    func otherKindsIgnoreEditing(id: String) throws {
        let api = try APIFixture()
        for query in ["top=0&height=900", "top=300&height=600&overscan=200&expanded=all"] {
            let plain = try api.get("/api/datasets/\(id)/window?\(query)")
            let editing = try api.get("/api/datasets/\(id)/window?\(query)&editing=1")
            #expect(plain.bodyBytes == editing.bodyBytes)
            let fragment = try api.get("/d/\(id)/fragment?\(query)")
            let editingFragment = try api.get("/d/\(id)/fragment?\(query)&editing=true")
            #expect(fragment.bodyBytes == editingFragment.bodyBytes)
        }
    }

    @Test("the fragment draws the insertion rows only while editing, and caches the two apart")
    func fragmentsDrawInsertionRowsWhileEditing() throws {
        let api = try APIFixture()
        for _ in 0..<2 {
            let editing = String(decoding: try api.get("/d/teams/fragment?top=0&height=900&editing=1").bodyBytes, as: UTF8.self)
            let plain = String(decoding: try api.get("/d/teams/fragment?top=0&height=900").bodyBytes, as: UTF8.self)
            #expect(editing.components(separatedBy: "data-action=\"insert\"").count - 1 == 3)
            #expect(editing.contains("data-editing=\"true\""))
            #expect(!plain.contains("data-action=\"insert\"") && !plain.contains("data-editing"))
            #expect(editing.contains(#"class="ftr ins first" data-section-id="3" data-section="2" data-row="0""#))
        }
    }

    @Test("a row inserted where the insertion row points lands at the section's end")
    func insertingAtTheInsertionRow() throws {
        let api = try APIFixture()
        let before = try Self.window(api, "teams", "top=0&height=5000&editing=1")
        let insertion = try #require(before["footers"]?.arrayValue?[1].dictValue?["insertion"]?.dictValue)
        let row = try #require(insertion["row"]?.intValue)
        let response = try api.batch(
            "teams", #"{"baseVersion":1,"insertRows":[{"section":1,"row":\#(row),"fields":{"title":"New Row"}}]}"#)
        #expect(response.status == 200)
        #expect(api.titles("teams", section: 1) == ["b1", "New Row"])
        let after = try Self.window(api, "teams", "top=0&height=5000&editing=1")
        #expect(after["footers"]?.arrayValue?[1].dictValue?["insertion"]?.dictValue?["row"]?.intValue == row + 1)
    }

    @Test("editing takes true, false, 1 or 0 and anything else is a 400 naming it",
          arguments: ["editing=yes", "editing=", "editing=TRUE", "editing=2"])
    func badEditingValues(query: String) throws {
        let api = try APIFixture()
        let detail = try expectProblem(try api.get("/api/datasets/teams/window?\(query)"), status: 400)
        #expect(detail.hasPrefix("editing must be"))
        let fragment = try api.get("/d/teams/fragment?\(query)")
        #expect(fragment.status == 400)
        #expect(String(decoding: fragment.bodyBytes, as: UTF8.self).contains("editing must be"))
    }
}
