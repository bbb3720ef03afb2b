// ListStore — the SQL side of ``PostgresStore``
import Models

/// The SQL side of ``PostgresStore``: one migrated connection and the queries on it.
///
/// Not `Sendable`, like the ``PostgresConnection`` it owns; the store serialises access.
final class PostgresStoreConnection {
    let connection: PostgresConnection
    /// How many events each dataset's log keeps.
    let eventRetention: Int
    /// The `NOTIFY` channel of this schema (see ``PostgresStore/channel``).
    let channel: String

    /// Connects and brings the schema up to date.
    /// - Throws: ``PostgresError`` or ``StoreError/newerSchema(found:supported:)``.
    init(conninfo: String, eventRetention: Int) throws {
        precondition(eventRetention > 0, "the event log must keep at least one event")
        connection = try PostgresConnection(conninfo: conninfo)
        self.eventRetention = eventRetention
        do {
            try PostgresSchema.migrate(connection)
            channel = try Self.channel(of: connection)
        } catch {
            connection.close()
            throw error
        }
    }

    func close() { connection.close() }

    /// `listserver:<schema>`: processes that share a schema share the channel.
    static func channel(of connection: PostgresConnection) throws -> String {
        "listserver:" + (try connection.query("SELECT current_schema()").text(0, 0) ?? "public")
    }

    /// The name of the table holding the rows of dataset `key`.
    static func rowsTable(_ key: Int64) -> String { "rows_\(key)" }

    /// Creates the empty rows table of dataset `key`, dropping any previous one. The primary key
    /// is added by ``indexRowsTable(key:)`` once the rows are in: one sort instead of a b-tree
    /// grown row by row.
    func createRowsTable(key: Int64) throws {
        let table = Self.rowsTable(key)
        try connection.execute(
            "DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (id int8 NOT NULL, fields bytea NOT NULL)")
    }

    /// Adds the primary key of the rows table of dataset `key`.
    /// - Throws: ``PostgresError`` with SQLSTATE 23505 when two rows have one id.
    func indexRowsTable(key: Int64) throws {
        let table = Self.rowsTable(key)
        try connection.execute("ALTER TABLE \(table) ADD PRIMARY KEY (id)")
    }

    /// The stored datasets' ids, in the order they were first stored.
    func datasetIDs() throws -> [String] {
        let result = try connection.query("SELECT id FROM datasets ORDER BY key")
        return (0..<result.rowCount).map { result.text($0, 0) ?? "" }
    }

    func hasDatasets() throws -> Bool {
        try connection.query("SELECT EXISTS (SELECT 1 FROM datasets)").int64(0, 0) == 1
    }

    /// Every dataset's id, key and version, in stored order.
    func stamps() throws -> [DatasetStamp] {
        let result = try connection.query("SELECT id, key, version FROM datasets ORDER BY key")
        return (0..<result.rowCount).map { row in
            DatasetStamp(id: result.text(row, 0) ?? "", key: result.int64(row, 1), version: result.int64(row, 2))
        }
    }

    /// The key and stored version of the dataset `id`, or nil when it is not stored.
    /// - Parameter lock: Whether the row is locked until the transaction ends (`FOR UPDATE`), so
    ///   that a concurrent writer of the same dataset waits and then sees this one's version.
    func record(of id: String, lock: Bool = false) throws -> (key: Int64, version: Int64)? {
        let sql = "SELECT key, version FROM datasets WHERE id = $1" + (lock ? " FOR UPDATE" : "")
        let result = try connection.query(sql, [.text(id)])
        guard result.rowCount == 1 else { return nil }
        return (result.int64(0, 0), result.int64(0, 1))
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

    /// Tells the other processes, when the transaction commits, that dataset `id` is now at
    /// `version` (nil: deleted). The payload is `<version> <key> <id>` (`-` for no version).
    func notify(id: String, key: Int64, version: Int64?) throws {
        let payload = "\(version.map(String.init) ?? "-") \(key) \(id)"
        try connection.query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }
}
