// ListStoreTests — DatasetStore
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore")
struct StoreDatasetStoreTests {
    @Test("a new store is empty", arguments: StoreBackend.available)
    func newStoreIsEmpty(_ backend: StoreBackend) throws {
        try StoreFixtures.withStore(backend) { (store, _) throws in
            #expect(try store.hasDatasets() == false)
            #expect(try store.datasetIDs().isEmpty)
            #expect(try store.loadAll().isEmpty)
            #expect(try store.stamps().isEmpty)
        }
    }

    @Test(
        "stamps give each dataset's key and version; a replace keeps the key, a dataset stored again gets a new one",
        arguments: StoreBackend.available)
    func stamps(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { (store, _) throws in
            let first = try store.stamps()
            #expect(first.map(\.id) == ["friends", "messages", "empty"])
            #expect(first.map(\.version) == [3, 4, 1])
            #expect(Set(first.map(\.key)).count == 3)
            var replacement = datasets[0]
            replacement.version = 8
            try store.insert([replacement], replacing: true)
            #expect(try store.stamps()[0] == DatasetStamp(id: "friends", key: first[0].key, version: 8))
            try store.deleteDataset(id: "friends")
            try store.insert([datasets[0]], replacing: false)
            let again = try #require(try store.stamps().last)
            #expect(again.id == "friends" && again.version == 9)
            #expect(!first.map(\.key).contains(again.key))
        }
    }

    @Test(
        "versions of an id never go back: a replace or a dataset stored after a delete continues from the last",
        arguments: StoreBackend.available)
    func versionsNeverGoBack(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { (store, _) throws in
            var older = datasets[1]
            older.version = 1
            let replaced = try store.insert([older], replacing: true)
            #expect(replaced.map(\.version) == [5])
            #expect(try store.load(id: "messages")?.version == 5)

            try store.deleteDataset(id: "messages")
            try store.deleteDataset(id: "empty")
            let recreated = try store.insert([older, datasets[2]], replacing: false)
            #expect(recreated.map(\.version) == [6, 2])
            #expect(try store.load(id: "messages")?.version == 6)
            #expect(try store.load(id: "messages") == recreated[0])
            #expect(
                throws: StoreError.versionConflict(datasetID: "messages", expected: 5, found: 6),
                "a write based on the deleted dataset is refused"
            ) {
                try store.replaceDataset(older, expectedVersion: 5)
            }

            var newer = datasets[2]
            newer.version = 40
            try store.deleteDataset(id: "empty")
            #expect(try store.insert([newer], replacing: false).map(\.version) == [40])
        }
    }

    @Test("a table document keeps its table-level keys and child tables through the store", arguments: StoreBackend.available)
    func tableDocuments(_ backend: StoreBackend) throws {
        let json = #"{"table":{"style":"insetGrouped","header":"H","footer":"F","x":[1],"sections":[{"footer":"S","rows":[{"text":"A","accessory":"checkmark","table":{"sections":[{"rows":[{"text":"B"}]}]}}]}]},"v":1}"#
        let table = try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "t", id: "t"))
        try StoreFixtures.withStore(backend, holding: [table]) { store, _ in
            let loaded = try #require(try store.load(id: "t"))
            #expect(loaded == table)
            #expect(DatasetImporter.export(loaded, as: .json) == DatasetImporter.export(table, as: .json))
        }
    }

    @Test("a new directory is created and holds an empty SQLite store")
    func createsDirectory() throws {
        try StoreFixtures.withDirectory { directory in
            let nested = directory + "/a/b"
            let store = try SQLiteStore(directory: nested)
            defer { store.close() }
            #expect(FileManager.default.fileExists(atPath: nested + "/listserver.sqlite"))
            #expect(try store.hasDatasets() == false)
        }
    }

    @Test(
        "several datasets load back exactly as saved: ids, versions, next ids, shapes and key orders",
        arguments: StoreBackend.available)
    func roundTrip(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { store, _ in
            let loaded = try store.loadAll()
            #expect(loaded == datasets)
            #expect(loaded.map(\.id) == ["friends", "messages", "empty"])
            #expect(loaded[0].sections[1].rows[0].fields.keys == ["name", "icon", "intro", "vip"])
            #expect(loaded[0].nextID == 500)
            #expect(try store.datasetIDs() == ["friends", "messages", "empty"])
            #expect(try store.hasDatasets())
            #expect(try store.load(id: "messages") == datasets[1])
            #expect(try store.load(id: "nope") == nil)
        }
    }

    @Test("reopening after close gives the same data", arguments: StoreBackend.available)
    func reopenAfterClose(_ backend: StoreBackend) throws {
        try StoreFixtures.withLocation(backend) { location in
            let datasets = StoreFixtures.datasets()
            let first = try location.open()
            try first.insert(datasets, replacing: false)
            first.close()
            #expect(throws: StoreError.closed) { try first.loadAll() }
            first.close()
            #expect(try StoreFixtures.loadAll(from: location) == datasets)
        }
    }

    @Test(
        "committed data is visible to a second connection while the first is still open, as after a crash",
        arguments: StoreBackend.available)
    func visibleWithoutClose(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { (_, location) throws in
            #expect(try StoreFixtures.loadAll(from: location) == datasets)
        }
    }

    @Test("a copy of the SQLite files taken right after a commit, WAL included, recovers everything committed")
    func crashImageRecovers() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(.sqlite, holding: datasets) { _, location in
            let directory = location.address
            let image = directory + "/image"
            try FileManager.default.createDirectory(atPath: image, withIntermediateDirectories: true)
            let walPath = directory + "/listserver.sqlite-wal"
            #expect(FileManager.default.fileExists(atPath: walPath))
            try FileManager.default.copyItem(
                atPath: directory + "/listserver.sqlite", toPath: image + "/listserver.sqlite")
            try FileManager.default.copyItem(atPath: walPath, toPath: image + "/listserver.sqlite-wal")
            #expect(try StoreFixtures.loadAll(from: .sqlite(image)) == datasets)
        }
    }

    @Test("an insert with an existing id stores none of the batch and names the id", arguments: StoreBackend.available)
    func insertAllOrNothing(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        let fresh = StoreFixtures.dataset(id: "fresh", sections: 3, rowsPerSection: 50)
        try StoreFixtures.withStore(backend, holding: [datasets[1]]) { store, location in
            try Self.expectFileUnchanged(store, in: location, loading: [datasets[1]]) {
                #expect(throws: StoreError.datasetExists("messages")) {
                    try store.insert([fresh, datasets[1], datasets[0]], replacing: false)
                }
            }
        }
        #expect(
            StoreError.datasetExists("messages").description
                == "dataset 'messages' already exists")
    }

    @Test(
        "an insert failing in the middle on a duplicate row id leaves the file as it was",
        arguments: StoreBackend.available)
    func insertFailingMidway(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        var broken = StoreFixtures.dataset(id: "broken", sections: 2, rowsPerSection: 10)
        broken.sections[1].rows[5].id = broken.sections[0].rows[2].id
        let good = StoreFixtures.dataset(id: "good", sections: 2, rowsPerSection: 10)
        try StoreFixtures.withStore(backend, holding: [datasets[0]]) { store, location in
            try Self.expectFileUnchanged(store, in: location, loading: [datasets[0]]) {
                #expect { try store.insert([good, broken], replacing: true) } throws: { isDatabaseError($0) }
            }
            #expect(throws: StoreError.duplicateDataset("good")) { try store.insert([good, good], replacing: true) }
        }
    }

    @Test(
        "replacing drops the old sections, rows and events and keeps the dataset's place",
        arguments: StoreBackend.available)
    func replaceKeepsPlace(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { store, location in
            try store.appendEvent(datasetID: "friends", version: 2, payload: [1, 2, 3])
            var replacement = StoreFixtures.dataset(id: "friends", sections: 2, rowsPerSection: 3)
            replacement.version = 9
            try store.insert([replacement], replacing: true)
            #expect(try store.loadAll() == [replacement, datasets[1], datasets[2]])
            #expect(try store.events(datasetID: "friends", after: 0, limit: 10).isEmpty)
            let counts = try StoreFixtures.counts(location)
            #expect(counts.rows == 6 + datasets[1].rowCount)
        }
    }

    @Test("replaceDataset checks the version and writes the whole dataset", arguments: StoreBackend.available)
    func replaceDatasetChecksVersion(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { store, _ in
            var edited = datasets[1]
            edited.sections[0].rows.removeFirst()
            edited.sections[0].rows[0].fields["title"] = .string("changed")
            edited.version = datasets[1].version + 1
            #expect(throws: StoreError.versionConflict(datasetID: "messages", expected: 99, found: 4)) {
                try store.replaceDataset(edited, expectedVersion: 99)
            }
            #expect(try store.load(id: "messages") == datasets[1])
            try store.replaceDataset(edited, expectedVersion: datasets[1].version, eventPayload: [7])
            #expect(try store.load(id: "messages") == edited)
            #expect(
                try store.events(datasetID: "messages", after: 0, limit: 5) == [StoredEvent(version: 5, payload: [7])])
            #expect(throws: StoreError.datasetNotFound("ghost")) {
                try store.replaceDataset(
                    StoreFixtures.dataset(id: "ghost", sections: 1, rowsPerSection: 1), expectedVersion: 1)
            }
        }
    }

    @Test(
        "deleting a dataset removes it with its rows table and events; its key is not reused",
        arguments: StoreBackend.available)
    func deleteDataset(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend, holding: datasets) { store, location in
            try store.appendEvent(datasetID: "friends", version: 2, payload: [1])
            #expect(try store.deleteDataset(id: "friends"))
            #expect(try store.deleteDataset(id: "friends") == false)
            #expect(try store.loadAll() == [datasets[1], datasets[2]])
            var counts = try StoreFixtures.counts(location)
            #expect(counts.rows == datasets[1].rowCount)
            #expect(counts.events == 0)
            #expect(counts.rowTables == ["rows_2", "rows_3"])
            let again = try store.insert([datasets[0]], replacing: false)
            #expect(again[0].version == datasets[0].version + 1, "versions continue")
            counts = try StoreFixtures.counts(location)
            #expect(counts.rowTables == ["rows_2", "rows_3", "rows_4"], "keys are never reused")
            #expect(try store.loadAll() == [datasets[1], datasets[2], again[0]])
        }
    }

    @Test("damaged stored data is reported as corrupt, naming the dataset", arguments: StoreBackend.available)
    func corruptDataIsReported(_ backend: StoreBackend) throws {
        try Self.withRawAccess(backend) { store, raw in
            // SQLite keeps rows in pages (RowPage), PostgreSQL one a table row.
            let firstPage = StoreFixtures.datasets()[1].sections.flatMap(\.rows)
                .filter { RowPage.number(of: $0.id.rawValue) == 0 }
            var page = RowPage()
            for row in firstPage { page.set(row.id.rawValue, PackedFields.encode(row.fields)) }
            page.set(2, [1, 2])
            switch backend {
            case .sqlite: try raw.run("UPDATE rows_1 SET rows = $1 WHERE page = 0", [page.encoded(page: 0)])
            case .postgres:
                try raw.run("UPDATE rows_1 SET fields = $1 WHERE id = (SELECT min(id) FROM rows_1)", [[1, 2]])
            }
            #expect {
                try store.loadAll()
            } throws: { error in
                guard case StoreError.corrupt(let id, let detail) = error else { return false }
                return id == "messages" && detail.hasPrefix("row 2: packed fields")
            }
            page.remove(2)
            switch backend {
            case .sqlite: try raw.run("UPDATE rows_1 SET rows = $1 WHERE page = 0", [page.encoded(page: 0)])
            case .postgres: try raw.run("DELETE FROM rows_1 WHERE id = (SELECT min(id) FROM rows_1)")
            }
            #expect {
                try store.loadAll()
            } throws: { error in
                guard case StoreError.corrupt(_, let detail) = error else { return false }
                return detail == "row 2 of section 1 is not stored"
            }
            try raw.run("UPDATE datasets SET kind = 'weird'")
            #expect(throws: StoreError.corrupt(datasetID: "messages", detail: "unknown kind 'weird'")) {
                try store.loadAll()
            }
        }
    }

    @Test(
        "a row listed twice, a row in no section and a section out of the order are reported as corrupt",
        arguments: StoreBackend.available)
    func inconsistentOrdersAreReported(_ backend: StoreBackend) throws {
        try Self.withRawAccess(backend) { store, raw in
            func expectCorrupt(_ detail: String) {
                #expect(throws: StoreError.corrupt(datasetID: "messages", detail: detail)) { try store.loadAll() }
            }
            try raw.run("UPDATE sections SET row_order = $1", [StoredIDList.encode([2, 2] as [Int64])])
            expectCorrupt("row 2 is listed twice")
            try raw.run("UPDATE sections SET row_order = $1", [StoredIDList.encode([2] as [Int64])])
            expectCorrupt("row 3 is stored but in no section's row order")
            try raw.run("UPDATE datasets SET section_order = $1", [[]])
            expectCorrupt("section 1 is stored but not in the section order")
            try raw.run("UPDATE datasets SET section_order = $1", [[1]])
            expectCorrupt("the section order is not a list of ids")
        }
    }

    /// Runs `failingWrite`, then expects the file to hold the same counts as before it and the store
    /// to load `expected`.
    private static func expectFileUnchanged(
        _ store: any DatasetStore, in location: StoreLocation, loading expected: [Dataset],
        sourceLocation: SourceLocation = #_sourceLocation, by failingWrite: () throws -> Void
    ) throws {
        let before = try StoreFixtures.counts(location)
        try failingWrite()
        #expect(try StoreFixtures.counts(location) == before, sourceLocation: sourceLocation)
        #expect(try store.loadAll() == expected, sourceLocation: sourceLocation)
    }

    /// Runs `body` with a store of `backend` holding the messages dataset, and its location for raw SQL.
    private static func withRawAccess(
        _ backend: StoreBackend, _ body: (any DatasetStore, StoreLocation) throws -> Void
    ) throws {
        try StoreFixtures.withStore(backend, holding: [StoreFixtures.datasets()[1]], body)
    }
}
