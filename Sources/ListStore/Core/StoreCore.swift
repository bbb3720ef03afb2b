// ListStore — the store's logic over either database
import Models

/// The store's logic over either database: migrations, loads, inserts, commits and the event log,
/// written once over a ``StoreDatabase`` whose ``SQLDialect`` supplies the SQL text that differs.
/// ``SQLiteStore`` and ``PostgresStore`` each keep one behind a mutex.
///
/// Not `Sendable`, like the connection it owns; the store serialises access.
final class StoreCore<Database: StoreDatabase> {
    let database: Database
    /// How many events each dataset's log keeps.
    let eventRetention: Int
    /// Whether the schema keeps the last version of deleted ids: a store opened with an older
    /// history, as the migration tests write files of earlier versions, has no such table.
    let keepsRetiredVersions: Bool
    /// Whether the schema has `datasets.form` (``SourceShape/formName``): not in a store opened with a
    /// history before it.
    let keepsForms: Bool

    /// Brings the schema of `database` up to date.
    /// - Parameters:
    ///   - database: An open connection; closed when this fails.
    ///   - eventRetention: How many events each dataset's log keeps.
    ///   - migrations: The schema history, numbered 1, 2, 3, ….
    /// - Throws: What the connection throws, or ``StoreError/newerSchema(found:supported:)``.
    init(database: Database, eventRetention: Int, migrations: [StoreMigration<Database>]) throws {
        precondition(eventRetention > 0, "the event log must keep at least one event")
        self.database = database
        self.eventRetention = eventRetention
        do {
            // Once migrated, the database is at the last version of `migrations`.
            try StoreSchema.migrate(database, migrations: migrations)
            keepsRetiredVersions = migrations.contains { $0.summary == StoreSchema.retiredDatasetsSummary }
            keepsForms = migrations.contains { $0.summary == StoreSchema.formSummary }
        } catch {
            database.close()
            throw error
        }
    }

    func close() { database.close() }

    var dialect: SQLDialect { database.dialect }

    /// Parameter `index` (1-based) in the connection's dialect.
    func parameter(_ index: Int) -> String { database.dialect.parameter(index) }

    /// The name of the table holding the rows of dataset `key`: `rows_<key>`.
    static func rowsTable(_ key: Int64) -> String { "rows_\(key)" }

    /// The stored datasets' ids, in the order they were first stored.
    func datasetIDs() throws -> [String] {
        try database.rows("SELECT id FROM datasets ORDER BY key") { $0.text(at: 0) ?? "" }
    }

    func hasDatasets() throws -> Bool {
        try database.firstRow("SELECT EXISTS (SELECT 1 FROM datasets)") { $0.int64(at: 0) } == 1
    }

    /// Every dataset's id, key and version, in the order they were first stored.
    func stamps() throws -> [DatasetStamp] {
        try database.rows("SELECT id, key, version FROM datasets ORDER BY key") { row in
            DatasetStamp(id: row.text(at: 0) ?? "", key: row.int64(at: 1), version: row.int64(at: 2))
        }
    }

    /// The key and stored version of the dataset `id`, or nil when it is not stored.
    /// - Parameter lock: Whether the row is locked until the transaction ends (`FOR UPDATE` where
    ///   the dialect has it), so that a concurrent writer of the same dataset waits and then sees
    ///   this one's version.
    func record(of id: String, lock: Bool = false) throws -> (key: Int64, version: Int64)? {
        let sql = "SELECT key, version FROM datasets WHERE id = \(parameter(1))" + (lock ? dialect.lockSuffix : "")
        return try database.firstRow(sql, [.text(id)]) { ($0.int64(at: 0), $0.int64(at: 1)) }
    }

    /// The key of dataset `id`, locked, with its version checked against `expectedVersion`.
    /// - Throws: ``StoreError/datasetNotFound(_:)`` or ``StoreError/versionConflict(datasetID:expected:found:)``.
    func checkedKey(of id: String, expectedVersion: Int64) throws -> Int64 {
        guard let record = try record(of: id, lock: true) else { throw StoreError.datasetNotFound(id) }
        guard record.version == expectedVersion else {
            throw StoreError.versionConflict(datasetID: id, expected: expectedVersion, found: record.version)
        }
        return record.key
    }
}
