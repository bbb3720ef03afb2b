// ModelsTests — table documents' rows[].children: checked as rows, read as an outline, exported as they came
import Foundation
import Testing

@testable import Models

private func importing(_ text: String) throws -> Dataset {
    try DatasetImporter.importDataset(Array(text.utf8), using: DatasetDecoder(file: "doc.json", id: "doc"))
}

private let document = """
    {"table": {"style": "insetGrouped", "sections": [{"header": "Library", "rows": [
        {"text": "Music", "image": "music", "children": [
            {"text": "Albums", "detail": "12", "children": [{"text": "Blue"}]},
            {"text": "Songs", "accessory": "checkmark"}]},
        {"text": "Books"}]}]}}
    """

@Suite("Outlines: table documents' child rows")
struct TableDocumentOutlineTests {
    @Test("rows[].children read as the section's outline")
    func childrenAreTheOutline() throws {
        let dataset = try importing(document)
        #expect(dataset.kind == .table)
        let section = try #require(dataset.sections.first)
        #expect(section.rows.count == 2)
        let outline = try #require(SectionOutline(section, children: RowChildren(dataset)))
        #expect(outline.depths == [0, 1, 2, 1, 0])
        let texts = outline.nodes.indices.map {
            outline.fields(ofNode: $0, in: section)["text"]?.stringValue
        }
        #expect(texts == ["Music", "Albums", "Blue", "Songs", "Books"])
    }

    @Test("a child row breaking a row rule is refused at its key path, at any depth")
    func childRowsAreChecked() {
        let bad = document.replacingOccurrences(
            of: #""text": "Blue""#, with: #""text": "Blue", "accessory": "chevron""#)
        #expect {
            try importing(bad)
        } throws: { error in
            "\(error)".contains("table.sections[0].rows[0].children[0].children[0].accessory")
        }
        let notRows = document.replacingOccurrences(of: #"[{"text": "Blue"}]"#, with: #""Blue""#)
        #expect {
            try importing(notRows)
        } throws: { error in
            "\(error)".contains("rows[0].children[0].children: expected an array of child rows")
        }
        let table = document.replacingOccurrences(
            of: #"{"text": "Books"}"#, with: #"{"text": "Books", "children": [{"table": {"sections": []}}]}"#)
        #expect {
            try importing(table)
        } throws: { error in
            "\(error)".contains("rows[1].children[0].table: a child row of an outline cannot open a child table")
        }
    }

    @Test("a table document's outline exports back as it came, in every format")
    func roundTrip() throws {
        let tree = try DocumentFormat.json.read(Array(document.utf8))
        let dataset = try importing(document)
        for target in DocumentFormat.allCases {
            let exported = DatasetImporter.export(dataset, as: target)
            #expect(try target.read(exported) == tree, "\(target)")
        }
    }
}
