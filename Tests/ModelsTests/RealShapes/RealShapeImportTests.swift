// ModelsTests — real list shapes import as their apps show them and export back equal
import Foundation
import Testing

@testable import Models
import TestSupport

@Suite("Real shapes: lists as iOS projects ship them")
struct RealShapeImportTests {
    @Test("the corpus holds at least 30 real shapes, and every file in its folder is listed once")
    func corpusIsComplete() throws {
        let shapes = RealShape.all
        #expect(shapes.count >= 30)
        let listed = Set(shapes.map(\.file))
        #expect(listed.count == shapes.count, "a fixture is listed twice")
        let files = try FileManager.default.contentsOfDirectory(atPath: RealShape.directory.path)
            .filter { !["manifest.json", "README.md"].contains($0) }
        #expect(Set(files) == listed)
        #expect(shapes.allSatisfy { !$0.source.isEmpty && !$0.shape.isEmpty })
    }

    @Test("each real shape imports with its kind, title, sections and rows, or is refused naming what to pick",
          arguments: RealShape.all)
    func importsAsItsAppShowsIt(_ shape: RealShape) throws {
        let decoder = DatasetDecoder(file: shape.file, id: shape.datasetID)
        let expect = shape.expect
        if expect.refused == true {
            do {
                let dataset = try DatasetImporter.importDataset(try shape.bytes(), using: decoder)
                Issue.record("\(shape): imported \(dataset.rowCount) rows, though it should be refused")
            } catch let error as ImportError {
                for word in expect.messageMentions ?? [] {
                    #expect(error.description.contains(word), "\(shape): \(error) names no \(word)")
                }
                #expect(error.description.hasPrefix(shape.file + ": "))
            }
            return
        }
        let dataset = try DatasetImporter.importDataset(try shape.bytes(), using: decoder)
        if let kind = expect.kind { #expect(dataset.kind.rawValue == kind, "\(shape)") }
        if let title = expect.title { #expect(dataset.title == title, "\(shape)") }
        if let sections = expect.sections { #expect(dataset.sections.count == sections, "\(shape)") }
        if let rows = expect.rows { #expect(dataset.sections.map(\.rows.count) == rows, "\(shape)") }
        if let titles = expect.sectionTitles {
            let headers = dataset.sections.map { $0.fields[shape.isSettingsPage ? "header" : SourceShape.sectionTitleKey]?.text }
            if shape.isSettingsPage { #expect(headers == titles, "\(shape)") }
        }
        if shape.isSettingsPage {
            #expect(dataset.style == .insetGrouped, "\(shape)")
            return
        }
        #expect(dataset.shape.isGrouped == (dataset.sections.count > 1 || dataset.shape.rowsKey != nil
            || dataset.shape.groupForm != .dictionaries))
    }

    @Test("each real shape that imports exports back equal, in its own format", arguments: RealShape.all)
    func exportsBackEqual(_ shape: RealShape) throws {
        guard shape.expect.refused != true else { return }
        let bytes = try shape.bytes()
        let format = DocumentFormat.detect(bytes)
        let dataset = try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: shape.file, id: shape.datasetID))
        let exported = DatasetImporter.export(dataset, as: format)
        #expect(try format.read(exported) == (try format.read(bytes)), "\(shape)")
        let again = try DatasetImporter.importDataset(exported, using: DatasetDecoder(file: shape.file, id: shape.datasetID))
        #expect(again.sections.map(\.rows.count) == dataset.sections.map(\.rows.count), "\(shape)")
        #expect(again.kind == dataset.kind && again.shape == dataset.shape, "\(shape)")
    }
}

@Suite("Real shapes: what a generic row shows")
struct GenericRowTextTests {
    @Test("a row with only image names shows none of them; a row with a nested list shows its texts second")
    func imageNamesAndNestedLists() {
        let icons: Fields = ["icon": .string("a.png"), "image": .string("b@2x.png")]
        #expect(DatasetKind.primaryText(of: icons) == nil && DatasetKind.secondaryText(of: icons) == nil)
        let named: Fields = ["avatar": .string("face.png"), "caption": .string("Harbor at dusk"), "photo": .string("x")]
        #expect(DatasetKind.primaryText(of: named) == "Harbor at dusk" && DatasetKind.secondaryText(of: named) == nil)
        let city: Fields = ["name": .string("Shenzhen"), "areas": .array(["Nanshan", "Futian"].map(FieldValue.string))]
        #expect(DatasetKind.secondaryText(of: city) == "Nanshan, Futian")
        let many: Fields = ["name": .string("Many"), "items": .array((1...10).map { .dict(["name": .string("n\($0)")]) })]
        #expect(DatasetKind.secondaryText(of: many) == "n1, n2, n3, n4, n5, n6, n7, n8, …")
    }

    @Test("a time in milliseconds is refused with a hint to write seconds")
    func millisecondsAreNamed() throws {
        let json = #"[{"send_time": 1767225600123, "title": "a"}]"#
        #expect(throws: ImportError(
            file: "m", path: "[0].send_time",
            message: "the date is outside years 1–9999 (it looks like milliseconds: write seconds)")) {
            try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "m", id: "m"))
        }
    }
}
