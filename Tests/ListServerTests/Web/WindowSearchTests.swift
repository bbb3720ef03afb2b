// ListServerTests — q= on windows and fragments: search results, matches, marks, ETags
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Windows and fragments search with q=")
struct WindowSearchTests {
    /// `people`: friends in three groups; Club (1) and Team (2) have matches for "ada", Family (3) none.
    static let people = #"""
        [{"name":"Club","online":1,"friends":[{"name":"Ada Lovelace","icon":"friend-01","vip":false},
           {"name":"Tom & Jerry","icon":"friend-02","intro":"<b>bold</b> ADA","vip":true}]},
         {"name":"Team","online":0,"friends":[{"name":"Grace","icon":"friend-03","vip":false},
           {"name":"林小雨 adA","icon":"friend-04","intro":"今天也要元气满满！🏃","vip":false}]},
         {"name":"Family","online":2,"friends":[{"name":"Linus","icon":"friend-05","vip":false}]}]
        """#

    static func fixture() throws -> APIFixture {
        try APIFixture(datasets: [("people", people), ("teams", APIFixture.teams), ("letters", APIFixture.letters)])
    }

    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The window JSON for a query string.
    static func window(_ api: APIFixture, _ id: String, _ query: String) throws -> Fields {
        let response = try api.get("/api/datasets/\(id)/window?height=5000&\(query)")
        #expect(response.status == 200, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
        return try jsonBody(response)
    }

    static func rowIDs(_ window: Fields) -> [Int64] {
        (window["rows"]?.arrayValue ?? []).compactMap { $0.dictValue?["id"]?.intValue }
    }

    static func headerIDs(_ window: Fields) -> [Int64] {
        (window["headers"]?.arrayValue ?? []).compactMap { $0.dictValue?["sectionId"]?.intValue }
    }

    @Test("only matching rows, with the headers of their sections, every section expanded; matches counts them")
    func results() throws {
        let api = try Self.fixture()
        let sections = api.dataset("people").sections
        let window = try Self.window(api, "people", "q=ada")
        #expect(window["matches"]?.intValue == 3)
        #expect(window["expanded"] == .string("all"))
        #expect(Self.headerIDs(window) == [sections[0].id.rawValue, sections[1].id.rawValue])
        #expect(Self.rowIDs(window) == [sections[0].rows[0], sections[0].rows[1], sections[1].rows[1]].map(\.id.rawValue))
        let first = try #require(window["rows"]?.arrayValue?.first?.dictValue)
        #expect(first["fields"]?.dictValue?["name"] == .string("Ada Lovelace"), "rows carry their real fields")
        #expect(window["version"]?.intValue == api.version("people"))
        let header = try #require(window["headers"]?.arrayValue?.first?.dictValue)
        #expect(header["rowCount"]?.intValue == 2, "a header counts its section's rows, not its matches")
        let team = try #require(window["headers"]?.arrayValue?.last?.dictValue)
        #expect(team["rowCount"]?.intValue == 2)
        let fragment = String(decoding: try api.get("/d/people/fragment?height=5000&q=lin").bodyBytes, as: UTF8.self)
        #expect(fragment.contains("<span class=\"hn\">2 / 1</span>"), "Family: online 2 of its 1 friend")
        let grace = String(decoding: try api.get("/d/people/fragment?height=5000&q=grace").bodyBytes, as: UTF8.self)
        #expect(grace.contains("<span class=\"hn\">0 / 2</span>"), "Team: online 0 of 2, one of them matching")
        let plain = try Self.window(api, "people", "expanded=all")
        #expect(plain["matches"] == nil, "matches only while searching")
    }

    @Test("each result says its place in the whole table, in the JSON and in the fragment; rows elsewhere do not")
    func placesInTheTable() throws {
        let api = try Self.fixture()
        let sections = api.dataset("people").sections
        let window = try Self.window(api, "people", "q=ada")
        let rows = (window["rows"]?.arrayValue ?? []).compactMap { $0.dictValue }
        let places = rows.map { row in
            [row["section"]?.intValue, row["row"]?.intValue, row["at"]?.dictValue?["section"]?.intValue,
             row["at"]?.dictValue?["row"]?.intValue]
        }
        // Among the results 林小雨 is the second section's first row; in the table its second.
        #expect(places == [[0, 0, 0, 0], [0, 1, 0, 1], [1, 0, 1, 1]])
        let fragment = String(decoding: try api.get("/d/people/fragment?height=5000&q=ada").bodyBytes, as: UTF8.self)
        let id = sections[1].rows[1].id.rawValue
        #expect(fragment.contains("data-row-id=\"\(id)\" data-section=\"1\" data-row=\"0\" data-at=\"1.1\""))
        let plain = try Self.window(api, "people", "expanded=all")
        #expect(plain["rows"]?.arrayValue?.allSatisfy { $0.dictValue?["at"] == nil } == true, "only while searching")
        let whole = String(decoding: try api.get("/d/people/fragment?height=5000&expanded=all").bodyBytes, as: UTF8.self)
        #expect(!whole.contains("data-at="))
    }

    @Test("a search's fragment says its first row's place among the results' rows and their number")
    func gridRowsOfTheResults() throws {
        let api = try Self.fixture()
        // Two friends in the first group, one in the second: header, row, row, header, row.
        let whole = String(decoding: try api.get("/d/people/fragment?height=5000&q=ada").bodyBytes, as: UTF8.self)
        #expect(whole.contains("data-row-index=\"1\" data-row-count=\"5\""))
        let window = try Self.window(api, "people", "q=ada")
        let second = try #require(window["headers"]?.arrayValue?.last?.dictValue?["y"]?.doubleValue)
        let lower = String(
            decoding: try api.get("/d/people/fragment?top=\(Int(second) + 50)&height=10&q=ada").bodyBytes, as: UTF8.self)
        #expect(lower.contains("data-row-index=\"4\" data-row-count=\"5\""), "the second group's row is the fifth")
        let plain = String(decoding: try api.get("/d/people/fragment?height=5000&expanded=all").bodyBytes, as: UTF8.self)
        #expect(!plain.contains("data-row-index="), "the page counts the table's rows itself")
    }

    @Test("expansion is ignored while searching: expanded=none still shows every match")
    func expansionIgnored() throws {
        let api = try Self.fixture()
        let collapsed = try Self.window(api, "people", "q=ada&expanded=none")
        #expect(Self.rowIDs(collapsed).count == 3)
        #expect(try Self.window(api, "people", "q=ada").keys == collapsed.keys)
        #expect(Self.rowIDs(try Self.window(api, "people", "expanded=none")).isEmpty, "friends start collapsed")
    }

    @Test("CJK, emoji and mixed case find their rows; a query found nowhere gives no rows and matches 0")
    func scripts() throws {
        let api = try Self.fixture()
        let team = api.dataset("people").sections[1].rows[1].id.rawValue
        for query in ["林小雨", "元气", "🏃", "ADA", "aDa", "小雨 A"] {
            let window = try Self.window(api, "people", "q=" + Self.encoded(query))
            #expect(Self.rowIDs(window).contains(team), "\(query)")
        }
        let none = try Self.window(api, "people", "q=zebra")
        #expect(none["matches"]?.intValue == 0)
        #expect(Self.rowIDs(none).isEmpty && Self.headerIDs(none).isEmpty)
        #expect(none["contentHeight"]?.doubleValue == 0)
    }

    @Test("an empty q is no search: the same bytes and ETag as without it")
    func emptyQuery() throws {
        let api = try Self.fixture()
        for path in ["/api/datasets/people/window?top=0&height=400", "/d/people/fragment?top=0&height=400"] {
            let plain = try api.get(path)
            let empty = try api.get(path + "&q=")
            #expect(empty.status == 200)
            #expect(empty.bodyBytes == plain.bodyBytes)
            #expect(empty.headers["ETag"] == plain.headers["ETag"])
        }
    }

    @Test("q is in the ETag: another query another tag, one that folds alike the same; If-None-Match gets 304")
    func etag() throws {
        let api = try Self.fixture()
        for path in ["/api/datasets/people/window?height=400", "/d/people/fragment?height=400"] {
            let ada = try #require(try api.get(path + "&q=ada").headers["ETag"])
            #expect(try api.get(path).headers["ETag"] != ada)
            #expect(try api.get(path + "&q=grace").headers["ETag"] != ada)
            #expect(try api.get(path + "&q=ADA").headers["ETag"] == ada, "the same search")
            #expect(try api.get(path + "&q=ada&expanded=none").headers["ETag"] == ada, "expansion is ignored")
            #expect(try api.get(path + "&q=ada", headers: ["If-None-Match": ada]).status == 304)
            #expect(try api.get(path + "&q=grace", headers: ["If-None-Match": ada]).status == 200)
        }
    }

    @Test("a row deleted by a batch is gone from the results; an updated one is found by its new text")
    func followsBatches() throws {
        let api = try Self.fixture()
        let rows = api.dataset("people").sections[0].rows
        #expect(Self.rowIDs(try Self.window(api, "people", "q=ada")).contains(rows[0].id.rawValue))
        let batch = try api.batch(
            "people",
            #"{"baseVersion":\#(api.version("people")),"deleteRows":[\#(rows[0].id.rawValue)],"updateRows":[{"id":\#(rows[1].id.rawValue),"fields":{"intro":"now Zed"}}]}"#,
            headers: APIDatasetUploadTests.origin)
        #expect(batch.status == 200)
        let after = try Self.window(api, "people", "q=ada")
        #expect(after["matches"]?.intValue == 1)
        #expect(!Self.rowIDs(after).contains(rows[0].id.rawValue))
        #expect(Self.rowIDs(try Self.window(api, "people", "q=zed")) == [rows[1].id.rawValue])
        let fragment = String(decoding: try api.get("/d/people/fragment?height=5000&q=ada").bodyBytes, as: UTF8.self)
        #expect(!fragment.contains("data-row-id=\"\(rows[0].id.rawValue)\""))
    }

    @Test("fragments mark matches in cell texts, escaped on either side, never in attributes or titles")
    func marks() throws {
        let api = try Self.fixture()
        let response = try api.get("/d/people/fragment?height=5000&q=" + Self.encoded("m & j"))
        #expect(response.headers["Content-Type"] == "text/html; charset=utf-8")
        let html = String(decoding: response.bodyBytes, as: UTF8.self)
        #expect(html.contains("To<mark>m &amp; J</mark>erry"))
        #expect(html.contains("data-matches=\"1\""))
        let tag = String(decoding: try api.get("/d/people/fragment?height=5000&q=" + Self.encoded("<b>")).bodyBytes, as: UTF8.self)
        #expect(tag.contains("<mark>&lt;b&gt;</mark>bold&lt;/b&gt; ADA"))
        #expect(!tag.contains("<b>"))
        let ada = String(decoding: try api.get("/d/people/fragment?height=5000&q=ada").bodyBytes, as: UTF8.self)
        #expect(ada.contains("<mark>Ada</mark> Lovelace"))
        #expect(ada.contains("林小雨 <mark>adA</mark>"))
        #expect(ada.contains("&lt;b&gt;bold&lt;/b&gt; <mark>ADA</mark>"))
        #expect(!ada.contains("=\"<mark>") && !ada.contains("<mark>\""), "never inside an attribute")
        let icon = String(decoding: try api.get("/d/people/fragment?height=5000&q=friend").bodyBytes, as: UTF8.self)
        #expect(icon.contains("data-matches=\"0\"") && !icon.contains("<mark>"), "icon names are not searched")
    }

    @Test("editing mode while searching has no insertion rows; sections without a match are left out")
    func editing() throws {
        let api = try Self.fixture()
        let window = try Self.window(api, "teams", "q=r&editing=true")
        #expect(Self.headerIDs(window) == [1])
        #expect(Self.rowIDs(window) == [4, 5])
        #expect((window["footers"]?.arrayValue ?? []).allSatisfy { $0.dictValue?["insertion"] == nil })
        #expect(Self.rowIDs(try Self.window(api, "letters", "q=C")) == [4])
    }

    @Test("results match a naive filter of the dataset on seeded random rows")
    func oracle() throws {
        var random = SplitMix64(seed: 19)
        let words = ["Ava", "ÄRGER", "ärger", "Σοφία", "СОФИЯ", "софия", "林小雨", "元气", "🏃", "&amp;", "<i>", "x"]
        var groups: [String] = []
        for group in 0..<8 {
            let rows = (0..<Int.random(in: 0...6, using: &random)).map { row in
                let name = (0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " ")
                let note = words.randomElement(using: &random)!
                return #"{"title":"\#(name) \#(group)-\#(row)","note":"\#(note)","n":\#(row)}"#
            }
            groups.append(#"{"title":"G\#(group)","rows":[\#(rows.joined(separator: ","))]}"#)
        }
        let api = try APIFixture(datasets: [("mixed", "[\(groups.joined(separator: ","))]")])
        let dataset = api.dataset("mixed")
        for query in words + ["äR", "ΣΟΦ", "Я", "小", "a", "1-", "ava ärger", "<I>"] {
            let expected = dataset.sections.flatMap(\.rows).filter { row in
                row.fields.contains { field in
                    field.value.stringValue.map { $0.lowercased().contains(query.lowercased()) } ?? false
                }
            }.map(\.id.rawValue)
            let window = try Self.window(api, "mixed", "q=" + Self.encoded(query))
            #expect(Self.rowIDs(window) == expected, "\(query)")
            #expect(window["matches"]?.intValue == Int64(expected.count))
        }
    }
}
