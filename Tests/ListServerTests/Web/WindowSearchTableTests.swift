// ListServerTests — a table document's search reaches its child tables, as iOS Settings' search does
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("A table document's search reaches its child tables")
struct WindowSearchTableTests {
    /// Wi-Fi and General at the top; General opens a table with Keyboard and About; About opens one with
    /// Model Name and Keyboards, a word also in General's table.
    static let document = #"""
        {"table": {"style": "insetGrouped", "sections": [{"rows": [
          {"text": "Wi-Fi", "accessoryView": "switch", "on": true},
          {"text": "General", "table": {"sections": [{"rows": [
            {"text": "Keyboard", "detail": "English"},
            {"text": "About", "table": {"sections": [{"header": "Device", "rows": [
              {"text": "Model Name", "detail": "iPhone", "style": "value1"},
              {"text": "Keyboards", "accessoryView": "switch", "on": false}]}]}}]}]}}]}]}}
        """#

    static func fixture() throws -> APIFixture {
        try APIFixture(datasets: [("doc", document)])
    }

    static func titles(_ window: Fields) -> [String] {
        (window["rows"]?.arrayValue ?? []).compactMap { $0.dictValue?["fields"]?.dictValue?["text"]?.text }
    }

    static func headers(_ window: Fields) -> [String] {
        (window["headers"]?.arrayValue ?? []).compactMap { $0.dictValue?["title"]?.text }
    }

    static func rows(_ window: Fields) -> [Fields] {
        (window["rows"]?.arrayValue ?? []).compactMap(\.dictValue)
    }

    @Test("matches in child tables come in a section per table, headed by the path, each row opening its table")
    func childMatches() throws {
        let api = try Self.fixture()
        let found = try WindowSearchTests.window(api, "doc", "q=keyboard")
        #expect(Self.titles(found) == ["Keyboard", "Keyboards"])
        #expect(Self.headers(found) == ["General", "General › About"])
        #expect(found["matches"] == .int(2))
        let general = try WindowSearchTests.window(api, "doc", "q=general")
        let generalRow = try #require(Self.rows(general).first)
        let address = try #require(generalRow["child"]?.text)
        let child = try WindowSearchTests.window(api, "doc", "child=\(address)")
        #expect(Self.titles(child) == ["Keyboard", "About"])
        // A row found in a child table opens the table it is in; one that opens a table opens that one.
        let rows = Self.rows(found)
        #expect(rows[0]["child"] == .string(address))
        #expect(rows[0]["accessory"] == .string("disclosureIndicator"))
        let about = try #require(Self.rows(child).last?["child"]?.text)
        #expect(rows[1]["child"] == .string(about))
        #expect(rows[1]["fields"]?.dictValue?["on"] == nil, "a switch of another table is not offered here")
        let opened = try WindowSearchTests.window(api, "doc", "child=\(about)")
        #expect(Self.titles(opened) == ["Model Name", "Keyboards"])
    }

    @Test("a search inside a child table covers the tables under it, with addresses from there")
    func insideChild() throws {
        let api = try Self.fixture()
        let general = try WindowSearchTests.window(api, "doc", "q=general")
        let address = try #require(Self.rows(general).first?["child"]?.text)
        let found = try WindowSearchTests.window(api, "doc", "child=\(address)&q=model")
        #expect(Self.titles(found) == ["Model Name"])
        #expect(Self.headers(found) == ["About"])
        let about = try #require(Self.rows(found).first?["child"]?.text)
        #expect(about.hasPrefix(address + "~"))
        let fragment = String(decoding: try api.get("/d/doc/fragment?child=\(address)&q=about&height=2000").bodyBytes, as: UTF8.self)
        #expect(fragment.contains(#"data-child="\#(about)""#))
    }

    @Test("the fragment draws child matches as links under their path, without the controls of their table")
    func fragment() throws {
        let api = try Self.fixture()
        let html = String(decoding: try api.get("/d/doc/fragment?q=keyboards&height=2000").bodyBytes, as: UTF8.self)
        #expect(html.contains("General › About"))
        #expect(html.contains("data-child=\""))
        #expect(!html.contains("role=\"switch\""))
    }
}
