// ListServer — ListServerTests
import Models
import Testing

@testable import ListServer

@Suite("StoreSchema migrations")
struct StoreSchemaTests {
    private static let path = "/" + DatasetStore.fileName

    @Test("an empty file is migrated to the latest version with every table")
    func emptyFileMigrates() throws {
        try StoreFixtures.withDirectory { directory in
            let store = try DatasetStore(directory: directory)
            store.close()
            let database = try SQLiteDatabase(path: directory + Self.path)
            defer { database.close() }
            #expect(try database.userVersion == StoreSchema.migrations.count)
            let tables = try database.withStatement(
                "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite%' ORDER BY name"
            ) {
                statement in
                var names: [String] = []
                while try statement.step() { names.append(statement.text(at: 0) ?? "") }
                return names
            }
            #expect(tables == ["datasets", "events", "sections"])
        }
    }

    @Test("reopening a migrated file runs no migration again and keeps the data")
    func reopenIsIdempotent() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            let first = try DatasetStore(directory: directory)
            try first.insert(datasets, replacing: false)
            first.close()
            for _ in 0..<3 {
                let store = try DatasetStore(directory: directory)
                #expect(try store.loadAll() == datasets)
                store.close()
            }
        }
    }

    @Test("a version 1 file opens with a longer history and is migrated, its data kept")
    func versionOneMigrates() throws {
        try StoreFixtures.withDirectory { directory in
            let datasets = StoreFixtures.datasets()
            let v1 = try DatasetStore(directory: directory, migrations: Array(StoreSchema.migrations.prefix(1)))
            try v1.insert(datasets, replacing: false)
            v1.close()

            let v2Migration = StoreMigration(version: 2, summary: "a note per dataset") { database in
                try database.execute("ALTER TABLE datasets ADD COLUMN note TEXT NOT NULL DEFAULT ''")
                try database.run("UPDATE datasets SET note = 'migrated'")
            }
            let v2 = try DatasetStore(directory: directory, migrations: StoreSchema.migrations + [v2Migration])
            #expect(try v2.loadAll() == datasets)
            v2.close()
            let database = try SQLiteDatabase(path: directory + Self.path)
            defer { database.close() }
            #expect(try database.userVersion == 2)
            #expect(try database.scalarInt("SELECT count(*) FROM datasets WHERE note = 'migrated'") == 3)
        }
    }

    @Test("a failing migration is rolled back and leaves the file at its version")
    func failingMigrationRollsBack() throws {
        try StoreFixtures.withDirectory { directory in
            try DatasetStore(directory: directory).close()
            let broken = StoreMigration(version: 2, summary: "half done") { database in
                try database.execute("CREATE TABLE half (x)")
                try database.execute("THIS IS NOT SQL")
            }
            #expect(throws: SQLiteError.self) {
                try DatasetStore(directory: directory, migrations: StoreSchema.migrations + [broken])
            }
            let database = try SQLiteDatabase(path: directory + Self.path)
            defer { database.close() }
            #expect(try database.userVersion == 1)
            #expect(try database.scalarInt("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == 0)
        }
    }

    @Test("a file from a newer schema is refused and left untouched")
    func newerSchemaRefused() throws {
        try StoreFixtures.withDirectory { directory in
            let database = try SQLiteDatabase(path: directory + Self.path)
            try database.setUserVersion(7)
            database.close()
            #expect(throws: StoreError.newerSchema(found: 7, supported: StoreSchema.migrations.count)) {
                try DatasetStore(directory: directory)
            }
            let reopened = try SQLiteDatabase(path: directory + Self.path)
            defer { reopened.close() }
            #expect(try reopened.userVersion == 7)
        }
    }
}
