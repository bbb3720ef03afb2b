// ListStore — the event log of each dataset

extension StoreCore {
    /// Appends an event for dataset `datasetID` in its own transaction.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, or the connection's constraint error when
    ///   `version` is already logged.
    func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try database.transaction(.write) {
            guard let key = try record(of: datasetID)?.key else { throw StoreError.datasetNotFound(datasetID) }
            try insertEvent(key: key, version: version, payload: payload)
        }
    }

    /// Inserts one event and prunes the log of dataset `key` to its last ``eventRetention`` events.
    /// Runs inside the caller's transaction.
    /// - Parameter change: The change that led to `version`, as ``StoredChange/logged`` writes it.
    /// - Complexity: O(log n + pruned events).
    func insertEvent(key: Int64, version: Int64, payload: [UInt8], change: [UInt8]? = nil) throws {
        let insert = """
            INSERT INTO events (dataset, version, payload, change) \
            VALUES (\(parameter(1)), \(parameter(2)), \(parameter(3)), \(parameter(4)))
            """
        try database.run(insert, [.int(key), .int(version), .blob(payload), change.map { .blob($0) } ?? .null])
        let prune = """
            DELETE FROM events WHERE dataset = \(parameter(1)) AND version <= (
                SELECT version FROM events WHERE dataset = \(parameter(1)) ORDER BY version DESC LIMIT 1 \
            OFFSET \(parameter(2)))
            """
        try database.run(prune, [.int(key), .int(Int64(eventRetention))])
    }

    /// The logged events of dataset `datasetID` with a version above `version`, oldest first.
    /// - Returns: At most `limit` events; none when the dataset is unknown.
    func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        let sql = """
            SELECT version, payload, change FROM events
            WHERE dataset = (SELECT key FROM datasets WHERE id = \(parameter(1))) AND version > \(parameter(2))
            ORDER BY version LIMIT \(parameter(3))
            """
        return try database.rows(sql, [.text(datasetID), .int(version), .int(Int64(max(0, limit)))]) { row in
            let change = row.isNull(at: 2) ? nil : StoredChange(logged: row.blob(at: 2), datasetID: datasetID)
            return StoredEvent(version: row.int64(at: 0), payload: row.blob(at: 1), change: change)
        }
    }

    /// The version of the oldest event still logged for `datasetID`, or nil when none is.
    /// A client that last saw a version below this one minus one has missed events.
    func oldestEventVersion(datasetID: String) throws -> Int64? {
        let sql = "SELECT min(version) FROM events WHERE dataset = (SELECT key FROM datasets WHERE id = \(parameter(1)))"
        return try database.firstRow(sql, [.text(datasetID)]) { $0.isNull(at: 0) ? nil : $0.int64(at: 0) } ?? nil
    }
}
