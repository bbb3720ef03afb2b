// ListStore — whole datasets written to PostgreSQL
import Models

extension PostgresStoreConnection {
    /// Stores `datasets` in one transaction: all of them or none. A dataset stored meanwhile by
    /// another process under one of the ids counts as existing.
    /// - Throws: ``StoreError/duplicateDataset(_:)``, ``StoreError/datasetExists(_:)`` (when
    ///   `replacing` is false), or ``PostgresError`` (e.g. two rows with one id); nothing is written then.
    /// - Complexity: O(total rows), the rows sent with one `COPY` per dataset.
    @discardableResult
    func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        var seen = Set<String>()
        for dataset in datasets where !seen.insert(dataset.id).inserted {
            throw StoreError.duplicateDataset(dataset.id)
        }
        return try connection.transaction {
            var stored: [Dataset] = []
            stored.reserveCapacity(datasets.count)
            for var dataset in datasets {
                let retired = try connection.query(
                    "SELECT version FROM retired_datasets WHERE id = $1 FOR UPDATE", [.text(dataset.id)])
                if retired.rowCount == 1 { dataset.version = max(dataset.version, retired.int64(0, 0) + 1) }
                let key: Int64
                if let inserted = try insertDatasetRow(dataset) {
                    key = inserted
                } else {
                    guard replacing else { throw StoreError.datasetExists(dataset.id) }
                    guard let existing = try record(of: dataset.id, lock: true) else {
                        throw StoreError.datasetNotFound(dataset.id)
                    }
                    key = existing.key
                    dataset.version = max(dataset.version, existing.version + 1)
                    try clearContents(key: key, events: true)
                    try updateDatasetRow(dataset, key: key)
                }
                try createRowsTable(key: key)
                try writeContents(of: dataset, key: key)
                try notify(id: dataset.id, key: key, version: dataset.version)
                stored.append(dataset)
            }
            return stored
        }
    }

    /// Writes `dataset` over the stored one if that is still at `expectedVersion`; the event
    /// log is kept, and `eventPayload` (when given) is appended for `dataset.version`.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``.
    func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try connection.transaction {
            let key = try checkedKey(of: dataset.id, expectedVersion: expectedVersion)
            try clearContents(key: key, events: false)
            try updateDatasetRow(dataset, key: key)
            try createRowsTable(key: key)
            try writeContents(of: dataset, key: key)
            if let eventPayload { try insertEvent(key: key, version: dataset.version, payload: eventPayload) }
            try notify(id: dataset.id, key: key, version: dataset.version)
        }
    }

    /// Deletes the dataset `id` with its sections, rows and events, keeping its last version.
    /// - Returns: false when there was no such dataset.
    func deleteDataset(id: String) throws -> Bool {
        try connection.transaction {
            let deleted = try connection.query(
                "DELETE FROM datasets WHERE id = $1 RETURNING key, version", [.text(id)])
            guard deleted.rowCount == 1 else { return false }
            let key = deleted.int64(0, 0)
            try connection.query(
                """
                INSERT INTO retired_datasets (id, version) VALUES ($1, $2)
                ON CONFLICT (id) DO UPDATE SET version = GREATEST(retired_datasets.version, excluded.version)
                """, [.text(id), .int(deleted.int64(0, 1))])
            try connection.execute("DROP TABLE IF EXISTS \(Self.rowsTable(key))")
            try notify(id: id, key: key, version: nil)
            return true
        }
    }

    /// Inserts the `datasets` row of `dataset` unless its id is taken.
    /// - Returns: The new key, or nil when a dataset with the id exists (or was just committed by another process).
    private func insertDatasetRow(_ dataset: Dataset) throws -> Int64? {
        let sql = """
            INSERT INTO datasets (id, title, kind, style, root_key, rows_key, version, next_id, section_order, document)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING RETURNING key
            """
        let result = try connection.query(sql, datasetColumns(dataset))
        return result.rowCount == 1 ? result.int64(0, 0) : nil
    }

    private func updateDatasetRow(_ dataset: Dataset, key: Int64) throws {
        let sql = """
            UPDATE datasets SET id = $1, title = $2, kind = $3, style = $4, root_key = $5, rows_key = $6,
            version = $7, next_id = $8, section_order = $9, document = $10 WHERE key = $11
            """
        try connection.query(sql, datasetColumns(dataset) + [.int(key)])
    }

    private func datasetColumns(_ dataset: Dataset) -> [PostgresValue] {
        [
            .text(dataset.id), .text(dataset.title), .text(dataset.kind.rawValue), .text(dataset.style.rawValue),
            dataset.shape.rootKey.postgresValue, dataset.shape.rowsKey.postgresValue,
            .int(dataset.version), .int(dataset.nextID), .bytes(StoredIDList.encode(dataset.sections.map(\.id))),
            dataset.shape.document.map { document in
                var bytes: [UInt8] = []
                PackedFields.encode(document, into: &bytes)
                return PostgresValue.bytes(bytes)
            } ?? .null,
        ]
    }

    /// Deletes the sections (and, when asked, the events) of dataset `key`; its rows table is
    /// recreated by the caller.
    private func clearContents(key: Int64, events: Bool) throws {
        try connection.query("DELETE FROM sections WHERE dataset = $1", [.int(key)])
        if events { try connection.query("DELETE FROM events WHERE dataset = $1", [.int(key)]) }
    }

    /// The COPY data sent per `PQputCopyData` call.
    static let copyChunkBytes = 1 << 20

    /// Inserts every section of `dataset` (one statement of arrays) and its rows (one binary COPY
    /// into the new, unindexed rows table, then its primary key).
    private func writeContents(of dataset: Dataset, key: Int64) throws {
        if !dataset.sections.isEmpty {
            let sql = """
                INSERT INTO sections (dataset, id, fields, rows_key_index, row_order)
                SELECT $1, id, fields, rows_key_index, row_order
                FROM unnest($2::int8[], $3::bytea[], $4::int8[], $5::bytea[])
                    AS s (id, fields, rows_key_index, row_order)
                """
            try connection.query(
                sql,
                [
                    .int(key), .ints(dataset.sections.map(\.id.rawValue)),
                    .byteArrays(dataset.sections.map { PackedFields.encode($0.fields) }),
                    .ints(dataset.sections.map { Int64($0.rowsKeyIndex) }),
                    .byteArrays(dataset.sections.map { StoredIDList.encode($0.rows.map(\.id)) }),
                ])
        }
        let table = Self.rowsTable(key)
        try connection.copyIn("COPY \(table) (id, fields) FROM STDIN (FORMAT binary)") { send in
            var writer = BinaryCopyWriter(capacity: Self.copyChunkBytes)
            for section in dataset.sections {
                for row in section.rows {
                    writer.appendRow(id: row.id.rawValue) { PackedFields.encode(row.fields, into: &$0) }
                    if writer.buffer.count >= Self.copyChunkBytes {
                        try writer.buffer.withUnsafeBytes(send)
                        writer.removeAll()
                    }
                }
            }
            writer.finish()
            try writer.buffer.withUnsafeBytes(send)
        }
        try indexRowsTable(key: key)
    }
}
