// ListServerTests — the section index in the sections' own order
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("API: the section index lists the sections' index titles in their order")
struct APISectionIndexTests {
    @Test("sections ordered Zebra, Apple, Mango, Kiwi, Avocado give Z A M K, each jumping to its first section")
    func sectionOrder() throws {
        let json = #"""
            [{"title":"Zebra","rows":[{"title":"z"}]},{"title":"Apple","rows":[{"title":"a"}]},
             {"title":"Mango","rows":[]},{"title":"Kiwi","rows":[{"title":"k"}]},{"title":"Avocado","rows":[]},
             {"title":"42","rows":[]}]
            """#
        let api = try APIFixture(datasets: [("fruit", json)])
        let detail = try jsonBody(try api.get("/api/datasets/fruit"))
        #expect(detail["indexTitles"] == .array(["Z", "A", "M", "K", "#"].map(FieldValue.string)))
        #expect(detail["indexSections"] == .array([0, 1, 2, 3, 5].map { FieldValue.int($0) }))
    }

    @Test("a section's own indexTitle is used as it is")
    func ownTitles() throws {
        let json = #"[{"title":"Zebra","indexTitle":"🦓","rows":[]},{"title":"Ant","indexTitle":"蚁","rows":[]}]"#
        let api = try APIFixture(datasets: [("own", json)])
        let detail = try jsonBody(try api.get("/api/datasets/own"))
        #expect(detail["indexTitles"] == .array([.string("🦓"), .string("蚁")]))
    }
}
