// ListServerTests — library
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

/// A small deterministic generator for the randomized library tests.
private func decode(_ json: String, id: String) throws -> Dataset {
    try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: id, id: id))
}

private func groupedDataset(sections: Int, random: inout SplitMix64) throws -> Dataset {
    var groups: [String] = []
    for section in 0..<sections {
        let rows = (0..<Int.random(in: 0...6, using: &random)).map { #"{"title":"r\#(section)-\#($0)","n":\#($0)}"# }
        groups.append(#"{"title":"Group \#(section)","rows":[\#(rows.joined(separator: ","))]}"#)
    }
    return try decode("[\(groups.joined(separator: ","))]", id: "grouped")
}

private func heroesDataset(count: Int) throws -> Dataset {
    let rows = (0..<count).map { index in
        let desc = String(repeating: "word ", count: index * 7 % 60)
        return #"{"name":"H\#(index)","title":"t","icon":"hero-01","desc":"\#(desc)","tags":["Mage"]}"#
    }
    return try decode("[\(rows.joined(separator: ","))]", id: "heroes")
}

/// A random valid batch by ids: deletes, updates, inserts at post-batch positions, and for grouped
/// datasets a section insert or delete now and then.
private func randomBatch(_ entry: DatasetEntry, random: inout SplitMix64) -> BatchRequest {
    let dataset = entry.dataset
    var request = BatchRequest(baseVersion: dataset.version)
    var deletedSections: Set<Int> = []
    if dataset.shape.isGrouped && dataset.sections.count > 1 && Int.random(in: 0..<4, using: &random) == 0 {
        let section = Int.random(in: 0..<dataset.sections.count, using: &random)
        deletedSections.insert(section)
        request.deleteSections = [dataset.sections[section].id]
    }
    var counts: [Int] = []
    for (index, section) in dataset.sections.enumerated() where !deletedSections.contains(index) {
        var kept = 0
        for row in section.rows {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: request.deleteRows.append(row.id)
            case 1:
                request.updateRows.append(.init(id: row.id, fields: ["title": .string("u\(row.id)"), "name": .string("N")]))
                kept += 1
            default: kept += 1
            }
        }
        counts.append(kept)
    }
    if dataset.shape.isGrouped && Int.random(in: 0..<4, using: &random) == 0 {
        let at = Int.random(in: 0...counts.count, using: &random)
        request.insertSections = [.init(section: at, fields: ["title": .string("New \(dataset.version)")])]
        counts.insert(0, at: at)
    }
    for (section, count) in counts.enumerated() {
        let inserts = Int.random(in: 0...2, using: &random)
        let final = count + inserts
        let positions = Array(0..<final).shuffled(using: &random).prefix(inserts).sorted()
        for position in positions {
            let fields: Fields = ["name": .string("new"), "title": .string("t\(position)"), "desc": .string("d")]
            request.insertRows.append(.init(section: section, row: position, fields: fields))
        }
    }
    return request
}

/// Every frame of `layout` equals the one of `expected`.
private func expectSameGeometry(_ layout: TableLayout, _ expected: TableLayout, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(layout.numberOfSections == expected.numberOfSections, sourceLocation: sourceLocation)
    #expect(layout.contentHeight == expected.contentHeight, sourceLocation: sourceLocation)
    guard layout.numberOfSections == expected.numberOfSections else { return }
    for section in 0..<expected.numberOfSections {
        #expect(layout.rectForHeader(inSection: section) == expected.rectForHeader(inSection: section), sourceLocation: sourceLocation)
        #expect(layout.numberOfRows(inSection: section) == expected.numberOfRows(inSection: section), sourceLocation: sourceLocation)
        for row in 0..<min(layout.numberOfRows(inSection: section), expected.numberOfRows(inSection: section)) {
            let path = IndexPath(row: row, section: section)
            #expect(layout.rectForRow(at: path) == expected.rectForRow(at: path), sourceLocation: sourceLocation)
        }
    }
}

@Suite("Library")
struct LibraryTests {
    @Test("random batches keep the replayed layout, the snapshot and the store equal to a fresh build", arguments: [1, 2, 3])
    func randomBatchesStayConsistent(seed: UInt64) throws {
        try StoreFixtures.withDirectory { directory in
            var random = SplitMix64(seed: seed)
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            let datasets = [try groupedDataset(sections: 6, random: &random), try heroesDataset(count: 12)]
            try store.insert(datasets, replacing: false)
            let library = Library(store: store, datasets: datasets)
            for _ in 0..<25 {
                for id in ["grouped", "heroes"] {
                    let before = try #require(library.entry(id))
                    let request = randomBatch(before, random: &random)
                    let after = try library.apply(request, to: id).entry
                    #expect(after.dataset.version == before.dataset.version + (request.operationCount == 0 ? 0 : 1))
                    #expect(after.snapshot == TableSnapshot(after.dataset.sections))
                    expectSameGeometry(after.layout, after.metrics.layout(of: after.dataset))
                    #expect(try store.load(id: id) == after.dataset)
                }
            }
        }
    }

    @Test("a refused batch leaves the entry, the version and the store as they were")
    func refusedBatchChangesNothing() throws {
        try StoreFixtures.withDirectory { directory in
            var random = SplitMix64(seed: 9)
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            let dataset = try groupedDataset(sections: 3, random: &random)
            try store.insert([dataset], replacing: false)
            let library = Library(store: store, datasets: [dataset])
            var stale = BatchRequest(baseVersion: 7)
            stale.deleteRows = [dataset.sections[0].rows.first?.id ?? RowID(99)]
            #expect(throws: LibraryError.versionConflict(datasetID: "grouped", current: 1, base: 7)) {
                try library.apply(stale, to: "grouped")
            }
            var outOfRange = BatchRequest(baseVersion: 1)
            outOfRange.insertRows = [.init(section: 0, row: 50, fields: ["title": .string("x")])]
            #expect(throws: LibraryError.self) { try library.apply(outOfRange, to: "grouped") }
            #expect(library.entry("grouped")?.dataset == dataset)
            #expect(try store.load(id: "grouped") == dataset)
        }
    }
}
