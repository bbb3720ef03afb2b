// ListStore — the event log in PostgreSQL

extension PostgresStoreConnection {
    /// Appends an event for dataset `datasetID` in its own transaction.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, or ``PostgresError`` when `version` is already logged.
    func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try connection.transaction {
            guard let key = try record(of: datasetID)?.key else { throw StoreError.datasetNotFound(datasetID) }
            try insertEvent(key: key, version: version, payload: payload)
        }
    }

    /// Inserts one event and prunes the log of dataset `key` to its last ``eventRetention`` events.
    /// Runs inside the caller's transaction.
    /// - Parameter change: The change that led to `version`, as ``StoredChange/logged`` writes it.
    func insertEvent(key: Int64, version: Int64, payload: [UInt8], change: [UInt8]? = nil) throws {
        try connection.query(
            "INSERT INTO events (dataset, version, payload, change) VALUES ($1, $2, $3, $4)",
            [.int(key), .int(version), .bytes(payload), change.map { .bytes($0) } ?? .null])
        let prune = """
            DELETE FROM events WHERE dataset = $1 AND version <= (
                SELECT version FROM events WHERE dataset = $1 ORDER BY version DESC LIMIT 1 OFFSET $2)
            """
        try connection.query(prune, [.int(key), .int(Int64(eventRetention))])
    }

    /// The logged events of dataset `datasetID` with a version above `version`, oldest first.
    /// - Returns: At most `limit` events; none when the dataset is unknown.
    func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        let sql = """
            SELECT version, payload, change FROM events
            WHERE dataset = (SELECT key FROM datasets WHERE id = $1) AND version > $2
            ORDER BY version LIMIT $3
            """
        let result = try connection.query(sql, [.text(datasetID), .int(version), .int(Int64(max(0, limit)))])
        return (0..<result.rowCount).map { row in
            let change = result.isNull(row, 2) ? nil : StoredChange(logged: result.bytes(row, 2), datasetID: datasetID)
            return StoredEvent(version: result.int64(row, 0), payload: result.bytes(row, 1), change: change)
        }
    }

    /// The version of the oldest event still logged for `datasetID`, or nil when none is.
    func oldestEventVersion(datasetID: String) throws -> Int64? {
        let sql = "SELECT min(version) FROM events WHERE dataset = (SELECT key FROM datasets WHERE id = $1)"
        let result = try connection.query(sql, [.text(datasetID)])
        return result.isNull(0, 0) ? nil : result.int64(0, 0)
    }
}
