// ListStoreTests — the stores every store suite runs against
import Foundation
import Models
import TestSupport
import Testing

@testable import ListStore

/// The stores every store suite runs against: SQLite always, PostgreSQL when
/// `LISTSERVER_TEST_DATABASE_URL` names a database (`scripts/postgres-test-cluster.sh run …` sets it).
enum StoreBackend: String, Sendable, CaseIterable, CustomTestStringConvertible {
    case sqlite
    case postgres

    /// The environment variable naming the PostgreSQL database the tests may use.
    static let databaseURLVariable = "LISTSERVER_TEST_DATABASE_URL"

    /// The PostgreSQL URL of the test run, or nil when none was given.
    static var databaseURL: String? {
        guard let url = ProcessInfo.processInfo.environment[databaseURLVariable], !url.isEmpty else { return nil }
        return url
    }

    /// The backends this run can test: the suites' arguments.
    static var available: [StoreBackend] { databaseURL == nil ? [.sqlite] : [.sqlite, .postgres] }

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }
}

/// Where one test's store keeps its data: a scratch directory, or a scratch schema of the test database.
struct StoreLocation: Sendable {
    let backend: StoreBackend
    /// The SQLite data directory, or the PostgreSQL URL with the scratch schema as its `search_path`.
    let address: String

    /// The SQLite data directory `directory`.
    static func sqlite(_ directory: String) -> StoreLocation { StoreLocation(backend: .sqlite, address: directory) }

    /// Opens another store on the same data.
    func open(eventRetention: Int = 1_000) throws -> any DatasetStore {
        switch backend {
        case .sqlite: try SQLiteStore(directory: address, eventRetention: eventRetention)
        case .postgres: try PostgresStore(url: address, eventRetention: eventRetention)
        }
    }

    /// Runs SQL on the store's data through a connection of its own, with `$1`, `$2`, … bound to `blobs`.
    func run(_ sql: String, _ blobs: [[UInt8]] = []) throws {
        switch backend {
        case .sqlite:
            let database = try SQLiteDatabase(path: address + "/" + SQLiteStore.fileName)
            defer { database.close() }
            try database.run(sql, blobs.map(SQLValue.blob))
        case .postgres:
            let connection = try PostgresConnection(conninfo: address)
            defer { connection.close() }
            try connection.query(sql, blobs.map(SQLValue.blob))
        }
    }

    /// The integer in the first column of the first row `sql` returns, read through a connection of its own.
    func scalar(_ sql: String) throws -> Int64? {
        try texts(sql).first.flatMap { Int64($0) }
    }

    /// The first column of every row `sql` returns, as text, through a connection of its own.
    func texts(_ sql: String) throws -> [String] {
        switch backend {
        case .sqlite:
            let database = try SQLiteDatabase(path: address + "/" + SQLiteStore.fileName)
            defer { database.close() }
            return try StoreFixtures.texts(database, sql)
        case .postgres:
            let connection = try PostgresConnection(conninfo: address)
            defer { connection.close() }
            let result = try connection.query("SELECT q.value::text FROM (\(sql)) AS q (value)")
            return (0..<result.rowCount).map { result.text($0, 0) ?? "" }
        }
    }
}

/// A failure of the database itself, as opposed to a ``StoreError``.
func isDatabaseError(_ error: any Error) -> Bool {
    error is SQLiteError || error is PostgresError
}

extension StoreFixtures {
    /// Runs `body` with a new empty location for `backend`: a scratch directory, or a new schema
    /// of the test database, dropped afterwards.
    static func withLocation(_ backend: StoreBackend, _ body: (StoreLocation) throws -> Void) throws {
        switch backend {
        case .sqlite:
            try withDirectory { try body(StoreLocation(backend: .sqlite, address: $0)) }
        case .postgres:
            let base = try #require(StoreBackend.databaseURL, "\(StoreBackend.databaseURLVariable) is not set")
            try PostgresScratch.withSchema(in: base) { url in
                try body(StoreLocation(backend: .postgres, address: url))
            }
        }
    }
}

/// Scratch schemas of the test database, so that tests running at once never see each other's tables.
enum PostgresScratch {
    /// Creates a schema, runs `body` with `base` extended to use it, and drops it with everything in it.
    static func withSchema(in base: String, _ body: (String) throws -> Void) throws {
        let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let admin = try PostgresConnection(conninfo: base)
        defer { admin.close() }
        try admin.execute("CREATE SCHEMA \(schema)")
        defer { try? admin.execute("DROP SCHEMA \(schema) CASCADE") }
        try body(url(base, schema: schema))
    }

    /// `base` with `search_path` set to `schema` through libpq's `options` parameter.
    static func url(_ base: String, schema: String) -> String {
        base + (base.contains("?") ? "&" : "?") + "options=-csearch_path%3D\(schema)"
    }
}

@Suite("Store backends")
struct StoreBackendTests {
    @Test(
        "the store suites also run against PostgreSQL",
        .enabled(
            if: StoreBackend.databaseURL != nil,
            Comment(
                rawValue: "not run: set LISTSERVER_TEST_DATABASE_URL (e.g. scripts/postgres-test-cluster.sh run "
                    + "swift test) to run every store suite against PostgreSQL too")))
    func postgresIsTested() throws {
        #expect(StoreBackend.available == [.sqlite, .postgres])
        try StoreFixtures.withLocation(.postgres) { location in
            let store = try location.open()
            defer { store.close() }
            #expect(try store.hasDatasets() == false)
        }
    }
}
