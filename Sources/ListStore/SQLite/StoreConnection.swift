// ListStore — the SQL side of ``DatasetStore``
import Models

/// The SQL side of ``DatasetStore``: one migrated connection and the queries on it.
///
/// Not `Sendable`, like the ``SQLiteDatabase`` it owns; ``DatasetStore`` serialises access.
final class StoreConnection {
    let database: SQLiteDatabase
    /// How many events each dataset's log keeps.
    let eventRetention: Int
    /// Whether the schema keeps the last version of deleted ids (migration 5): a store opened with an
    /// older history, as the migration tests write files of earlier versions, has no such table.
    let keepsRetiredVersions: Bool

    /// Opens the file at `path` and brings its schema up to date.
    /// - Throws: ``SQLiteError`` or ``StoreError/newerSchema(found:supported:)``.
    init(path: String, eventRetention: Int, migrations: [StoreMigration]) throws {
        precondition(eventRetention > 0, "the event log must keep at least one event")
        database = try SQLiteDatabase(path: path)
        self.eventRetention = eventRetention
        try StoreSchema.migrate(database, migrations: migrations)
        keepsRetiredVersions = try database.userVersion >= 5
    }

    func close() { database.close() }

    /// The name of the table holding the rows of dataset `key`: `rows_<key>`, with columns
    /// `page INTEGER PRIMARY KEY` (``RowPage/number(of:)``), `count` (its rows) and `rows BLOB`
    /// (the ``RowPage``).
    static func rowsTable(_ key: Int64) -> String { "rows_\(key)" }

    /// The columns of a rows table, after the table's name.
    static let rowsTableColumns = "(page INTEGER PRIMARY KEY, count INTEGER NOT NULL, rows BLOB NOT NULL)"

    /// Creates the empty rows table of dataset `key`, dropping any previous one.
    func createRowsTable(key: Int64) throws {
        let table = Self.rowsTable(key)
        try database.execute("DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) \(Self.rowsTableColumns)")
    }

    /// The stored datasets' ids, in the order they were first stored.
    func datasetIDs() throws -> [String] {
        try database.withStatement("SELECT id FROM datasets ORDER BY key") { statement in
            var ids: [String] = []
            while try statement.step() { ids.append(statement.text(at: 0) ?? "") }
            return ids
        }
    }

    func hasDatasets() throws -> Bool {
        try database.scalarInt("SELECT EXISTS (SELECT 1 FROM datasets)") == 1
    }

    /// The internal key and stored version of the dataset `id`, or nil when it is not stored.
    func record(of id: String) throws -> (key: Int64, version: Int64)? {
        try database.withStatement("SELECT key, version FROM datasets WHERE id = ?") { statement in
            try statement.bind(id, at: 1)
            guard try statement.step() else { return nil }
            return (statement.int64(at: 0), statement.int64(at: 1))
        }
    }

    /// The key of dataset `id` with its version checked against `expectedVersion`.
    /// - Throws: ``StoreError/datasetNotFound(_:)`` or ``StoreError/versionConflict(datasetID:expected:found:)``.
    func checkedKey(of id: String, expectedVersion: Int64) throws -> Int64 {
        guard let record = try record(of: id) else { throw StoreError.datasetNotFound(id) }
        guard record.version == expectedVersion else {
            throw StoreError.versionConflict(datasetID: id, expected: expectedVersion, found: record.version)
        }
        return record.key
    }
}
