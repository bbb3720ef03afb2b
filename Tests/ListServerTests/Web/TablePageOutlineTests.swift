// ListServerTests — the table page of a dataset that is one outline
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

/// One section (id 1) of three rows: Antarctica; Asia › China › Beijing, Japan; Europe. In preorder: 0 Antarctica,
/// 1 Asia, 2 China, 3 Beijing, 4 Japan, 5 Europe.
private let continents = #"""
    [{"name": "Antarctica"},
     {"name": "Asia", "children": [{"name": "China", "children": [{"name": "Beijing"}]}, {"name": "Japan"}]},
     {"name": "Europe"}]
    """#

private func page(_ api: APIFixture, _ target: String) throws -> String {
    let response = try api.get(target)
    #expect(response.status == 200)
    return String(decoding: response.bodyBytes, as: UTF8.self)
}

@Suite("Table page of an outline")
struct TablePageOutlineTests {
    @Test("a dataset that is one outline paints the outline's window, the nodes the URL expands among them")
    func outlineWindowInThePage() throws {
        let api = try APIFixture(datasets: [("continents", continents)])
        let html = try page(api, "/d/continents?expanded=1-2")
        #expect(html.contains(
            #"<div class="spacer" role="treegrid" aria-rowcount="6" aria-labelledby="title"><div class="layer"><div data-role="outline""#))
        let fragment = try page(api, "/d/continents/sections/1/outline?top=0&height=1600&expanded=1-2")
        #expect(html.contains(fragment))
        #expect(fragment.contains(#"data-count="6""#) && fragment.contains(#"aria-rowcount="6""#))
        #expect(fragment.contains(#"data-node="3" data-row-id="3" data-parent="2""#))
        #expect(!html.contains(#"data-role="window""#))
    }

    @Test("the link to the next rows follows the outline's window, not the rows'")
    func nextRowsOfTheOutline() throws {
        let tree = "[{\"name\":\"Leaf\"}," + (0..<10).map { top in
            "{\"name\":\"Top \(top)\",\"children\":[" + (0..<20).map { "{\"name\":\"Child \($0)\"}" }.joined(separator: ",") + "]}"
        }.joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("tree", tree)])
        #expect(!(try page(api, "/d/tree")).contains(#"data-role="next""#), "11 rows fit one page")
        let expanded = try page(api, "/d/tree?expanded=all")
        #expect(expanded.contains(#"data-role="next" href="/d/tree?top=1624&amp;expanded=all""#))
    }

    @Test("datasets of several sections, or of rows with no children, keep their flat first window")
    func otherDatasetsStayFlat() throws {
        let flat = try APIFixture(datasets: [("letters", APIFixture.letters)]), samples = try APIFixture()
        for (api, id) in [(flat, "letters"), (samples, "heroes"), (samples, "friends")] {
            let html = try page(api, "/d/\(id)")
            #expect(html.contains(#"data-role="window""#) && !html.contains(#"data-role="outline""#), "\(id)")
        }
    }
}
