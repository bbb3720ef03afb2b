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

        // The format's own reader takes it too: Python's json or plistlib (XML and binary alike).
        let file = api.directory + "/teams.\(format)"
        try Data(response.bodyBytes).write(to: URL(fileURLWithPath: file))
        let script = """
            import json, plistlib, sys
            data = open(sys.argv[1], "rb").read()
            document = json.loads(data) if sys.argv[1].endswith(".json") else plistlib.loads(data)
            print(len(document), sum(len(group["rows"]) for group in document), document[0]["rows"][0]["title"])
            """
        let read = try AcceptanceHarness.python(script, [file])
        let rows = current.sections.reduce(0) { $0 + $1.rows.count }
        let first = current.sections[0].rows[0].fields["title"]?.stringValue ?? ""
        #expect(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "\(current.sections.count) \(rows) \(first)",
                "\(read.stderr)")
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
