// ListStoreTests — DatasetStore
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore")
struct StoreDatasetStoreTests {
    @Test("a new directory is created and holds an empty store")
    func createsDirectory() throws {
        try StoreFixtures.withDirectory { directory in
            let nested = directory + "/a/b"
            let store = try SQLiteStore(directory: nested)
            defer { store.close() }
            #expect(FileManager.default.fileExists(atPath: nested + "/listserver.sqlite"))
            #expect(try store.hasDatasets() == false)
            #expect(try store.datasetIDs().isEmpty)
            #expect(try store.loadAll().isEmpty)
        }
    }

    @Test("several datasets load back exactly as saved: ids, versions, next ids, shapes and key orders")
    func roundTrip() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { store, _ in
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

    @Test("reopening after close gives the same data")
    func reopenAfterClose() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            let first = try SQLiteStore(directory: directory)
            try first.insert(datasets, replacing: false)
            first.close()
            #expect(throws: StoreError.closed) { try first.loadAll() }
            first.close()
            #expect(try StoreFixtures.loadAll(from: directory) == datasets)
        }
    }

    @Test("committed data is visible to a second connection while the first is still open, as after a crash")
    func visibleWithoutClose() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { (_, directory) throws in
            #expect(try StoreFixtures.loadAll(from: directory) == datasets)
        }
    }

    @Test("a copy of the files taken right after a commit, WAL included, recovers everything committed")
    func crashImageRecovers() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { _, directory in
            let image = directory + "/image"
            try FileManager.default.createDirectory(atPath: image, withIntermediateDirectories: true)
            let walPath = directory + "/listserver.sqlite-wal"
            #expect(FileManager.default.fileExists(atPath: walPath))
            try FileManager.default.copyItem(
                atPath: directory + "/listserver.sqlite", toPath: image + "/listserver.sqlite")
            try FileManager.default.copyItem(atPath: walPath, toPath: image + "/listserver.sqlite-wal")
            #expect(try StoreFixtures.loadAll(from: image) == datasets)
        }
    }

    @Test("an insert with an existing id stores none of the batch and names the id")
    func insertAllOrNothing() throws {
        let datasets = StoreFixtures.datasets()
        let fresh = StoreFixtures.dataset(id: "fresh", sections: 3, rowsPerSection: 50)
        try StoreFixtures.withStore(holding: [datasets[1]]) { store, directory in
            try Self.expectFileUnchanged(store, in: directory, loading: [datasets[1]]) {
                #expect(throws: StoreError.datasetExists("messages")) {
                    try store.insert([fresh, datasets[1], datasets[0]], replacing: false)
                }
            }
        }
        #expect(
            StoreError.datasetExists("messages").description
                == "dataset 'messages' already exists")
    }

    @Test("an insert failing in the middle on a duplicate row id leaves the file as it was")
    func insertFailingMidway() throws {
        let datasets = StoreFixtures.datasets()
        var broken = StoreFixtures.dataset(id: "broken", sections: 2, rowsPerSection: 10)
        broken.sections[1].rows[5].id = broken.sections[0].rows[2].id
        let good = StoreFixtures.dataset(id: "good", sections: 2, rowsPerSection: 10)
        try StoreFixtures.withStore(holding: [datasets[0]]) { store, directory in
            try Self.expectFileUnchanged(store, in: directory, loading: [datasets[0]]) {
                #expect(throws: SQLiteError.self) { try store.insert([good, broken], replacing: true) }
            }
            #expect(throws: StoreError.duplicateDataset("good")) { try store.insert([good, good], replacing: true) }
        }
    }

    @Test("replacing drops the old sections, rows and events and keeps the dataset's place")
    func replaceKeepsPlace() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { store, directory in
            try store.appendEvent(datasetID: "friends", version: 2, payload: [1, 2, 3])
            var replacement = StoreFixtures.dataset(id: "friends", sections: 2, rowsPerSection: 3)
            replacement.version = 9
            try store.insert([replacement], replacing: true)
            #expect(try store.loadAll() == [replacement, datasets[1], datasets[2]])
            #expect(try store.events(datasetID: "friends", after: 0, limit: 10).isEmpty)
            let counts = try StoreFixtures.counts(directory)
            #expect(counts.rows == 6 + datasets[1].rowCount)
        }
    }

    @Test("replaceDataset checks the version and writes the whole dataset")
    func replaceDatasetChecksVersion() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { store, _ in
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

    @Test("deleting a dataset removes it with its rows table and events; its key is not reused")
    func deleteDataset() throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(holding: datasets) { store, directory in
            try store.appendEvent(datasetID: "friends", version: 2, payload: [1])
            #expect(try store.deleteDataset(id: "friends"))
            #expect(try store.deleteDataset(id: "friends") == false)
            #expect(try store.loadAll() == [datasets[1], datasets[2]])
            var counts = try StoreFixtures.counts(directory)
            #expect(counts.rows == datasets[1].rowCount)
            #expect(counts.events == 0)
            #expect(counts.rowTables == ["rows_2", "rows_3"])
            try store.insert([datasets[0]], replacing: false)
            counts = try StoreFixtures.counts(directory)
            #expect(counts.rowTables == ["rows_2", "rows_3", "rows_4"], "keys are never reused")
            #expect(try store.loadAll() == [datasets[1], datasets[2], datasets[0]])
        }
    }

    @Test("damaged stored data is reported as corrupt, naming the dataset")
    func corruptDataIsReported() throws {
        try Self.withRawAccess { store, raw in
            try raw.run("UPDATE rows_1 SET fields = x'0102' WHERE id = (SELECT min(id) FROM rows_1)")
            #expect {
                try store.loadAll()
            } throws: { error in
                guard case StoreError.corrupt(let id, let detail) = error else { return false }
                return id == "messages" && detail.hasPrefix("row 2: packed fields")
            }
            try raw.run("DELETE FROM rows_1 WHERE id = (SELECT min(id) FROM rows_1)")
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

    @Test("a row listed twice, a row in no section and a section out of the order are reported as corrupt")
    func inconsistentOrdersAreReported() throws {
        try Self.withRawAccess { store, raw in
            func expectCorrupt(_ detail: String) {
                #expect(throws: StoreError.corrupt(datasetID: "messages", detail: detail)) { try store.loadAll() }
            }
            try raw.run("UPDATE sections SET row_order = ?", [.blob(StoredIDList.encode([2, 2] as [Int64]))])
            expectCorrupt("row 2 is listed twice")
            try raw.run("UPDATE sections SET row_order = ?", [.blob(StoredIDList.encode([2] as [Int64]))])
            expectCorrupt("row 3 is stored but in no section's row order")
            try raw.run("UPDATE datasets SET section_order = x''")
            expectCorrupt("section 1 is stored but not in the section order")
            try raw.run("UPDATE datasets SET section_order = x'01'")
            expectCorrupt("the section order is not a list of ids")
        }
    }

    /// Runs `failingWrite`, then expects the file to hold the same counts as before it and the store
    /// to load `expected`.
    private static func expectFileUnchanged(
        _ store: SQLiteStore, in directory: String, loading expected: [Dataset],
        sourceLocation: SourceLocation = #_sourceLocation, by failingWrite: () throws -> Void
    ) throws {
        let before = try StoreFixtures.counts(directory)
        try failingWrite()
        #expect(try StoreFixtures.counts(directory) == before, sourceLocation: sourceLocation)
        #expect(try store.loadAll() == expected, sourceLocation: sourceLocation)
    }

    /// Runs `body` with a store holding the messages dataset, and a raw connection to its file.
    private static func withRawAccess(_ body: (SQLiteStore, SQLiteDatabase) throws -> Void) throws {
        try StoreFixtures.withStore(holding: [StoreFixtures.datasets()[1]]) { store, directory in
            let raw = try SQLiteDatabase(path: directory + "/listserver.sqlite")
            defer { raw.close() }
            try body(store, raw)
        }
    }
}

/// Row counts read straight from a store's file.
extension StoreFixtures {
    struct Counts: Hashable {
        var datasets: Int64
        var sections: Int64
        var rows: Int64
        var events: Int64
        /// The names of the per-dataset rows tables.
        var rowTables: [String]
        var versions: [String]
    }

    /// Counts straight from the file through a separate connection.
    static func counts(_ directory: String) throws -> Counts {
        let database = try SQLiteDatabase(path: directory + "/" + SQLiteStore.fileName)
        defer { database.close() }
        let versions = try database.withStatement("SELECT id, version FROM datasets ORDER BY key") { statement in
            var versions: [String] = []
            while try statement.step() { versions.append("\(statement.text(at: 0) ?? "")@\(statement.int64(at: 1))") }
            return versions
        }
        let rowTables = try database.withStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'rows_*'"
        ) { statement in
            var names: [String] = []
            while try statement.step() { names.append(statement.text(at: 0) ?? "") }
            return names
        }
        var rows: Int64 = 0
        for table in rowTables { rows += try database.scalarInt("SELECT count(*) FROM \(table)") ?? 0 }
        return Counts(
            datasets: try database.scalarInt("SELECT count(*) FROM datasets") ?? -1,
            sections: try database.scalarInt("SELECT count(*) FROM sections") ?? -1,
            rows: rows,
            events: try database.scalarInt("SELECT count(*) FROM events") ?? -1,
            rowTables: rowTables.sorted(),
            versions: versions)
    }
}
