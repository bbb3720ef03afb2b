// ModelsTests — DatasetDecoder: empty lists
import Testing

@testable import Models

/// An empty list as each format writes it, the bytes written independently of this project's writers.
private enum EmptyListDocuments {
    static let json = Array("[]".utf8)
    static let jsonWithRootKey = Array(#"{ "items" : [ ] }"#.utf8)
    static let xml = Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <array/>
        </plist>

        """.utf8)
    static let xmlOpenClose = Array(#"<?xml version="1.0"?><plist version="1.0"><array></array></plist>"#.utf8)
    /// `plistlib.dumps([], fmt=plistlib.FMT_BINARY)`: the array marker `A0`, one offset, the trailer.
    static let binary: [UInt8] =
        Array("bplist00".utf8) + [0xA0, 0x08] + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 1]
        + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 9]

    static let all: [(name: String, bytes: [UInt8])] = [
        ("json", json), ("json under a root key", jsonWithRootKey), ("xml", xml), ("xml open-close", xmlOpenClose),
        ("binary", binary),
    ]
}

private func importing(_ bytes: [UInt8], kind: DatasetKind?) throws(ImportError) -> Dataset {
    try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: "x.json", id: "x", kind: kind))
}

private func refusal(_ bytes: [UInt8], kind: DatasetKind? = nil) -> ImportError? {
    do {
        _ = try importing(bytes, kind: kind)
        return nil
    } catch {
        return error
    }
}

@Suite("DatasetDecoder: empty lists")
struct DatasetDecoderEmptyListTests {
    @Test("an empty list without a kind is refused with one line saying to pass --kind")
    func emptyListWithoutKind() {
        #expect(
            refusal(EmptyListDocuments.json)?.description
                == "x.json: the list is empty: pass --kind to import an empty list")
        #expect(
            refusal(EmptyListDocuments.jsonWithRootKey)?.description
                == "x.json: items: the list is empty: pass --kind to import an empty list")
        for document in EmptyListDocuments.all {
            #expect(refusal(document.bytes)?.message == DatasetDecoder.emptyListMessage, "\(document.name)")
        }
    }

    @Test("an empty or blank file is refused as empty whatever the kind")
    func emptyFileWithKind() {
        for kind in DatasetKind.allCases {
            for bytes in [[], Array(" \n\t\r\n ".utf8)] as [[UInt8]] {
                #expect(refusal(bytes, kind: kind)?.description == "x.json: the file is empty", "\(kind) \(bytes)")
            }
        }
    }

    @Test("an empty list of a flat kind, in every format, is one section without rows in the flat shape")
    func flatKindsGetOneEmptySection() throws {
        for kind in [DatasetKind.generic, .heroes, .apps, .messages] {
            for document in EmptyListDocuments.all {
                let dataset = try importing(document.bytes, kind: kind)
                let label = "\(kind) \(document.name)"
                #expect(dataset.kind == kind, "\(label)")
                #expect(dataset.style == .plain, "\(label)")
                #expect(dataset.shape.rowsKey == nil, "\(label)")
                #expect(dataset.shape.rootKey == (document.name.hasSuffix("root key") ? "items" : nil), "\(label)")
                #expect(dataset.sections.count == 1, "\(label)")
                #expect(dataset.sections.first?.rows.isEmpty == true, "\(label)")
                #expect(dataset.sections.first?.id == SectionID(1), "\(label)")
                #expect(dataset.rowCount == 0 && dataset.version == 1 && dataset.nextID == 2, "\(label)")
            }
        }
    }

    @Test("an empty friends list has no groups and keeps the grouped shape")
    func friendsGetNoGroups() throws {
        for document in EmptyListDocuments.all {
            let dataset = try importing(document.bytes, kind: .friends)
            #expect(dataset.kind == .friends, "\(document.name)")
            #expect(dataset.shape.rowsKey == "friends", "\(document.name)")
            #expect(dataset.sections.isEmpty, "\(document.name)")
            #expect(dataset.rowCount == 0 && dataset.nextID == 1, "\(document.name)")
        }
    }

    @Test("the empty dataset exports the same empty list, root key kept, in every format")
    func exportGivesTheEmptyList() throws {
        // A table document is a dictionary, never a list: its empty form is {"table": {"sections": []}}; a
        // Settings page's is {"PreferenceSpecifiers": []}.
        for kind in DatasetKind.allCases where !kind.isTableDocument {
            let flat = try importing(EmptyListDocuments.json, kind: kind)
            #expect(DatasetEncoder.encode(flat) == .array([]), "\(kind)")
            let wrapped = try importing(EmptyListDocuments.jsonWithRootKey, kind: kind)
            #expect(DatasetEncoder.encode(wrapped) == .dict(["items": .array([])]), "\(kind)")
            for format in DocumentFormat.allCases {
                let exported = DatasetImporter.export(flat, as: format)
                #expect(try format.read(exported) == .array([]), "\(kind) \(format)")
                #expect(DocumentFormat.detect(exported) == format, "\(kind) \(format)")
                let again = try importing(exported, kind: kind)
                #expect(again == flat, "\(kind) \(format)")
                #expect(refusal(exported)?.message == DatasetDecoder.emptyListMessage, "\(kind) \(format)")
            }
        }
    }

    @Test("a list whose rows were all removed exports a list that imports with its kind as the same dataset")
    func emptiedDatasetRoundTrips() throws {
        let sources: [(String, DatasetKind)] = [
            (#"[{"title":"a","detail":"b"},{"title":"c"}]"#, .generic),
            (#"{"apps":[{"name":"A","icon":"app-01","size":1.5,"download":3}]}"#, .apps),
            (#"[{"send_time":1700000000,"title":"t","content":"c"}]"#, .messages),
            (#"[{"name":"H","title":"t","icon":"hero-01","desc":"d","tags":["Mage"]}]"#, .heroes),
        ]
        for (text, kind) in sources {
            var emptied = try importing(Array(text.utf8), kind: nil)
            #expect(emptied.kind == kind)
            for index in emptied.sections.indices { emptied.sections[index].rows = [] }
            for format in DocumentFormat.allCases {
                let exported = DatasetImporter.export(emptied, as: format)
                let imported = try importing(exported, kind: kind)
                #expect(imported.kind == emptied.kind && imported.style == emptied.style, "\(kind) \(format)")
                #expect(imported.shape == emptied.shape, "\(kind) \(format)")
                #expect(imported.sections.map(\.rows.count) == emptied.sections.map(\.rows.count), "\(kind) \(format)")
                #expect(DatasetImporter.export(imported, as: format) == exported, "\(kind) \(format)")
            }
        }
    }

    @Test("a friends list whose groups were all removed exports a list that imports as friends without groups")
    func emptiedFriendsRoundTrip() throws {
        let text = #"[{"name":"G","online":1,"friends":[{"name":"a","icon":"friend-01","vip":true}]}]"#
        var emptied = try importing(Array(text.utf8), kind: nil)
        emptied.sections = []
        for format in DocumentFormat.allCases {
            let exported = DatasetImporter.export(emptied, as: format)
            let imported = try importing(exported, kind: .friends)
            #expect(imported.shape == emptied.shape && imported.sections.isEmpty, "\(format)")
            #expect(DatasetImporter.export(imported, as: format) == exported, "\(format)")
        }
    }

    @Test("a grouped generic list whose groups were all removed imports, with --kind generic, as one empty section")
    func emptiedGroupedGenericBecomesFlat() throws {
        var emptied = try importing(Array(#"[{"title":"A","rows":[{"title":"a"}]}]"#.utf8), kind: nil)
        #expect(emptied.shape.rowsKey == "rows")
        emptied.sections = []
        let exported = DatasetImporter.export(emptied, as: .json)
        let imported = try importing(exported, kind: .generic)
        // Without groups nothing says the list was grouped: it comes back as a flat list, which
        // exports the same empty list.
        #expect(imported.shape.rowsKey == nil)
        #expect(imported.sections.count == 1 && imported.rowCount == 0)
        #expect(DatasetImporter.export(imported, as: .json) == exported)
    }
}
