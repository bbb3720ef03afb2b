// ListServerTests — the table page and the width of windows
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

/// `GET /d/{id}`: the title and the first window written into `table.html`, paging links for pages
/// without script; and `width=`, which fits estimated row heights to the client.
@Suite("Table page and window width")
struct TablePageTests {
    private static func page(_ api: APIFixture, _ target: String) throws -> String {
        let response = try api.get(target)
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        return String(decoding: response.bodyBytes, as: UTF8.self)
    }

    @Test("the page arrives with its title and first window, the same rows as the fragment, and no marker left")
    func firstWindowInThePage() throws {
        let api = try APIFixture()
        let html = try Self.page(api, "/d/heroes")
        #expect(html.contains("<h1 id=\"title\" data-role=\"title\">Heroes"))
        #expect(html.contains(#"<div class="spacer" role="grid" aria-labelledby="title"><div class="layer"><div data-role="window" data-kind="heroes""#))
        let fragment = String(decoding: try api.get("/d/heroes/fragment?top=0&height=1600").bodyBytes, as: UTF8.self)
        #expect(html.contains(fragment))
        #expect(!html.contains("<!--"))
        #expect(!html.contains("data-role=\"previous\""))
    }

    @Test("a grouped list is a tree grid; collapsible headers link to the page with their group toggled")
    func groupedListLinks() throws {
        let api = try APIFixture()
        let html = try Self.page(api, "/d/friends")
        #expect(html.contains(#"role="treegrid""#))
        let first = try #require(api.dataset("friends").sections.first?.id.rawValue)
        #expect(html.contains(#"<a class="ht" tabindex="-1" href="/d/friends?expanded=\#(first)">"#))
        let open = try Self.page(api, "/d/friends?expanded=\(first)")
        #expect(open.contains(#"aria-level="2""#))
        let count = try #require(api.dataset("friends").sections.first?.rows.count)
        #expect(open.contains(#"data-row="0" "#) && open.contains(#"aria-posinset="1" aria-setsize="\#(count)""#))
        #expect(open.contains(#"aria-posinset="2" aria-setsize="\#(count)""#))
        #expect(open.contains(#"href="/d/friends?expanded=none""#))
    }

    @Test("past one page of rows the page links to the next rows, and from there back to the previous ones")
    func pagingLinks() throws {
        let rows = (0..<100).map { #"{"title":"Row \#($0)"}"# }.joined(separator: ",")
        let api = try APIFixture(datasets: [("long", "[\(rows)]")])
        let html = try Self.page(api, "/d/long")
        #expect(html.contains(#"<a data-role="next" href="/d/long?top=1628">Next rows</a>"#))
        let next = try Self.page(api, "/d/long?top=1628")
        #expect(next.contains(#"<a data-role="previous" href="/d/long?top=28">Previous rows</a>"#))
        #expect(next.contains(">Row 37<"))
        #expect(!next.contains(">Row 36<"))
        #expect(try api.get("/d/long?top=x").status == 400)
    }

    @Test("hero heights are estimated for the width asked, in 40-point buckets; other kinds ignore it")
    func widthFitsEstimates() throws {
        let api = try APIFixture()
        func height(_ id: String, _ query: String) throws -> Double {
            try #require(jsonBody(try api.get("/api/datasets/\(id)/window?height=0\(query)"))["contentHeight"]?.doubleValue)
        }
        let narrow = try height("heroes", "&width=320")
        let wide = try height("heroes", "&width=1280")
        #expect(narrow > wide)
        #expect(try height("heroes", "&width=1299") == wide)
        #expect(try height("heroes", "&width=100") == narrow)
        #expect(try height("letters", "&width=320") == height("letters", ""))
        #expect(try api.get("/api/datasets/heroes/window?width=-1").status == 400)
        let entry = try #require(api.library.entry("heroes"))
        #expect(entry.estimateWidth(1299) == 1280 && entry.estimateWidth(5000) == 1600 && entry.estimateWidth(nil) == nil)
    }

    @Test("a fragment whose heights depend on the width says the width they are estimated for; others say none")
    func fragmentSaysItsWidth() throws {
        let api = try APIFixture()
        func fragment(_ id: String, _ query: String) throws -> String {
            String(decoding: try api.get("/d/\(id)/fragment?height=10\(query)").bodyBytes, as: UTF8.self)
        }
        #expect(try fragment("heroes", "").contains("data-width=\"\(Int(TableMetrics.referenceWidth))\""))
        #expect(try fragment("heroes", "&width=730").contains("data-width=\"720\""))
        #expect(try !fragment("letters", "&width=730").contains("data-width="))
    }

    @Test("anchor= measures top from a row, whatever the width; a row not shown leaves top absolute")
    func anchorKeepsThePlace() throws {
        let api = try APIFixture()
        let id = api.rowIDs("heroes")[5]
        for width in [320, 1280] {
            let window = try jsonBody(try api.get("/api/datasets/heroes/window?anchor=\(id)&top=0&height=1&width=\(width)"))
            let first = try #require(window["rows"]?.arrayValue?.first?.dictValue)
            #expect(first["id"] == .int(id))
        }
        let missing = try jsonBody(try api.get("/api/datasets/heroes/window?anchor=999999&top=0&height=1"))
        #expect(missing["rows"]?.arrayValue?.first?.dictValue?["row"] == .int(0))
        #expect(try api.get("/api/datasets/heroes/window?anchor=x").status == 400)
    }

    @Test("a description's line count follows the width, a line break ends a line, and nothing is capped")
    func descriptionLines() {
        let long = String(repeating: "word ", count: 200)
        #expect(TableMetrics.descriptionLineCount(long, width: 320) > TableMetrics.descriptionLineCount(long, width: 1280))
        #expect(TableMetrics.descriptionLineCount(long, width: 320) > 6)
        #expect(TableMetrics.descriptionLineCount("a\nb\nc") == 3)
        #expect(TableMetrics.descriptionLineCount("") == 1)
        #expect(TableMetrics.descriptionLineCount(String(repeating: "字", count: 40), width: 375) == 3)
    }

    @Test("the OpenAPI document describes width on the window and the fragment")
    func widthIsDocumented() throws {
        let document = try APIOpenAPITests.document()
        let paths = try #require(document["paths"]?.dictValue)
        for path in ["/api/datasets/{id}/window", "/d/{id}/fragment"] {
            let get = try #require(paths[path]?.dictValue?["get"]?.dictValue)
            let parameters = try #require(get["parameters"]?.arrayValue)
            #expect(parameters.contains(.dict(["$ref": .string("#/components/parameters/Width")])), "\(path)")
        }
        #expect(APIOpenAPITests.resolve("#/components/parameters/Width", in: document) != nil)
    }
}
