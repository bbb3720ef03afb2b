// ListStoreTests — the store core's statements over an SQLite connection
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("Store core over SQLite")
struct StoreCoreSQLiteTests {
    @Test("a statement with batch columns runs once per element, its changes and returned rows added up")
    func batchRunsPerElement() throws {
        try Self.withDatabase { database in
            try database.execute("CREATE TABLE t (k INTEGER, id INTEGER, b BLOB, PRIMARY KEY (k, id))")
            let insert = "INSERT INTO t (k, id, b) " + database.dialect.values([.single("k"), .integers("id"), .blobs("b")])
            let inserted = try database.run(insert, [.int(7), .ints([1, 2, 3]), .blobs([[1], [2, 2], []])])
            #expect(inserted == 3)
            let sql = "DELETE FROM t WHERE k = ?1 AND \(database.dialect.anyOf("id", parameter: 2)) RETURNING id, b"
            let deleted = try database.rows(sql, [.int(7), .ints([3, 1, 9])]) { ($0.int64(at: 0), $0.blob(at: 1)) }
            #expect(deleted.map(\.0) == [3, 1])
            #expect(deleted.map(\.1) == [[], [1]])
            #expect(try database.rows("SELECT id FROM t") { $0.int64(at: 0) } == [2])
        }
    }

    @Test("an empty batch runs nothing and a single-valued statement runs once")
    func emptyBatchRunsNothing() throws {
        try Self.withDatabase { database in
            try database.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
            #expect(try database.run("INSERT INTO t (id) VALUES (?1)", [.ints([])]) == 0)
            #expect(try database.run("INSERT INTO t (id) VALUES (?1)", [.int(4)]) == 1)
            #expect(try database.firstRow("SELECT count(*) FROM t") { $0.int64(at: 0) } == 1)
            #expect(try database.firstRow("SELECT id FROM t WHERE id = 5") { $0.int64(at: 0) } == nil)
        }
    }

    @Test("the core keeps stamps, records and versions as the stores read them")
    func coreReadsRecords() throws {
        try StoreFixtures.withDirectory { directory in
            let database = try SQLiteDatabase(path: directory + "/" + SQLiteStore.fileName)
            let core = try StoreCore(database: database, eventRetention: 3, migrations: SQLiteDatabase.migrations)
            defer { core.close() }
            #expect(core.keepsRetiredVersions)
            #expect(try core.database.schemaVersion() == SQLiteDatabase.migrations.count)
            let stored = try core.insert(StoreFixtures.datasets(), replacing: false)
            #expect(try core.stamps().map(\.id) == stored.map(\.id))
            #expect(try core.record(of: "messages")?.version == 4)
            #expect(try core.record(of: "nothing") == nil)
            #expect(try core.deleteDataset(id: "messages"))
            #expect(try core.insert([stored[1]], replacing: false)[0].version == 5, "versions continue after a delete")
        }
    }

    @Test("a core opened with a history before retired ids keeps none and still deletes")
    func olderHistoryKeepsNoRetiredVersions() throws {
        try StoreFixtures.withDirectory { directory in
            let database = try SQLiteDatabase(path: directory + "/" + SQLiteStore.fileName)
            let core = try StoreCore(
                database: database, eventRetention: 3, migrations: Array(SQLiteDatabase.migrations.prefix(4)))
            defer { core.close() }
            #expect(!core.keepsRetiredVersions)
            let stored = try core.insert(StoreFixtures.datasets(), replacing: false)
            #expect(try core.deleteDataset(id: "messages"))
            #expect(try core.insert([stored[1]], replacing: false)[0].version == 4)
        }
    }

    private static func withDatabase(_ body: (SQLiteDatabase) throws -> Void) throws {
        try StoreFixtures.withDirectory { directory in
            let database = try SQLiteDatabase(path: directory + "/test.sqlite")
            defer { database.close() }
            try body(database)
        }
    }
}
