// ListStoreTests — SQLiteDatabase
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("SQLiteDatabase")
struct StoreSQLiteDatabaseTests {
    @Test("opening sets WAL, synchronous FULL and foreign keys")
    func pragmas() throws {
        try Self.withDatabase { (database) throws in
            #expect(try database.scalarText("PRAGMA journal_mode") == "wal")
            #expect(try database.scalarInt("PRAGMA synchronous") == 2)
            #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
        }
    }

    @Test("a new database has pages of 16 KiB; one made with 4 KiB pages keeps them, and its rows")
    func pageSize() throws {
        try Self.withDatabase { database in
            try database.execute("CREATE TABLE t (v)")
            #expect(try database.scalarInt("PRAGMA page_size") == 16_384)
        }
        try StoreFixtures.withDirectory { directory in
            let path = directory + "/old.sqlite"
            do {
                let old = try SQLiteDatabase(path: path)
                defer { old.close() }
                // A file made before the store asked for larger pages: rebuilt at 4 KiB, outside WAL.
                try old.execute("PRAGMA journal_mode=DELETE; PRAGMA page_size=4096; VACUUM; PRAGMA journal_mode=WAL")
                try old.execute("CREATE TABLE t (v); INSERT INTO t VALUES (42)")
                #expect(try old.scalarInt("PRAGMA page_size") == 4_096)
            }
            let reopened = try SQLiteDatabase(path: path)
            defer { reopened.close() }
            #expect(try reopened.scalarInt("PRAGMA page_size") == 4_096)
            #expect(try reopened.scalarInt("SELECT v FROM t") == 42)
        }
    }

    @Test("every bound type reads back, empty text and empty blob included")
    func bindAndRead() throws {
        try Self.withDatabase { database in
            try database.execute("CREATE TABLE t (i, d, s, b, n)")
            let values: [SQLValue] = [
                .int(.min), .double(-2.5), .text("zoë 🌍 \u{0} end"), .blob([0, 255]), .null,
            ]
            try database.run("INSERT INTO t VALUES (?, ?, ?, ?, ?)", values)
            try database.run(
                "INSERT INTO t VALUES (?, ?, ?, ?, ?)", [.int(0), .double(0), .text(""), .blob([]), .null])
            let rows = try database.withStatement("SELECT i, d, s, b, n, typeof(s), typeof(b) FROM t ORDER BY rowid") {
                statement in
                var rows: [[String]] = []
                while try statement.step() {
                    rows.append([
                        String(statement.int64(at: 0)), String(statement.double(at: 1)), statement.text(at: 2) ?? "nil",
                        "\(statement.blob(at: 3))", String(statement.isNull(at: 4)),
                        statement.text(at: 5) ?? "", statement.text(at: 6) ?? "",
                    ])
                }
                return rows
            }
            #expect(
                rows == [
                    [String(Int64.min), "-2.5", "zoë 🌍 \u{0} end", "[0, 255]", "true", "text", "blob"],
                    ["0", "0.0", "", "[]", "true", "text", "blob"],
                ])
        }
    }

    @Test("a transaction commits what its body wrote, and rolls all of it back when the body throws")
    func transactions() throws {
        struct Stop: Error {}
        try Self.withDatabase { database in
            try database.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
            let result = try database.transaction {
                try database.run("INSERT INTO t VALUES (1)")
                return "done"
            }
            #expect(result == "done")
            #expect(throws: Stop.self) {
                try database.transaction {
                    try database.run("INSERT INTO t VALUES (2)")
                    throw Stop()
                }
            }
            #expect(throws: SQLiteError.self) {
                try database.transaction {
                    try database.run("INSERT INTO t VALUES (3)")
                    try database.run("INSERT INTO t VALUES (1)")
                }
            }
            #expect(database.isInTransaction == false)
            #expect(try database.scalarInt("SELECT group_concat(x) FROM t") == 1)
        }
    }

    @Test("errors name the SQLite call, SQLite's message and the SQL")
    func errorsAreDescriptive() throws {
        try Self.withDatabase { database in
            #expect {
                try database.run("SELECT * FROM missing")
            } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.call == "sqlite3_prepare_v2" && error.message == "no such table: missing"
                    && error.description.contains("SELECT * FROM missing")
            }
            try database.execute("CREATE TABLE t (x INTEGER PRIMARY KEY)")
            try database.run("INSERT INTO t VALUES (1)")
            #expect {
                try database.run("INSERT INTO t VALUES (?)", [.int(1)])
            } throws: { error in
                guard let error = error as? SQLiteError else { return false }
                return error.call == "sqlite3_step" && error.code == 1555 && error.message.contains("UNIQUE")
            }
        }
    }

    @Test("a file that is not a database is refused with a clear error")
    func notADatabase() throws {
        try StoreFixtures.withDirectory { directory in
            let path = directory + "/junk.sqlite"
            try Array(repeating: "not a database ", count: 100).joined().write(
                toFile: path, atomically: true, encoding: .utf8)
            #expect {
                try SQLiteDatabase(path: path)
            } throws: { error in
                (error as? SQLiteError)?.message.contains("not a database") == true
            }
        }
    }

    /// Runs `body` with a new database file in a new directory, closed afterwards.
    private static func withDatabase(_ body: (SQLiteDatabase) throws -> Void) throws {
        try StoreFixtures.withDirectory { directory in
            let database = try SQLiteDatabase(path: directory + "/test.sqlite")
            defer { database.close() }
            try body(database)
        }
    }
}
