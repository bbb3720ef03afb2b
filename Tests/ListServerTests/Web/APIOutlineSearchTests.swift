// ListServerTests — a search over an outline: the matches shown with their ancestors expanded, and marked
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

/// In preorder: 0 East China, 1 Shanghai, 2 Pudong, 3 Xuhui, 4 Zhejiang, 5 Hangzhou, 6 Ningbo, 7 Tibet, 8 Lhasa.
private let regions = #"""
    [{"name": "East China", "children": [
        {"name": "Shanghai", "children": [{"name": "Pudong"}, {"name": "Xuhui"}]},
        {"name": "Zhejiang", "children": [{"name": "Hangzhou", "note": "West Lake"}, {"name": "Ningbo"}]}]},
     {"name": "Tibet", "children": [{"name": "Lhasa", "note": "a lake or two"}]}]
    """#

private func search(_ api: APIFixture, _ query: String) throws -> Fields {
    let response = try api.get("/api/datasets/regions/sections/1/outline?height=1000&q=" + query)
    #expect(response.status == 200)
    return try jsonBody(response)
}

private func shown(_ window: Fields) -> [(String, Bool)] {
    (window["rows"]?.arrayValue ?? []).compactMap(\.dictValue).map {
        ($0["fields"]?.dictValue?["name"]?.stringValue ?? "", $0["match"] == .bool(true))
    }
}

@Suite("Outline search")
struct APIOutlineSearchTests {
    @Test("a search expands every match's ancestors, and only them, and marks the matches")
    func ancestorsExpanded() throws {
        let api = try APIFixture(datasets: [("regions", regions)])
        let window = try search(api, "hangzhou")
        #expect(window["expanded"] == .string("0,4"))
        #expect(window["matches"] == .int(1))
        let rows = shown(window)
        #expect(rows.map(\.0) == ["East China", "Shanghai", "Zhejiang", "Hangzhou", "Ningbo", "Tibet"])
        #expect(rows.filter(\.1).map(\.0) == ["Hangzhou"])
        // Any of a node's own texts matches, in two branches at once; a child's text is not its parent's.
        let lakes = try search(api, "LAKE")
        #expect(lakes["expanded"] == .string("0,4,7"))
        #expect(shown(lakes).filter(\.1).map(\.0) == ["Hangzhou", "Lhasa"])
        #expect(!shown(lakes).contains { $0.0 == "Zhejiang" && $0.1 })
    }

    @Test("nothing found shows no row; an expanded set the client names is kept, the matches still marked")
    func noneAndGivenSet() throws {
        let api = try APIFixture(datasets: [("regions", regions)])
        let none = try search(api, "zzz")
        #expect(none["matches"] == .int(0) && shown(none).isEmpty && none["contentHeight"] == .int(0))
        let given = try jsonBody(try api.get("/api/datasets/regions/sections/1/outline?height=1000&q=Ningbo&expanded=0"))
        #expect(given["expanded"] == .string("0") && given["matches"] == .int(1))
        #expect(shown(given).map(\.0) == ["East China", "Shanghai", "Zhejiang", "Tibet"], "Zhejiang stays collapsed")
        #expect(try jsonBody(try api.get("/api/datasets/regions/sections/1/outline?height=1000"))["matches"] == nil)
    }

    @Test("the fragment marks each match in <mark> and says how many match; the page's first window is the search's")
    func fragmentAndPage() throws {
        let api = try APIFixture(datasets: [("regions", regions)])
        let fragment = String(decoding: try api.get("/d/regions/sections/1/outline?height=1000&q=ning").bodyBytes, as: UTF8.self)
        #expect(fragment.contains(#"data-matches="1""#) && fragment.contains("<mark>Ning</mark>bo"))
        #expect(fragment.contains(#"data-expanded="0,4""#))
        // Each triangle links to the page with its node toggled, from the node's top, the search kept (no script).
        #expect(fragment.contains(#"href="?expanded=4&amp;top=0&amp;q=ning" aria-label="Collapse""#), "\(fragment)")
        let page = String(decoding: try api.get("/d/regions?q=ning").bodyBytes, as: UTF8.self)
        #expect(page.contains(#"role="treegrid""#) && page.contains("<mark>Ning</mark>bo"))
        #expect(page.contains(#"value="ning""#), "the search field says the query")
        let nothing = String(decoding: try api.get("/d/regions?q=zzz").bodyBytes, as: UTF8.self)
        #expect(nothing.contains(#"data-matches="0""#) && !nothing.contains("data-node="))
    }

    @Test("a search over a big outline runs once on a worker, then windows are read from what it found")
    func searchedOnce() throws {
        let api = try APIFixture(datasets: [("regions", regions)])
        let entry = try api.library.requireEntry("regions")
        let query = try #require(SearchQuery("xuhui"))
        #expect(!entry.outlines.hasSearched(query, ofSection: 0, in: entry))
        _ = try search(api, "xuhui")
        #expect(entry.outlines.hasSearched(query, ofSection: 0, in: entry))
        #expect(entry.outlines.searches.nodes(query, in: entry.dataset.sections[0].id) == [3])
    }
}
