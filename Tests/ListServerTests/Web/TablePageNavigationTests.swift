// ListServerTests — the table page's child tables, back control and search field
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

/// `GET /d/{id}?child=…&q=…`: the child table or the search results in the first paint, a back control
/// titled with the parent's title, and a search field that works as a GET form without script.
@Suite("Table page navigation")
struct TablePageNavigationTests {
    private static let document = #"""
        {"table": {"style": "insetGrouped", "sections": [{"rows": [
          {"text": "Wi-Fi", "table": {"sections": [{"rows": [
            {"text": "Harbor", "accessory": "checkmark"},
            {"text": "Advanced", "table": {"sections": [{"rows": [{"text": "Proxy & \"DNS\""}]}]}}
          ]}]}},
          {"text": "Bluetooth"}
        ]}]}}
        """#

    private static func page(_ api: APIFixture, _ target: String) throws -> String {
        let response = try api.get(target)
        #expect(response.status == 200, "\(target)")
        return String(decoding: response.bodyBytes, as: UTF8.self)
    }

    @Test("a child table's page is titled with its row, shows its rows, and its back control names the parent")
    func childPage() throws {
        let api = try APIFixture(datasets: [("prefs", Self.document)])
        let wifi = api.rowIDs("prefs")[0]
        let html = try Self.page(api, "/d/prefs?child=\(wifi)")
        #expect(html.contains("<h1 id=\"title\" data-role=\"title\">Wi-Fi</h1>"))
        #expect(html.contains(">Harbor<") && !html.contains(">Bluetooth<"))
        #expect(html.contains(#"<a class="back" data-action="back" href="/d/prefs">Prefs</a>"#))
        #expect(html.contains(#"<input type="hidden" name="child" value="\#(wifi)">"#))
        #expect(!html.contains("<!--"))

        let child = try #require(api.library.entry("prefs")).child(at: ChildAddress([RowID(wifi)]))
        let advanced = try #require(child.dataset.sections[0].rows.last?.id.rawValue)
        let deeper = try Self.page(api, "/d/prefs?child=\(wifi)~\(advanced)")
        #expect(deeper.contains("<h1 id=\"title\" data-role=\"title\">Advanced</h1>"))
        #expect(deeper.contains(#"<a class="back" data-action="back" href="/d/prefs?child=\#(wifi)">Wi-Fi</a>"#))
        #expect(deeper.contains("Proxy &amp; &quot;DNS&quot;") || deeper.contains("Proxy &amp; \"DNS\""))

        let root = try Self.page(api, "/d/prefs")
        #expect(root.contains(#"<a class="back" href="/">Lists</a>"#))
        #expect(try api.get("/d/prefs?child=999").status == 404)
        #expect(try api.get("/d/prefs?child=x").status == 400)
    }

    @Test("links to child and parent tables keep a language other than English, in the page and its fragments")
    func linksKeepTheLanguage() throws {
        let api = try APIFixture(datasets: [("prefs", Self.document)])
        let wifi = api.rowIDs("prefs")[0]
        let child = try #require(api.library.entry("prefs")).child(at: ChildAddress([RowID(wifi)]))
        let advanced = try #require(child.dataset.sections[0].rows.last?.id.rawValue)
        for (query, kept) in [("", ""), ("?lang=zh-Hans", "&amp;lang=zh-Hans")] {
            let root = try Self.page(api, "/d/prefs\(query)")
            #expect(root.contains(#"<a class="cl" href="?child=\#(wifi)\#(kept)">"#), "\(query)")
            // Asked for twice, a fragment may come from the cache: each language keeps its own.
            for _ in 0..<2 {
                let separator = query.isEmpty ? "?" : query + "&"
                let fragment = try Self.page(api, "/d/prefs/fragment\(separator)top=0&height=900")
                #expect(fragment.contains(#"href="?child=\#(wifi)\#(kept)""#), "\(query)")
            }
            let inChild = try Self.page(api, "/d/prefs?child=\(wifi)\(query.replacingOccurrences(of: "?", with: "&"))")
            let up = query.isEmpty ? "" : "?lang=zh-Hans"
            #expect(inChild.contains(#"data-action="back" href="/d/prefs\#(up)">"#), "\(query)")
            #expect(inChild.contains(#"href="?child=\#(wifi)~\#(advanced)\#(kept)">"#), "\(query)")
            let deeper = try Self.page(
                api, "/d/prefs?child=\(wifi)~\(advanced)\(query.replacingOccurrences(of: "?", with: "&"))")
            #expect(deeper.contains(#"data-action="back" href="/d/prefs?child=\#(wifi)\#(kept)">"#), "\(query)")
        }
    }

    @Test("every link of a list's page to itself (groups, index, next rows) keeps a language other than English")
    func pageLinksKeepTheLanguage() throws {
        let api = try APIFixture()
        func links(_ target: String) throws -> [String] {
            let html = try Self.page(api, target)
            return html.components(separatedBy: "href=\"/d/friends?").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        let chinese = try links("/d/friends?lang=zh-Hans")
        #expect(!chinese.isEmpty && chinese.allSatisfy { $0.contains("lang=zh-Hans") }, "\(chinese)")
        let english = try links("/d/friends")
        #expect(!english.isEmpty && english.allSatisfy { !$0.contains("lang=") }, "\(english)")
    }

    @Test("the search field is in the first paint with q, which shows the results with marks; links keep q")
    func searchPage() throws {
        let rows = (0..<100).map { #"{"title":"Row \#($0)\#($0 % 2 == 0 ? " harbour" : "")"}"# }.joined(separator: ",")
        let api = try APIFixture(datasets: [("long", "[\(rows)]")])
        let empty = try Self.page(api, "/d/long")
        #expect(empty.contains(#"<form class="search" role="search" action="/d/long">"#))
        #expect(empty.contains(#"<label for="q" class="vh">Search</label>"#))
        #expect(empty.contains(#"type="search" name="q" value="""#))
        let html = try Self.page(api, "/d/long?q=Harb%22our")
        #expect(html.contains(#"value="Harb&quot;our""#))
        let found = try Self.page(api, "/d/long?q=HARBOUR")
        #expect(found.contains(#"value="HARBOUR""#))
        #expect(found.contains("<mark>harbour</mark>") && found.contains(#"data-matches="50""#))
        #expect(!found.contains(">Row 1<"))
        #expect(found.contains(#"href="/d/long?top="#) && found.contains("&amp;q=HARBOUR"))
    }

    @Test("the section index is hidden over search results")
    func indexWhileSearching() throws {
        let api = try APIFixture()
        let html = try Self.page(api, "/d/friends?q=a")
        #expect(html.contains(#"<nav id="index" class="index" data-role="index" aria-label="Section index" hidden></nav>"#))
    }

    @Test("query values are percent-encoded but for unreserved characters")
    func percentEncoding() {
        #expect(TablePage.percentEncoded("a b&c=雾~") == "a%20b%26c%3D%E9%9B%BE~")
    }
}
