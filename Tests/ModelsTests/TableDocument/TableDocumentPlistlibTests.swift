// ModelsTests — the table document: files from plistlib and json, imported and exported with every key
import Foundation
import Testing

@testable import Models

/// A table document with every key of every level, unknown keys beside them and a child table two levels
/// deep. `produce FOLDER` writes it (and broken ones) as plistlib's XML and binary plists and as JSON;
/// `check FOLDER` reads each `NAME.export.EXT` back and compares it, key order and types included, with the
/// document it came from.
private let tableFilesScript = #"""
    import json, os, plistlib, sys

    AUTO_LOCK = {"style": "insetGrouped", "sections": [{"footer": "A shorter time saves battery.", "rows": [
        {"text": "30 Seconds"}, {"text": "1 Minute", "accessory": "checkmark"}, {"text": "Never", "tag": 0}]}]}
    DISPLAY = {"style": "grouped", "header": "Display", "sections": [{"header": "Lock", "rows": [
        {"text": "Auto-Lock", "detail": "1 Minute", "style": "value1", "table": AUTO_LOCK}]}]}
    TABLE = {"table": {
        "style": "insetGrouped", "header": "Settings · 设置", "footer": "Written for ListServer.",
        "separatorStyle": "singleLine", "allowsSelection": True, "allowsMultipleSelection": False,
        "sections": [
            {"header": "Connections", "footer": "Airplane Mode turns every radio off.", "indexTitle": "C",
             "rows": [
                {"text": "Airplane Mode", "image": "settings-airplane", "accessoryView": "switch", "on": False,
                 "selectionStyle": "none", "key": "airplane"},
                {"text": "Wi-Fi", "detail": "Harbor-5G", "image": "settings-wifi", "style": "value1",
                 "accessory": "disclosureIndicator", "height": 44.5},
                {"style": "value2", "text": "Mail", "detail": "lin@example.com", "accessory": "detailButton"},
                {"text": "Lark Buds", "detail": "Connected", "style": "subtitle",
                 "accessory": "detailDisclosureButton", "editingStyle": "delete", "canMove": True},
                {"text": "Add Device", "editingStyle": "insert", "extra": {"nested": [1, 2.5, "three"]}},
             ],
             "note": "kept"},
            {"rows": [{"text": "Display and Brightness", "table": DISPLAY}], "indexTitle": "D"},
            {"rows": []},
        ],
        "tintColor": "#007AFF"},
        "version": 2}
    BROKEN = {
        "accessory-chevron": {"table": {"sections": [{"rows": []}, {"rows": [{"text": "A", "accessory": "chevron"}]}]}},
        "style-fancy": {"table": {"style": "fancy", "sections": []}},
        "on-maybe": {"table": {"sections": [{"rows": [{"accessoryView": "switch", "on": "maybe"}]}]}},
        "child-accessory": {"table": {"sections": [{"rows": [{"text": "A", "table": {"sections": [
            {"rows": [{"text": "B", "accessory": "tick"}]}]}}]}]}},
        "no-sections": {"table": {"style": "plain"}},
        "rows-string": {"table": {"sections": [{"header": "A", "rows": "x"}]}},
        "height-negative": {"table": {"sections": [{"rows": [{"height": -1}]}]}},
    }

    def same(a, b):
        if type(a) is not type(b): return False
        if isinstance(a, dict): return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
        if isinstance(a, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return a == b

    def write(path, data):
        with open(path, "wb") as f: f.write(data)

    mode, folder = sys.argv[1], sys.argv[2]
    if mode == "produce":
        for name, value in [("table", TABLE)] + list(BROKEN.items()):
            write(f"{folder}/{name}.xml", plistlib.dumps(value, fmt=plistlib.FMT_XML, sort_keys=False))
            write(f"{folder}/{name}.bin", plistlib.dumps(value, fmt=plistlib.FMT_BINARY, sort_keys=False))
            write(f"{folder}/{name}.json", json.dumps(value, indent=2, ensure_ascii=False).encode())
        print("produced")
    elif mode == "check":
        checked, failures = 0, []
        for file in sorted(os.listdir(folder)):
            if ".export." not in file: continue
            with open(f"{folder}/{file}", "rb") as f:
                value = json.load(f) if file.endswith(".json") else plistlib.load(f, dict_type=dict)
            if not same(value, TABLE): failures.append(f"{file}: {value!r}")
            checked += 1
        print("\n".join(failures) if failures else f"ok {checked}")
    """#

@Suite("Table documents from plistlib and json")
struct TableDocumentPlistlibTests {
    @Test("a document with every key imports as kind table in each format, its table keys kept in the shape")
    func everyKeyImports() throws {
        let folder = try PlistlibOracle.produce(tableFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fileExtension, _) in PlistlibOracle.formats {
            let dataset = try PlistlibOracle.importing(folder, "table.\(fileExtension)", id: "settings")
            #expect(dataset.kind == .table, "\(fileExtension)")
            #expect(dataset.style == .insetGrouped)
            #expect(dataset.sections.map(\.rows.count) == [5, 1, 0])
            #expect(dataset.sections[0].fields.keys == ["header", "footer", "indexTitle", "note"])
            #expect(dataset.sections[0].rowsKeyIndex == 3)
            #expect(TableDocument.tableFields(of: dataset.shape)?["header"] == .string("Settings · 设置"))
            #expect(dataset.shape.document?.keys == ["table", "version"])
            #expect(dataset.sections[0].rows[1].fields["height"] == .real(44.5))
            #expect(dataset.sections[0].rows[4].fields["extra"] != nil)
        }
    }

    /// The binary export is compared by value (plistlib and the writer order a binary plist's objects
    /// differently); the XML and JSON exports byte for byte.
    @Test("an export gives the same document: byte-equal XML and JSON, binary equal by value, no ids inside")
    func exportsGiveTheSameDocument() throws {
        let folder = try PlistlibOracle.produce(tableFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fileExtension, format) in PlistlibOracle.formats {
            let file = "table.\(fileExtension)"
            let original = [UInt8](try Data(contentsOf: folder.appendingPathComponent(file)))
            let dataset = try PlistlibOracle.importing(folder, file, id: "settings")
            let exported = DatasetImporter.export(dataset, as: format)
            if format != .binaryPlist { #expect(!exported.contains(0), "\(file): an id key leaked into the export") }
            if format == .binaryPlist {
                let again = try DatasetImporter.importDataset(exported, using: DatasetDecoder(file: file, id: "settings"))
                #expect(again == dataset, "\(file)")
            } else {
                #expect(exported == original, "\(file) differs from the file it came from")
            }
            try Data(exported).write(to: folder.appendingPathComponent("table.export.\(fileExtension)"))
        }
        #expect(try PlistlibOracle.run(["check", folder.path], script: tableFilesScript) == "ok 3")
    }

    @Test(
        "a wrong value is refused with its key path from the table's root in every format",
        arguments: [
            (
                "accessory-chevron", "table.sections[1].rows[0].accessory",
                #"expected one of none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, found "chevron""#
            ),
            ("style-fancy", "table.style", #"expected one of plain, grouped, insetGrouped, found "fancy""#),
            ("on-maybe", "table.sections[0].rows[0].on", #"expected a boolean (true or false, YES or NO, 1 or 0, or a number), found "maybe""#),
            (
                "child-accessory", "table.sections[0].rows[0].table.sections[0].rows[0].accessory",
                #"expected one of none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton, found "tick""#
            ),
            ("no-sections", "table.sections", #"missing required key "sections""#),
            ("rows-string", "table.sections[0].rows", #"expected an array of rows, found "x""#),
            ("height-negative", "table.sections[0].rows[0].height", "expected a number from 0 to 2000, found -1"),
        ])
    func wrongValuesAreRefused(name: String, path: String, message: String) throws {
        let folder = try PlistlibOracle.produce(tableFilesScript)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (fileExtension, _) in PlistlibOracle.formats {
            let file = "\(name).\(fileExtension)"
            #expect(throws: ImportError(file: file, path: path, message: message), "\(file)") {
                try PlistlibOracle.importing(folder, file, id: "settings")
            }
        }
    }
}
