// ListStoreTests — DatasetStore bulk inserts
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore bulk inserts")
struct StoreBulkInsertTests {
    @Test("a bulk insert loads back exactly and leaves the cache and checkpoint settings as they were")
    func bulkInsertRoundTrip() throws {
        let datasets = StoreFixtures.datasets()
        try Self.withConnection { connection in
            try connection.insert(datasets, replacing: false, bulk: true)
            #expect(try connection.loadAll() == datasets)
            try Self.expectDefaultSettings(connection)
        }
    }

    @Test("a bulk insert that fails writes nothing and still restores the settings")
    func failedBulkInsertRestores() throws {
        let datasets = StoreFixtures.datasets()
        try Self.withConnection { connection in
            try connection.insert([datasets[1]], replacing: false)
            #expect(throws: StoreError.datasetExists("messages")) {
                try connection.insert(datasets, replacing: false, bulk: true)
            }
            #expect(try connection.loadAll() == [datasets[1]])
            try Self.expectDefaultSettings(connection)
        }
    }

    @Test("after a bulk insert a background checkpoint copies its rows into the database file")
    func bulkInsertIsCheckpointed() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            // A small insert stays in the WAL: the database file alone does not hold it.
            let small = directory + "/small"
            let store = try SQLiteStore(directory: small)
            try store.insert(datasets, replacing: false)
            #expect(try Self.loadMainFileOnly(small, into: directory + "/small-image") != datasets)
            store.close()

            let bulk = directory + "/bulk"
            let bulkStore = try SQLiteStore(directory: bulk, bulkRows: 1)
            defer { bulkStore.close() }
            try bulkStore.insert(datasets, replacing: false)
            #expect(try bulkStore.loadAll() == datasets)
            let deadline = Date().addingTimeInterval(20)
            var image: [Dataset]?
            var attempt = 0
            while Date() < deadline {
                attempt += 1
                image = try? Self.loadMainFileOnly(bulk, into: directory + "/bulk-image-\(attempt)")
                if image == datasets { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            #expect(image == datasets)
        }
    }

    @Test(
        "rows written many to a statement load back whatever their count",
        arguments: StoreBackend.available, [(1, 1), (1, 63), (1, 64), (2, 64), (3, 50), (7, 37), (0, 0), (4, 0)])
    func rowCounts(_ backend: StoreBackend, shape: (sections: Int, rowsPerSection: Int)) throws {
        let (sections, rowsPerSection) = shape
        let dataset = StoreFixtures.dataset(id: "list", sections: sections, rowsPerSection: rowsPerSection)
        try StoreFixtures.withStore(backend, holding: [dataset]) { (store, location) throws in
            #expect(try store.loadAll() == [dataset])
            #expect(try StoreFixtures.counts(location).rows == Int64(sections * rowsPerSection))
        }
    }

    @Test(
        "two rows with one id in the same many-row statement fail the whole insert",
        arguments: StoreBackend.available)
    func duplicateRowIDs(_ backend: StoreBackend) throws {
        var dataset = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 40)
        dataset.sections[1].rows[5].id = dataset.sections[0].rows[30].id
        try StoreFixtures.withStore(backend) { (store, _) throws in
            #expect { try store.insert([dataset], replacing: false) } throws: { isDatabaseError($0) }
            #expect(try store.loadAll().isEmpty)
        }
    }

    /// Copies the database file of `directory` without its WAL and loads what it holds.
    private static func loadMainFileOnly(_ directory: String, into image: String) throws -> [Dataset] {
        try FileManager.default.createDirectory(atPath: image, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: directory + "/" + SQLiteStore.fileName, toPath: image + "/" + SQLiteStore.fileName)
        return try StoreFixtures.loadAll(from: .sqlite(image))
    }

    /// Runs `body` with a store connection (event retention 10) on a file in a new directory.
    private static func withConnection(_ body: (StoreCore<SQLiteDatabase>) throws -> Void) throws {
        try StoreFixtures.withDirectory { directory in
            let connection = try StoreCore(
                database: try SQLiteDatabase(path: directory + "/" + SQLiteStore.fileName), eventRetention: 10,
                migrations: SQLiteDatabase.migrations)
            defer { connection.close() }
            try body(connection)
        }
    }

    /// Expects the cache size and the WAL auto-checkpoint of `connection` to be back at their defaults.
    private static func expectDefaultSettings(
        _ connection: StoreCore<SQLiteDatabase>, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(
            try connection.database.scalarInt("PRAGMA cache_size") == -Int64(SQLiteDatabase.defaultCacheKiB),
            sourceLocation: sourceLocation)
        #expect(
            try connection.database.scalarInt("PRAGMA wal_autocheckpoint")
                == Int64(SQLiteDatabase.defaultAutoCheckpointPages),
            sourceLocation: sourceLocation)
    }
}
