// ListStore — appends an event for dataset `datasetID` in its own transaction

extension StoreConnection {
    /// Appends an event for dataset `datasetID` in its own transaction.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, or ``SQLiteError`` when `version` is already logged.
    func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try database.transaction {
            guard let key = try record(of: datasetID)?.key else { throw StoreError.datasetNotFound(datasetID) }
            try insertEvent(key: key, version: version, payload: payload)
        }
    }

    /// Inserts one event and prunes the log of dataset `key` to its last ``eventRetention`` events.
    /// Runs inside the caller's transaction.
    /// - Parameter change: The change that led to `version`, as ``StoredChange/logged`` writes it.
    /// - Complexity: O(log n + pruned events).
    func insertEvent(key: Int64, version: Int64, payload: [UInt8], change: [UInt8]? = nil) throws {
        try database.run(
            "INSERT INTO events (dataset, version, payload, change) VALUES (?, ?, ?, ?)",
            [.int(key), .int(version), .blob(payload), change.map { .blob($0) } ?? .null])
        let prune = """
            DELETE FROM events WHERE dataset = ?1 AND version <= (
                SELECT version FROM events WHERE dataset = ?1 ORDER BY version DESC LIMIT 1 OFFSET ?2)
            """
        try database.run(prune, [.int(key), .int(Int64(eventRetention))])
    }

    /// The logged events of dataset `datasetID` with a version above `version`, oldest first.
    /// - Returns: At most `limit` events; none when the dataset is unknown.
    func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        let sql = """
            SELECT version, payload, change FROM events
            WHERE dataset = (SELECT key FROM datasets WHERE id = ?) AND version > ?
            ORDER BY version LIMIT ?
            """
        return try database.withStatement(sql) { statement in
            try statement.bind([.text(datasetID), .int(version), .int(Int64(max(0, limit)))])
            var events: [StoredEvent] = []
            while try statement.step() {
                let change =
                    statement.isNull(at: 2) ? nil : StoredChange(logged: statement.blob(at: 2), datasetID: datasetID)
                events.append(
                    StoredEvent(version: statement.int64(at: 0), payload: statement.blob(at: 1), change: change))
            }
            return events
        }
    }

    /// The version of the oldest event still logged for `datasetID`, or nil when none is.
    /// A client that last saw a version below this one minus one has missed events.
    func oldestEventVersion(datasetID: String) throws -> Int64? {
        let sql = """
            SELECT min(version) FROM events WHERE dataset = (SELECT key FROM datasets WHERE id = ?)
            """
        return try database.scalarInt(sql, [.text(datasetID)])
    }
}
