// ListServerTests — GET /api/datasets/{id}/export
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("GET /api/datasets/{id}/export")
struct APIExportTests {
    @Test("each format downloads under the dataset's name and imports back as the same rows",
          arguments: [("json", "application/json", "json"), ("plist", "application/x-plist", "plist"),
                      ("binary-plist", "application/x-bplist", "plist")])
    func roundTrip(_ format: String, _ contentType: String, _ fileExtension: String) throws {
        let api = try APIFixture()
        #expect(try api.batch(
            "teams", #"{"baseVersion":1,"moveRows":[{"id":6,"toSection":0,"toRow":0}],"insertRows":[{"section":2,"row":0,"fields":{"title":"g1"}}]}"#
        ).status == 200)
        let response = try api.get("/api/datasets/teams/export?format=\(format)")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"]?.hasPrefix(contentType) == true)
        #expect(response.headers["Content-Disposition"] == "attachment; filename=\"teams.\(fileExtension)\"")
        let imported = try DatasetImporter.importDataset(
            response.bodyBytes, using: DatasetDecoder(file: "teams.\(fileExtension)", id: "teams"))
        let current = api.dataset("teams")
        #expect(imported.sections.map(\.fields) == current.sections.map(\.fields))
        #expect(imported.sections.map { $0.rows.map(\.fields) } == current.sections.map { $0.rows.map(\.fields) })
    }

    @Test("JSON is the default format")
    func defaultFormat() throws {
        let api = try APIFixture()
        let response = try api.get("/api/datasets/letters/export")
        #expect(response.headers["Content-Disposition"] == "attachment; filename=\"letters.json\"")
        #expect(try JSONReader.read(response.bodyBytes).arrayValue?.count == 6)
    }

    @Test("an unknown format is a 400 problem naming the formats")
    func unknownFormat() throws {
        let api = try APIFixture()
        #expect(try expectProblem(try api.get("/api/datasets/letters/export?format=xml"), status: 400)
            .contains("binary-plist"))
    }
}
