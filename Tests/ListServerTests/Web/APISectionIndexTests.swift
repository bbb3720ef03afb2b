// ListServerTests — the section index in the sections' own order
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("API: the section index lists the sections' index titles in their order")
struct APISectionIndexTests {
    @Test("sections sorted Apple, Avocado, Kiwi, Mango, Zebra, 42 give A K M Z #, each jumping to its first section")
    func sectionOrder() throws {
        let json = #"""
            [{"title":"Apple","rows":[{"title":"a"}]},{"title":"Avocado","rows":[]},{"title":"Kiwi","rows":[]},
             {"title":"Mango","rows":[{"title":"k"}]},{"title":"Zebra","rows":[]},{"title":"42","rows":[]}]
            """#
        let api = try APIFixture(datasets: [("fruit", json)])
        let detail = try jsonBody(try api.get("/api/datasets/fruit"))
        #expect(detail["indexTitles"] == .array(["A", "K", "M", "Z", "#"].map(FieldValue.string)))
        #expect(detail["indexSections"] == .array([0, 2, 3, 4, 5].map { FieldValue.int($0) }))
    }

    @Test("groups in an order of their own (Zebra, Apple, Mango; the friends sample's) have no index")
    func ownOrderHasNone() throws {
        let json = #"[{"title":"Zebra","rows":[]},{"title":"Apple","rows":[]},{"title":"Mango","rows":[]}]"#
        let friends = try #require(SampleDatasets.all.first { $0.id == "friends" }).json
        let api = try APIFixture(datasets: [("groups", json), ("friends", friends)])
        #expect(try jsonBody(try api.get("/api/datasets/groups"))["indexTitles"] == .array([]))
        #expect(try jsonBody(try api.get("/api/datasets/friends"))["indexTitles"] == .array([]))
    }

    @Test("a section's own indexTitle is used as it is")
    func ownTitles() throws {
        let json = #"[{"title":"Zebra","indexTitle":"🦓","rows":[]},{"title":"Ant","indexTitle":"蚁","rows":[]}]"#
        let api = try APIFixture(datasets: [("own", json)])
        let detail = try jsonBody(try api.get("/api/datasets/own"))
        #expect(detail["indexTitles"] == .array([.string("🦓"), .string("蚁")]))
    }

    @Test("a table document whose sections all give the same indexTitle has no index; distinct ones have theirs")
    func sameTitlesInATableDocument() throws {
        func document(_ titles: [String]) -> String {
            let sections = titles.map { #"{"header":"Part","indexTitle":"\#($0)","rows":[{"text":"r"}]}"# }
            return #"{"table":{"sections":[\#(sections.joined(separator: ","))]}}"#
        }
        let api = try APIFixture(datasets: [
            ("same", document(Array(repeating: "S", count: 40))), ("two", document(["A", "B", "A"])),
        ])
        let titles = { (id: String) in try jsonBody(try api.get("/api/datasets/\(id)"))["indexTitles"] }
        #expect(try titles("same") == .array([]))
        #expect(try titles("two") == .array(["A", "B", "A"].map(FieldValue.string)))
    }

    @Test("section= measures top from a section's header in the window and the fragment; past the last, top is absolute")
    func sectionAnchor() throws {
        let rows = (0..<30).map { #"{"title":"r\#($0)"}"# }.joined(separator: ",")
        let json = "[" + ["Zebra", "Apple", "Mango", "Kiwi"].map { #"{"title":"\#($0)","rows":[\#(rows)]}"# }
            .joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("fruit", json)])
        for width in ["", "&width=320", "&width=1280"] {
            let window = try jsonBody(try api.get("/api/datasets/fruit/window?section=2&top=0&height=100\(width)"))
            let header = try #require(window["headers"]?.arrayValue?.first?.dictValue)
            #expect(header["section"] == .int(2) && header["title"] == .string("Mango"))
            #expect(window["rows"]?.arrayValue?.first?.dictValue?["section"] == .int(2))
        }
        let fragment = String(decoding: try api.get("/d/fruit/fragment?section=3&top=0&height=1").bodyBytes, as: UTF8.self)
        #expect(fragment.contains(#"data-section="3""#) && !fragment.contains(#"data-section="2""#))
        let past = try jsonBody(try api.get("/api/datasets/fruit/window?section=9&top=0&height=1"))
        #expect(past["headers"]?.arrayValue?.first?.dictValue?["section"] == .int(0))
        #expect(try api.get("/api/datasets/fruit/window?section=-1").status == 400)
        #expect(try api.get("/api/datasets/fruit/window?section=x").status == 400)
        let document = try APIOpenAPITests.document()
        #expect(APIOpenAPITests.resolve("#/components/parameters/Section", in: document) != nil)
    }
}
