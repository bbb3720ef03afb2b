// ListServerTests — home page
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// `GET /`: the datasets written into the page as cards.
@Suite("Home page")
struct HomePageTests {
    private static func page(_ api: APIFixture) throws -> String {
        let response = try api.get("/")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        #expect(response.headers["Cache-Control"] == "no-store")
        return String(decoding: response.bodyBytes, as: UTF8.self)
    }

    @Test("every dataset is a card with its icon, escaped title, kind and counts, in the page's list")
    func cardsForEveryDataset() throws {
        let api = try APIFixture(datasets: [
            ("one", #"[{"title":"Only"}]"#),
            ("teams", APIFixture.teams),
            ("heroes", SampleDatasets.all.first { $0.id == "heroes" }!.json),
        ])
        let html = try Self.page(api)
        #expect(html.contains(#"<nav id="datasets" class="cards" aria-label="Datasets"><a class="card" href="/d/"#))
        #expect(html.contains(#"<a class="card" href="/d/one"><img src="/icons/list.svg" alt="" width="44" height="44">One<small>generic · 1 section · 1 row</small></a>"#))
        #expect(html.contains(#"href="/d/teams"><img src="/icons/list.svg" alt="" width="44" height="44">Teams<small>generic · 3 sections · 3 rows</small>"#))
        #expect(html.contains(#"<img src="/icons/hero-01.svg""#))
        #expect(!html.contains("<script"), "the home page needs no script")
    }

    @Test("a table document shows the icon it names where it resolves, else the table icon")
    func tableIcons() throws {
        let api = try APIFixture(datasets: [
            ("settings", SampleDatasets.all.first { $0.id == "settings" }!.json),
            ("plain", #"{"table": {"sections": [{"rows": [{"text": "a"}]}]}}"#),
            ("unknown", #"{"table": {"icon": "no-such-image", "sections": [{"rows": [{"text": "a"}]}]}}"#),
        ])
        let html = try Self.page(api)
        let named = try #require(html.firstRange(of: #"href="/d/settings"><img src=""#))
        let url = html[named.upperBound...].prefix { $0 != "\"" }
        #expect(url.hasSuffix("settings-general.svg") && url.hasPrefix("/"), "\(url)")
        #expect(html.contains(#"href="/d/plain"><img src="/icons/table.svg""#))
        #expect(html.contains(#"href="/d/unknown"><img src="/icons/table.svg""#))
    }

    @Test("counts are grouped as the page's language groups them, and lang= is the page's language and kept in its links")
    func countsAndLanguage() throws {
        let rows = (0..<12_345).map { #"{"title":"Row \#($0)"}"# }.joined(separator: ",")
        let api = try APIFixture(datasets: [("many", "[" + rows + "]")])
        let english = try Self.page(api)
        #expect(english.contains("<small>generic · 1 section · 12,345 rows</small>"))
        #expect(english.contains(#"href="/d/many">"#), "without lang= the links leave the language to the browser")
        let chinese = String(decoding: try api.get("/?lang=zh-Hans").bodyBytes, as: UTF8.self)
        #expect(chinese.contains(#"lang="zh-Hans""#))
        #expect(chinese.contains("<small>列表 · 1个分区 · 1.2万行</small>"))
        #expect(chinese.contains(#"href="/d/many?lang=zh-Hans">"#))
        let asked = try api.get("/?lang=en", headers: ["Accept-Language": "zh-CN"])
        #expect(String(decoding: asked.bodyBytes, as: UTF8.self).contains(#"href="/d/many?lang=en">"#))
        let table = String(decoding: try api.get("/d/many?lang=zh-Hans").bodyBytes, as: UTF8.self)
        #expect(table.contains(#"<a class="back" href="/?lang=zh-Hans">列表</a>"#), "the back link keeps the language")
    }

    @Test("a reader's language the interface does not speak is kept in the links both ways, as its tag")
    func readersLanguageKept() throws {
        let api = try APIFixture(datasets: [("many", #"[{"title":"Row"}]"#)])
        for (asked, kept) in [("ko", "ko"), ("zh_TW", "zh-TW"), ("zh-CN", "zh-Hans")] {
            let home = String(decoding: try api.get("/?lang=\(asked)").bodyBytes, as: UTF8.self)
            #expect(home.contains(#"href="/d/many?lang=\#(kept)">"#), "\(asked): the cards' links")
            let table = String(decoding: try api.get("/d/many?lang=\(asked)").bodyBytes, as: UTF8.self)
            #expect(table.contains(#"class="back" href="/?lang=\#(kept)">"#), "\(asked): the back link")
        }
        let odd = String(decoding: try api.get("/?lang=%3Cb%3E").bodyBytes, as: UTF8.self)
        #expect(odd.contains(#"href="/d/many">"#), "a malformed tag is not kept")
    }

    @Test("titles are text, never markup")
    func titlesAreEscaped() throws {
        let api = try APIFixture(datasets: [("x", #"[{"title":"A"}]"#)])
        let entry = try #require(api.library.entry("x"))
        let hostile = Dataset(
            id: "x", title: #"<img src=x onerror=alert(1)> & "q""#, kind: .generic, style: .plain,
            shape: entry.dataset.shape, sections: entry.dataset.sections)
        let body = try #require(HomePage.render(
            template: Array(#"<nav id="datasets" class="cards" aria-label="Datasets"></nav>"#.utf8),
            entries: [DatasetEntry(dataset: hostile)]))
        let html = String(decoding: body, as: UTF8.self)
        #expect(html.contains("&lt;img src=x onerror=alert(1)&gt; &amp; &quot;q&quot;<small>"))
        #expect(!html.contains("<img src=x"))
    }

    @Test("a page with no datasets says so, and a template without the list is refused")
    func emptyLibraryAndBrokenTemplate() throws {
        let template = Array(#"<p>x</p><nav id="datasets" class="cards" aria-label="Datasets"></nav>"#.utf8)
        let empty = try #require(HomePage.render(template: template, entries: []))
        #expect(String(decoding: empty, as: UTF8.self).contains("No datasets yet."))
        #expect(HomePage.render(template: Array("<nav></nav>".utf8), entries: []) == nil)
    }
}
