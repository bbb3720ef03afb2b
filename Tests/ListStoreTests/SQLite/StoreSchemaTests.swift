// ListStoreTests — StoreSchema migrations
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("StoreSchema migrations")
struct StoreSchemaTests {
    @Test("an empty file is migrated to the latest version with every table")
    func emptyFileMigrates() throws {
        try StoreFixtures.withDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            store.close()
            try Self.withDatabase(in: directory) { database in
                #expect(try database.userVersion == SQLiteDatabase.migrations.count)
                let tables = try StoreFixtures.texts(
                    database,
                    "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name")
                #expect(tables == ["datasets", "events", "retired_datasets", "sections"])
            }
        }
    }

    @Test("reopening a migrated file runs no migration again and keeps the data")
    func reopenIsIdempotent() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            try Self.write(datasets, to: directory)
            for _ in 0..<3 {
                #expect(try StoreFixtures.loadAll(from: .sqlite(directory)) == datasets)
            }
        }
    }

    @Test("a file at the current version opens with a longer history and is migrated, its data kept")
    func currentVersionMigrates() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            try Self.write(datasets, to: directory)
            let next = SQLiteDatabase.migrations.count + 1
            let v2Migration = StoreMigration<SQLiteDatabase>(version: next, summary: "a note per dataset") { database in
                try database.execute("ALTER TABLE datasets ADD COLUMN note TEXT NOT NULL DEFAULT ''")
                try database.run("UPDATE datasets SET note = 'migrated'")
            }
            let v2 = try SQLiteStore(directory: directory, migrations: SQLiteDatabase.migrations + [v2Migration])
            #expect(try v2.loadAll() == datasets)
            v2.close()
            try Self.expectFile(in: directory, version: next, "SELECT count(*) FROM datasets WHERE note = 'migrated'", 3)
        }
    }

    @Test("a version 1 file gets migration 2's document column, then stores and loads table documents")
    func versionOneGetsTheDocumentColumn() throws {
        try StoreFixtures.withDirectory { directory in
            try SQLiteStore(directory: directory, migrations: Array(SQLiteDatabase.migrations.prefix(1))).close()
            try Self.expectFile(in: directory, version: 1, "SELECT count(*) FROM datasets", 0)
            let table = try DatasetImporter.importDataset(
                Array(#"{"table":{"style":"grouped","footer":"F","sections":[{"rows":[{"text":"A","table":{"sections":[{"rows":[{"text":"B"}]}]}}]}]},"v":1}"#.utf8),
                using: DatasetDecoder(file: "t", id: "t"))
            let datasets = StoreFixtures.datasets() + [table]
            try Self.write(datasets, to: directory)
            #expect(try StoreFixtures.loadAll(from: .sqlite(directory)) == datasets)
            try Self.expectFile(
                in: directory, version: SQLiteDatabase.migrations.count,
                "SELECT count(*) FROM datasets WHERE document IS NOT NULL", 1)
        }
    }

    @Test("a version 2 file gets migration 3's change column: its events stay, new batch events log their change")
    func versionTwoGetsTheChangeColumn() throws {
        try StoreFixtures.withDirectory { directory in
            let old = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 2)
            let v2 = try SQLiteStore(directory: directory, migrations: Array(SQLiteDatabase.migrations.prefix(2)))
            try v2.insert([old], replacing: false)
            v2.close()
            try Self.withDatabase(in: directory) { database in
                try database.execute("INSERT INTO events (dataset, version, payload) SELECT key, 1, x'01' FROM datasets")
            }
            try Self.expectFile(in: directory, version: 2, "SELECT count(*) FROM events", 1)

            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            var new = old
            new.version += 1
            new.sections[0].rows.removeFirst()
            try store.commit(StoredChange(from: old, to: new, eventPayload: [2]))
            let events = try store.events(datasetID: "list", after: 0, limit: 10)
            #expect(events.map(\.payload) == [[1], [2]])
            #expect(events[0].change == nil)
            #expect(events[1].change.flatMap { old.applying($0) } == new)
        }
    }

    @Test("a version 3 file, one row a table entry, is migrated to row pages and loads and commits as before")
    func versionThreeGetsRowPages() throws {
        try StoreFixtures.withDirectory { directory in
            let big = StoreFixtures.dataset(id: "big", sections: 3, rowsPerSection: 150, firstID: 60)
            let datasets = StoreFixtures.datasets() + [big]
            try Self.write(datasets, to: directory, migrations: Array(SQLiteDatabase.migrations.prefix(3)))
            // Version 3 wrote each row as a table entry of its own.
            try Self.withDatabase(in: directory) { database in
                for (key, dataset) in datasets.enumerated().map({ (Int64($0.offset + 1), $0.element) }) {
                    try database.execute(
                        "DROP TABLE rows_\(key); CREATE TABLE rows_\(key) (id INTEGER PRIMARY KEY, fields BLOB NOT NULL)")
                    for row in dataset.sections.flatMap(\.rows) {
                        try database.run(
                            "INSERT INTO rows_\(key) (id, fields) VALUES (?, ?)",
                            [.int(row.id.rawValue), .blob(PackedFields.encode(row.fields))])
                    }
                }
            }
            try Self.expectFile(in: directory, version: 3, "SELECT count(*) FROM rows_4", 450)

            let store = try SQLiteStore(directory: directory)
            #expect(try store.loadAll() == datasets)
            var edited = big
            edited.version += 1
            edited.sections[1].rows.removeFirst(70)
            edited.sections[2].rows[3].fields["title"] = .string("edited")
            try store.commit(StoredChange(from: big, to: edited, eventPayload: nil))
            #expect(try store.load(id: "big") == edited)
            store.close()
            let latest = SQLiteDatabase.migrations.count
            try Self.expectFile(in: directory, version: latest, "SELECT sum(count) FROM rows_4", 380)
            let pages = Set(edited.sections.flatMap(\.rows).map { RowPage.number(of: $0.id.rawValue) })
            try Self.expectFile(in: directory, version: latest, "SELECT count(*) FROM rows_4", Int64(pages.count))
            try Self.expectFile(
                in: directory, version: latest, "SELECT count(*) FROM sqlite_schema WHERE name GLOB 'rows_*_unpaged'", 0)
        }
    }

    @Test("a failing migration is rolled back and leaves the file at its version")
    func failingMigrationRollsBack() throws {
        try StoreFixtures.withDirectory { directory in
            try SQLiteStore(directory: directory).close()
            let broken = StoreMigration<SQLiteDatabase>(version: SQLiteDatabase.migrations.count + 1, summary: "half done") { database in
                try database.execute("CREATE TABLE half (x)")
                try database.execute("THIS IS NOT SQL")
            }
            #expect(throws: SQLiteError.self) {
                try SQLiteStore(directory: directory, migrations: SQLiteDatabase.migrations + [broken])
            }
            try Self.expectFile(
                in: directory, version: SQLiteDatabase.migrations.count, "SELECT count(*) FROM sqlite_schema WHERE name = 'half'", 0)
        }
    }

    @Test("a file from a newer schema is refused and left untouched")
    func newerSchemaRefused() throws {
        try StoreFixtures.withDirectory { directory in
            try Self.withDatabase(in: directory) { try $0.setUserVersion(7) }
            #expect(throws: StoreError.newerSchema(found: 7, supported: SQLiteDatabase.migrations.count)) {
                try SQLiteStore(directory: directory)
            }
            try Self.withDatabase(in: directory) { (database) throws in #expect(try database.userVersion == 7) }
        }
    }

    /// Runs `body` with a raw connection to the store file of `directory`, closed afterwards.
    private static func withDatabase(in directory: String, _ body: (SQLiteDatabase) throws -> Void) throws {
        let database = try SQLiteDatabase(path: directory + "/" + SQLiteStore.fileName)
        defer { database.close() }
        try body(database)
    }

    /// Opens a store on `directory` with the schema history `migrations`, inserts `datasets` and closes it.
    private static func write(
        _ datasets: [Dataset], to directory: String, migrations: [StoreMigration<SQLiteDatabase>] = SQLiteDatabase.migrations
    ) throws {
        let store = try SQLiteStore(directory: directory, migrations: migrations)
        defer { store.close() }
        try store.insert(datasets, replacing: false)
    }

    /// Expects the store file of `directory` to be at schema `version`, and `countQuery` to give `count`.
    private static func expectFile(
        in directory: String, version: Int, _ countQuery: String, _ count: Int64,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        try withDatabase(in: directory) { (database) throws in
            #expect(try database.userVersion == version, sourceLocation: sourceLocation)
            #expect(try database.scalarInt(countQuery) == count, sourceLocation: sourceLocation)
        }
    }
}
