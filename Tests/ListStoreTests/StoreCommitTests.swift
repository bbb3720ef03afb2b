// ListStoreTests — DatasetStore commits
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore commits")
struct StoreCommitTests {
    @Test(
        "a commit of edits, inserts, deletes and moves loads back as the edited dataset",
        arguments: StoreBackend.available)
    func commitApplies(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 4)
        try StoreFixtures.withStore(backend, holding: [old]) { store, _ in
            var new = old
            new.version = old.version + 1
            new.sections[0].rows[1].fields["title"] = .string("edited")
            new.sections[1].rows.remove(at: 2)
            let moved = new.sections[2].rows.removeFirst()
            new.sections[0].rows.insert(moved, at: 0)
            new.sections[2].rows.append(Row(id: RowID(new.makeID()), fields: ["title": .string("new")]))
            #expect(StoredChange(from: old, to: old).isEmpty)
            let change = StoredChange(from: old, to: new)
            #expect(!change.isEmpty)
            #expect(change.upsertedRows.count == 2)
            #expect(change.deletedRowIDs == [old.sections[1].rows[2].id])
            #expect(Set(change.rowOrders.keys) == [old.sections[0].id, old.sections[1].id, old.sections[2].id])
            try Self.commit(change, to: store, expecting: new)
        }
    }

    @Test("a move between sections writes only the two row orders, not the row", arguments: StoreBackend.available)
    func moveWritesOrdersOnly(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 3)
        try StoreFixtures.withStore(backend, holding: [old]) { store, _ in
            var new = old
            new.version += 1
            new.sections[1].rows.append(new.sections[0].rows.removeLast())
            let change = StoredChange(from: old, to: new)
            #expect(change.upsertedRows.isEmpty && change.deletedRowIDs.isEmpty)
            #expect(change.rowOrders.count == 2)
            try Self.commit(change, to: store, expecting: new)
        }
    }

    @Test(
        "deleting a section deletes its rows except those moved out of it in the same change",
        arguments: StoreBackend.available)
    func sectionDeleteCascades(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 4)
        try StoreFixtures.withStore(backend, holding: [old]) { store, location in
            let rescued = old.sections[1].rows[3]
            let change = StoredChange(
                datasetID: "list", expectedVersion: old.version, newVersion: old.version + 1, nextID: old.nextID,
                deletedSectionIDs: [old.sections[1].id], sectionOrder: [old.sections[0].id, old.sections[2].id],
                rowOrders: [old.sections[2].id: old.sections[2].rows.map(\.id) + [rescued.id]])
            var expected = old
            expected.version += 1
            expected.sections[2].rows.append(rescued)
            expected.sections.remove(at: 1)
            try Self.commit(change, to: store, expecting: expected)
            #expect(try StoreFixtures.counts(location).rows == Int64(expected.rowCount))
        }
    }

    @Test(
        "a stale expected version throws a conflict and changes nothing, event included",
        arguments: StoreBackend.available)
    func conflictChangesNothing(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 3)
        try StoreFixtures.withStore(backend, holding: [old]) { store, location in
            var first = old
            first.version = 2
            first.sections[0].rows[0].fields["title"] = .string("first")
            try store.commit(StoredChange(from: old, to: first, eventPayload: [1]))
            let before = try StoreFixtures.counts(location)

            var second = old
            second.version = 2
            second.sections[0].rows.removeAll()
            #expect(throws: StoreError.versionConflict(datasetID: "list", expected: 1, found: 2)) {
                try store.commit(StoredChange(from: old, to: second, eventPayload: [2]))
            }
            #expect(try StoreFixtures.counts(location) == before)
            #expect(try store.load(id: "list") == first)
            let logged = StoredEvent(version: 2, payload: [1], change: StoredChange(from: old, to: first))
            #expect(try store.events(datasetID: "list", after: 0, limit: 10) == [logged])
            #expect(throws: StoreError.datasetNotFound("ghost")) {
                try store.commit(StoredChange(datasetID: "ghost", expectedVersion: 1, newVersion: 2, nextID: 1))
            }
        }
    }

    @Test(
        "an inconsistent change is refused after partial writes, and they are rolled back",
        arguments: StoreBackend.available)
    func invalidChangeRollsBack(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 3)
        try StoreFixtures.withStore(backend, holding: [old]) { store, location in
            let before = try StoreFixtures.counts(location)
            let deleted = old.sections[0].rows.map(\.id)
            let unknownSection = StoredChange(
                datasetID: "list", expectedVersion: 1, newVersion: 2, nextID: old.nextID,
                deletedRowIDs: deleted, rowOrders: [old.sections[0].id: [], SectionID(999): []])
            #expect(
                throws: StoreError.invalidChange(
                    datasetID: "list", detail: "a row order is given for section 999, which is not stored")
            ) {
                try store.commit(unknownSection)
            }
            let newSection = StoredChange(
                datasetID: "list", expectedVersion: 1, newVersion: 2, nextID: old.nextID + 1,
                upsertedSections: [.init(id: SectionID(old.nextID), fields: [:], rowsKeyIndex: 0)])
            #expect(throws: StoreError.self) { try store.commit(newSection) }
            let badOrder = StoredChange(
                datasetID: "list", expectedVersion: 1, newVersion: 2, nextID: old.nextID,
                sectionOrder: [old.sections[0].id, old.sections[0].id])
            #expect(throws: StoreError.self) { try store.commit(badOrder) }
            #expect(try StoreFixtures.counts(location) == before)
            #expect(try store.load(id: "list") == old)
        }
    }

    @Test(
        "seeded random edits committed one by one always load back as the edited model",
        arguments: StoreBackend.available)
    func randomEditsMatchModel(_ backend: StoreBackend) throws {
        try StoreFixtures.withLocation(backend) { location in
            var store = try location.open()
            defer { store.close() }
            var model = StoreFixtures.dataset(id: "list", sections: 4, rowsPerSection: 5)
            try store.insert([model], replacing: false)
            var random = StoreRandom(seed: 2024)
            for step in 1...150 {
                try StoreFixtures.commitEdit(of: &model, to: store, eventPayload: [UInt8(step % 256)]) { model in
                    for _ in 0..<(1 + random.below(4)) { random.edit(&model) }
                }
                if step % 25 == 0 {
                    store.close()
                    store = try location.open()
                }
                let loaded = try store.load(id: "list")
                #expect(loaded == model, "after step \(step)")
                if loaded != model { return }
            }
            #expect(try StoreFixtures.counts(location).rows == Int64(model.rowCount))
        }
    }

    /// Commits `change` to `store` and expects the store to load `expected` for the changed dataset.
    private static func commit(
        _ change: StoredChange, to store: any DatasetStore, expecting expected: Dataset,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try store.commit(change)
        #expect(try store.load(id: expected.id) == expected, sourceLocation: sourceLocation)
    }
}

/// Random edits of a dataset model for the oracle test.
struct StoreRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 16
    }

    mutating func below(_ bound: Int) -> Int { bound <= 0 ? 0 : Int(next() % UInt64(bound)) }

    /// One random edit: a row edited, inserted, deleted or moved, or a section inserted,
    /// deleted, edited or moved.
    mutating func edit(_ dataset: inout Dataset) {
        let nonEmpty = dataset.sections.indices.filter { !dataset.sections[$0].rows.isEmpty }
        switch below(8) {
        case 0 where !nonEmpty.isEmpty:
            let section = nonEmpty[below(nonEmpty.count)]
            let row = below(dataset.sections[section].rows.count)
            dataset.sections[section].rows[row].fields["title"] = .string("edit \(next() % 1000)")
            dataset.sections[section].rows[row].fields["extra"] = below(2) == 0 ? nil : .array([.int(Int64(row))])
        case 1 where !dataset.sections.isEmpty:
            let section = below(dataset.sections.count)
            let id = RowID(dataset.makeID())
            let at = below(dataset.sections[section].rows.count + 1)
            dataset.sections[section].rows.insert(Row(id: id, fields: ["title": .string("new \(id)")]), at: at)
        case 2 where !nonEmpty.isEmpty:
            let section = nonEmpty[below(nonEmpty.count)]
            dataset.sections[section].rows.remove(at: below(dataset.sections[section].rows.count))
        case 3 where !nonEmpty.isEmpty:
            let from = nonEmpty[below(nonEmpty.count)]
            let row = dataset.sections[from].rows.remove(at: below(dataset.sections[from].rows.count))
            let to = below(dataset.sections.count)
            dataset.sections[to].rows.insert(row, at: below(dataset.sections[to].rows.count + 1))
        case 4:
            let id = SectionID(dataset.makeID())
            let rows = (0..<below(3)).map { _ in Row(id: RowID(dataset.makeID()), fields: ["title": .string("r")]) }
            let section = Section(id: id, fields: ["title": .string("S\(id)")], rowsKeyIndex: below(2), rows: rows)
            dataset.sections.insert(section, at: below(dataset.sections.count + 1))
        case 5 where dataset.sections.count > 1:
            let removed = dataset.sections.remove(at: below(dataset.sections.count))
            // Sometimes rescue a row into another section before the section goes.
            if let first = removed.rows.first, below(2) == 0 {
                dataset.sections[below(dataset.sections.count)].rows.append(first)
            }
        case 6 where !dataset.sections.isEmpty:
            let section = below(dataset.sections.count)
            dataset.sections[section].fields["title"] = .string("renamed \(next() % 100)")
            dataset.sections[section].rowsKeyIndex = below(3)
        default:
            guard dataset.sections.count > 1 else { return }
            let section = dataset.sections.remove(at: below(dataset.sections.count))
            dataset.sections.insert(section, at: below(dataset.sections.count + 1))
        }
    }
}
