// ListServerTests — GET /api/datasets/{id}/sections/{section}/outline: windows of a section's outline
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

/// One flat section (id 1) of two rows (ids 2 and 3): East China › Shanghai › Pudong, Xuhui; East China ›
/// Zhejiang; Tibet. In preorder: 0 East China, 1 Shanghai, 2 Pudong, 3 Xuhui, 4 Zhejiang, 5 Tibet.
private let regions = #"""
    [{"name": "East China", "children": [
        {"name": "Shanghai", "children": [{"name": "Pudong"}, {"name": "Xuhui"}]},
        {"name": "Zhejiang"}]},
     {"name": "Tibet"}]
    """#

private func outlineAPI() throws -> APIFixture {
    try APIFixture(datasets: [("regions", regions), ("letters", APIFixture.letters)])
}

private func outline(_ api: APIFixture, _ query: String = "") throws -> Fields {
    let response = try api.get("/api/datasets/regions/sections/1/outline?height=1000" + query)
    #expect(response.status == 200)
    #expect(response.headers["Content-Type"] == "application/json")
    return try jsonBody(response)
}

private func rows(_ window: Fields) -> [Fields] {
    (window["rows"]?.arrayValue ?? []).compactMap(\.dictValue)
}

private func names(_ window: Fields) -> [String] {
    rows(window).compactMap { $0["fields"]?.dictValue?["name"]?.stringValue }
}

@Suite("GET …/sections/{section}/outline")
struct APIOutlineTests {
    @Test("collapsed, an outline shows its top-level rows, each saying whether it has children to expand")
    func collapsedByDefault() throws {
        let api = try outlineAPI()
        let window = try outline(api)
        #expect(names(window) == ["East China", "Tibet"])
        #expect(rows(window).map { $0["node"]?.intValue } == [0, 5])
        #expect(rows(window).map { $0["id"]?.intValue } == [2, 3])
        #expect(rows(window).map { $0["level"]?.intValue } == [1, 1])
        #expect(rows(window).map { $0["posinset"]?.intValue } == [1, 2])
        #expect(rows(window).map { $0["setsize"]?.intValue } == [2, 2])
        #expect(rows(window).map { $0["expanded"] } == [.bool(false), nil])
        #expect(window["count"]?.intValue == 6)
        #expect(window["visibleCount"]?.intValue == 2)
        #expect(window["expanded"] == .string("none"))
        #expect(rows(window).allSatisfy { $0["fields"]?.dictValue?["children"] == nil })
    }

    @Test("expanded nodes show their children one level deeper, in the compact form of expanded sections")
    func expandedNodes() throws {
        let api = try outlineAPI()
        let one = try outline(api, "&expanded=0")
        #expect(names(one) == ["East China", "Shanghai", "Zhejiang", "Tibet"])
        #expect(rows(one).map { $0["level"]?.intValue } == [1, 2, 2, 1])
        #expect(rows(one).map { $0["expanded"] } == [.bool(true), .bool(false), nil, nil])
        #expect(rows(one).map { $0["index"]?.intValue } == [0, 1, 2, 3])
        let two = try outline(api, "&expanded=0-1")
        #expect(names(two) == ["East China", "Shanghai", "Pudong", "Xuhui", "Zhejiang", "Tibet"])
        #expect(rows(two).map { $0["level"]?.intValue } == [1, 2, 3, 3, 2, 1])
        #expect(rows(two).map { $0["posinset"]?.intValue } == [1, 1, 1, 2, 2, 2])
        #expect(rows(two).map { $0["childCount"]?.intValue } == [2, 2, 0, 0, 0, 0])
        // A collapsed parent hides an expanded child's rows, which show again with it.
        #expect(names(try outline(api, "&expanded=1")) == ["East China", "Tibet"])
        #expect(names(try outline(api, "&expanded=all")) == names(two))
    }

    @Test("the rows tile the content: each starts where the one before ends, the last at the content height")
    func framesTile() throws {
        let api = try outlineAPI()
        let window = try outline(api, "&expanded=all")
        var y = 0.0
        for row in rows(window) {
            #expect(row["y"]?.doubleValue == y)
            y += try #require(row["height"]?.doubleValue)
        }
        #expect(window["contentHeight"]?.doubleValue == y)
        let last = "/api/datasets/regions/sections/1/outline?expanded=all&top=\(y - 1)&height=1"
        let below = try jsonBody(try api.get(last))
        #expect(names(below) == ["Tibet"])
    }

    @Test("node= measures top from a visible node's top; a hidden node or one past the end leaves top absolute")
    func nodeAnchor() throws {
        let api = try outlineAPI()
        let all = try outline(api, "&expanded=all")
        let xuhui = try #require(rows(all).first { $0["node"]?.intValue == 3 }?["y"]?.doubleValue)
        let one = { (query: String) in try jsonBody(try api.get("/api/datasets/regions/sections/1/outline?height=1&" + query)) }
        let from = try one("expanded=all&node=3&top=0")
        #expect(names(from) == ["Xuhui"])
        #expect(rows(from).first?["y"]?.doubleValue == xuhui)
        #expect(names(try one("expanded=all&node=3&top=-1")) == ["Pudong"])
        #expect(names(try one("expanded=none&node=3&top=0")) == ["East China"])
        #expect(names(try one("expanded=all&node=99&top=0")) == ["East China"])
        #expect(try api.get("/api/datasets/regions/sections/1/outline?node=-1").status == 400)
    }

    @Test("siblings= expands a node's siblings that have children, as * does, and says the set it shows")
    func siblingsExpanded() throws {
        let api = try outlineAPI()
        // Shanghai (1) and Zhejiang (4) are East China's children; Zhejiang has none.
        let window = try outline(api, "&expanded=0&siblings=4")
        #expect(window["expanded"] == .string("0-1"))
        #expect(names(window) == ["East China", "Shanghai", "Pudong", "Xuhui", "Zhejiang", "Tibet"])
        // Top-level: East China (0) has children, Tibet (5) none.
        #expect(try outline(api, "&siblings=5")["expanded"] == .string("0"))
        #expect(try outline(api, "&expanded=all&siblings=5")["expanded"] == .string("all"))
        #expect(try outline(api, "&expanded=3&siblings=99")["expanded"] == .string("3"))
        #expect(try api.get("/api/datasets/regions/sections/1/outline?siblings=x").status == 400)
        let fragment = String(decoding: try api.get("/d/regions/sections/1/outline?siblings=0").bodyBytes, as: UTF8.self)
        #expect(fragment.contains(#"data-expanded="0""#))
    }

    @Test("a section without children, a missing section and a bad expanded set are refused")
    func refusals() throws {
        let api = try outlineAPI()
        #expect(try api.get("/api/datasets/letters/sections/1/outline").status == 404)
        #expect(try api.get("/api/datasets/regions/sections/9/outline").status == 404)
        #expect(try api.get("/api/datasets/regions/sections/x/outline").status == 404)
        #expect(try api.get("/api/datasets/nothing/sections/1/outline").status == 404)
        let bad = try api.get("/api/datasets/regions/sections/1/outline?expanded=a-b")
        #expect(bad.status == 400)
        #expect(String(decoding: bad.bodyBytes, as: UTF8.self).contains("numbers in preorder"))
    }

    @Test("the fragment is a tree grid's rows: levels, positions, set sizes, expanded states, indentation")
    func fragment() throws {
        let api = try outlineAPI()
        let response = try api.get("/d/regions/sections/1/outline?height=1000&expanded=0")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(html.hasPrefix(#"<div data-role="outline" role="treegrid" data-section="1""#))
        #expect(html.contains(#"aria-rowcount="4""#))
        let rows = html.components(separatedBy: #"<div role="row""#).dropFirst()
        #expect(rows.count == 4)
        func attribute(_ name: String, _ row: String) -> String? {
            guard let start = row.range(of: name + "=\"") else { return nil }
            return String(row[start.upperBound...].prefix { $0 != "\"" })
        }
        #expect(rows.map { attribute("aria-level", $0) } == ["1", "2", "2", "1"])
        #expect(rows.map { attribute("aria-posinset", $0) } == ["1", "1", "2", "2"])
        #expect(rows.map { attribute("aria-setsize", $0) } == ["2", "2", "2", "2"])
        #expect(rows.map { attribute("aria-expanded", $0) } == ["true", "false", nil, nil])
        #expect(rows.map { attribute("aria-rowindex", $0) } == ["1", "2", "3", "4"])
        #expect(rows.map { attribute("data-node", $0) } == ["0", "1", "4", "5"])
        #expect(rows.map { $0.contains(#"data-action="disclose""#) } == [true, true, false, false])
        #expect(rows.map { attribute("style", $0.components(separatedBy: "gridcell").last ?? "") } == [
            "--level:0", "--level:1", "--level:1", "--level:0",
        ])
        #expect(rows.map { attribute("aria-label", $0) } == ["Collapse", "Expand", nil, nil])
        let chinese = try api.get("/d/regions/sections/1/outline?expanded=0&lang=zh-Hans")
        #expect(String(decoding: chinese.bodyBytes, as: UTF8.self).contains(#"aria-label="收起""#))
    }

    @Test("a table document's child rows show their text and detail, in the section they are in")
    func tableDocumentFragment() throws {
        let document = #"""
            {"table": {"sections": [{"header": "Library", "rows": [
                {"text": "Music", "detail": "2", "children": [{"text": "Albums", "detail": "12"}, {"text": "Songs"}]},
                {"text": "Books"}]}]}}
            """#
        let api = try APIFixture(datasets: [("doc", document)])
        let window = try jsonBody(try api.get("/api/datasets/doc/sections/1/outline?expanded=all"))
        #expect(rows(window).compactMap { $0["fields"]?.dictValue?["text"]?.stringValue } == [
            "Music", "Albums", "Songs", "Books",
        ])
        let html = String(decoding: try api.get("/d/doc/sections/1/outline?expanded=0").bodyBytes, as: UTF8.self)
        #expect(html.contains(#"<div class="t1">Albums</div><div class="t2">12</div>"#))
        #expect(html.contains(#"<div class="t1">Songs</div></div>"#))
    }

    @Test("a fragment escapes the rows' text")
    func fragmentEscapes() throws {
        let marks = #"[{"name": "<b>&", "children": [{"name": "x"}]}, {"name": "y"}]"#
        let api = try APIFixture(datasets: [("marks", marks)])
        let html = String(decoding: try api.get("/d/marks/sections/1/outline").bodyBytes, as: UTF8.self)
        #expect(html.contains("&lt;b&gt;&amp;"))
        #expect(!html.contains("<b>"))
    }

    @Test("the table's own window and the export are as without outlines: rows, and children as they came")
    func windowAndExportUnchanged() throws {
        let api = try outlineAPI()
        let window = try jsonBody(try api.get("/api/datasets/regions/window?height=1000"))
        #expect(names(window) == ["East China", "Tibet"])
        let export = try api.get("/api/datasets/regions/export?format=json")
        #expect(try JSONReader.read(export.bodyBytes) == (try JSONReader.read(Array(regions.utf8))))
    }
}
