// ListStoreTests — the changes logged with batch events, and applying them to a dataset
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("Logged changes")
struct StoreChangeLogTests {
    @Test(
        "the change logged with each of 150 seeded random commits, applied to the dataset before it, gives the one loaded after",
        arguments: StoreBackend.available)
    func loggedChangesReplay(_ backend: StoreBackend) throws {
        var model = StoreFixtures.dataset(id: "list", sections: 4, rowsPerSection: 5)
        try StoreFixtures.withStore(backend, holding: [model]) { store, _ in
            var random = StoreRandom(seed: 77)
            for step in 1...150 {
                let before = model
                try StoreFixtures.commitEdit(of: &model, to: store, eventPayload: [UInt8(step % 256)]) { model in
                    for _ in 0..<(1 + random.below(4)) { random.edit(&model) }
                }
                let event = try #require(try store.events(datasetID: "list", after: before.version, limit: 1).first)
                #expect(event.version == model.version)
                let change = try #require(event.change, "step \(step) logged no change")
                let replayed = before.applying(change)
                #expect(replayed == model, "after step \(step)")
                if replayed != model { return }
            }
            #expect(try store.load(id: "list") == model)
        }
    }

    @Test("a whole-dataset replace and an appended event log no change", arguments: StoreBackend.available)
    func otherEventsLogNoChange(_ backend: StoreBackend) throws {
        let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 2)
        try StoreFixtures.withStore(backend, holding: [old]) { store, _ in
            var replaced = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 3)
            replaced.version = old.version + 1
            try store.replaceDataset(replaced, expectedVersion: old.version, eventPayload: [1])
            try store.appendEvent(datasetID: "list", version: replaced.version + 1, payload: [2])
            let events = try store.events(datasetID: "list", after: 0, limit: 10)
            #expect(events.map(\.version) == [2, 3])
            #expect(events.allSatisfy { $0.change == nil })
        }
    }

    @Test("the log bytes of a change read back as the same change, and every strict prefix is refused")
    func encodingRoundTrips() throws {
        var old = StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 3)
        var new = old
        new.version += 1
        new.sections[0].rows[0].fields["title"] = .string("édité 編集 🙂")
        new.sections[1].rows.removeLast()
        new.sections.append(Section(id: SectionID(new.makeID()), fields: ["title": .string("New")], rows: []))
        new.sections.swapAt(0, 2)
        var change = StoredChange(from: old, to: new, eventPayload: [9, 9])
        #expect(StoredChange(logged: change.logged, datasetID: "list")?.writtenFields == nil)
        change.writtenFields = [new.sections[2].rows[0].id: ["title", "détail"], RowID(3): []]
        let bytes = change.logged
        change.eventPayload = nil
        #expect(StoredChange(logged: bytes, datasetID: "list") == change)
        for count in 0..<bytes.count {
            #expect(StoredChange(logged: Array(bytes.prefix(count)), datasetID: "list") == nil, "prefix of \(count)")
        }
        #expect(StoredChange(logged: bytes + [0], datasetID: "list") == nil)
        #expect(StoredChange(logged: [3] + bytes.dropFirst(), datasetID: "list") == nil)
        // A change an earlier server logged (format 1: no written fields) still reads, its written fields unknown.
        var earlier = change
        earlier.writtenFields = nil
        let format1 = [1] + earlier.logged.dropFirst().dropLast()
        #expect(StoredChange(logged: Array(format1), datasetID: "list") == earlier)
        old.version = 9
        #expect(old.applying(change) == nil, "a change made against another version")
    }

    @Test("an order naming a row that is neither in the dataset nor upserted does not apply")
    func inconsistentChangeDoesNotApply() {
        let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 2)
        let change = StoredChange(
            datasetID: "list", expectedVersion: old.version, newVersion: old.version + 1, nextID: old.nextID,
            rowOrders: [old.sections[0].id: [RowID(4_242)]])
        #expect(old.applying(change) == nil)
        let edit = StoredChange(
            datasetID: "list", expectedVersion: old.version, newVersion: old.version + 1, nextID: old.nextID,
            upsertedRows: [Row(id: RowID(4_243), fields: [:])])
        #expect(old.applying(edit) == nil)
    }
}
