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
        #expect(html.contains(#"<a class="card" href="/d/one"><img src="/icons/message.svg" alt="" width="44" height="44">One<small>generic · 1 section · 1 row</small></a>"#))
        #expect(html.contains(#"href="/d/teams"><img src="/icons/message.svg" alt="" width="44" height="44">Teams<small>generic · 3 sections · 3 rows</small>"#))
        #expect(html.contains(#"<img src="/icons/hero-01.svg""#))
        #expect(!html.contains("<script"), "the home page needs no script")
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
