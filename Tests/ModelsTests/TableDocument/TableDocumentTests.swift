// ModelsTests — the table document: detection, ids of child tables, and what a row's cell says
import Testing

@testable import Models

private func decode(_ json: String, kind: DatasetKind? = nil) throws -> Dataset {
    try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "t.json", id: "t", kind: kind))
}

private let nested = #"""
    {"table": {"style": "insetGrouped", "sections": [
      {"header": "A", "rows": [{"text": "General", "table": {"sections": [
        {"rows": [{"text": "About", "table": {"style": "grouped", "sections": [{"rows": [{"text": "Name", "detail": "Lin"}]}]}},
                  {"text": "Keyboard"}]}]}},
        {"text": "Wi-Fi", "accessoryView": "switch", "on": true}]}]}}
    """#

@Suite("Table documents")
struct TableDocumentTests {
    @Test("a root dictionary whose table holds a dictionary is a table document, whatever other keys it has")
    func detection() throws {
        let dataset = try decode(#"{"version": 1, "table": {"sections": [{"rows": [{"text": "A"}]}]}}"#)
        #expect(dataset.kind == .table)
        #expect(dataset.style == .plain)
        #expect(dataset.shape.rootKey == "table")
        let exported = try JSONReader.read(DatasetImporter.export(dataset, as: .json))
        #expect(exported.dictValue?.keys == ["version", "table"])
        #expect(try decode(#"{"table": [{"title": "A"}]}"#).kind == .generic)
        #expect(try decode(#"{"table": {"sections": []}}"#).sections.isEmpty)
    }

    @Test("--kind table refuses a list, and a table that is not a dictionary, naming where")
    func forcedKindRefusals() throws {
        #expect(throws: ImportError.self) { try decode(#"[{"text": "A"}]"#, kind: .table) }
        #expect(throws: ImportError(file: "t.json", path: "table", message: #"expected a dictionary (the table), found "x""#)) {
            try decode(#"{"table": "x"}"#, kind: .table)
        }
    }

    @Test("child tables get ids from the dataset's id space, unique across levels, and read back as datasets")
    func childTablesHaveIDs() throws {
        let dataset = try decode(nested)
        let general = dataset.sections[0].rows[0]
        let child = try #require(TableDocument.childDataset(of: general, in: dataset))
        #expect(child.id == "t~\(general.id)")
        #expect(child.title == "General")
        #expect(child.sections[0].rows.map { $0.fields["text"] } == [.string("About"), .string("Keyboard")])
        let about = try #require(TableDocument.childDataset(of: child.sections[0].rows[0], in: child))
        #expect(about.style == .grouped)
        #expect(about.id == "t~\(general.id)~\(child.sections[0].rows[0].id)")
        var ids: [Int64] = []
        for table in [dataset, child, about] {
            for section in table.sections {
                ids.append(section.id.rawValue)
                ids += section.rows.map(\.id.rawValue)
            }
        }
        #expect(Set(ids).count == ids.count, "\(ids)")
        #expect(dataset.nextID > ids.max()!)
        #expect(child.sections[0].rows[0].fields[TableDocument.idKey] == nil)
    }

    @Test("a child written back with its ids reads back the same; exported, it has no ids and imports again equal")
    func childRoundTrip() throws {
        let dataset = try decode(nested)
        let general = dataset.sections[0].rows[0]
        let child = try #require(TableDocument.childDataset(of: general, in: dataset))
        let stamped = TableDocument.encode(child, stamped: true)
        #expect(stamped == general.fields["table"])
        let exported = DatasetImporter.export(dataset, as: .json)
        #expect(!exported.contains(0))
        #expect(try DatasetImporter.importDataset(exported, using: DatasetDecoder(file: "t.json", id: "t")) == dataset)
        #expect(exported == DatasetImporter.export(try decode(String(decoding: exported, as: UTF8.self)), as: .json))
    }

    @Test("a row's cell reads UIKit's defaults for what it leaves out; a child table shows a disclosure indicator")
    func cellDefaults() {
        let plain = TableCell(["text": .string("A")])
        #expect(plain.style == .default && plain.accessory == .none && plain.accessoryView == nil)
        #expect(plain.editingStyle == .none && !plain.canMove && plain.height == nil && plain.selectionStyle == .default)
        let child = TableCell(["text": .string("A"), "table": .dict(["sections": .array([])])])
        #expect(child.accessory == .disclosureIndicator && child.hasChild)
        let own = TableCell(["table": .dict([:]), "accessory": .string("checkmark"), "accessoryView": .string("switch"), "on": .bool(true)])
        #expect(own.accessory == .checkmark && own.accessoryName == "switch" && own.isOn)
    }
}
