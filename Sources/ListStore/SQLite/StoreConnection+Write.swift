// ListStore — the page cache of a bulk insert
import Models

extension StoreConnection {
    /// The page cache of a bulk insert: about the size of a million small rows, so a 1M-row
    /// import is not spilled to the WAL while it is built.
    static let bulkCacheKiB = 64 * 1024

    /// Stores `datasets` in one transaction: all of them or none.
    /// - Parameters:
    ///   - datasets: Datasets with distinct ids.
    ///   - replacing: Whether a stored dataset with the same id is overwritten.
    ///   - bulk: A large import: the transaction runs with a page cache of ``bulkCacheKiB`` (so
    ///     pages are not spilled to the WAL and read back while the b-trees grow) and without the
    ///     automatic checkpoint at its commit; the caller checkpoints later. Both settings are
    ///     restored afterwards, and the cache's memory is handed back.
    /// - Throws: ``StoreError/duplicateDataset(_:)``, ``StoreError/datasetExists(_:)`` (when
    ///   `replacing` is false), or ``SQLiteError`` (e.g. two rows with one id); nothing is written then.
    /// - Complexity: O(total rows), one prepared statement per table.
    func insert(_ datasets: [Dataset], replacing: Bool, bulk: Bool = false) throws {
        var seen = Set<String>()
        for dataset in datasets where !seen.insert(dataset.id).inserted {
            throw StoreError.duplicateDataset(dataset.id)
        }
        if bulk {
            try database.setAutoCheckpoint(pages: 0)
            try database.setCacheSize(kibibytes: Self.bulkCacheKiB)
        }
        defer {
            if bulk {
                try? database.setAutoCheckpoint(pages: SQLiteDatabase.defaultAutoCheckpointPages)
                try? database.setCacheSize(kibibytes: SQLiteDatabase.defaultCacheKiB)
                SQLiteDatabase.releaseFreeMemory()
            }
        }
        try database.transaction {
            for dataset in datasets {
                let key: Int64
                if let existing = try record(of: dataset.id) {
                    guard replacing else { throw StoreError.datasetExists(dataset.id) }
                    key = existing.key
                    try clearContents(key: key, events: true)
                    try updateDatasetRow(dataset, key: key)
                } else {
                    key = try insertDatasetRow(dataset)
                }
                try createRowsTable(key: key)
                try writeContents(of: dataset, key: key)
            }
        }
    }

    /// Writes `dataset` over the stored one if that is still at `expectedVersion`; the event
    /// log is kept, and `eventPayload` (when given) is appended for `dataset.version`.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``.
    /// - Complexity: O(rows of the dataset).
    func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try database.transaction {
            let key = try checkedKey(of: dataset.id, expectedVersion: expectedVersion)
            try clearContents(key: key, events: false)
            try updateDatasetRow(dataset, key: key)
            try createRowsTable(key: key)
            try writeContents(of: dataset, key: key)
            if let eventPayload { try insertEvent(key: key, version: dataset.version, payload: eventPayload) }
        }
    }

    /// Deletes the dataset `id` with its sections, rows and events.
    /// - Returns: false when there was no such dataset.
    func deleteDataset(id: String) throws -> Bool {
        try database.transaction {
            guard let key = try record(of: id)?.key else { return false }
            try clearContents(key: key, events: true)
            let table = Self.rowsTable(key)
            database.evictCachedStatements { $0.contains(table + " ") }
            try database.execute("DROP TABLE IF EXISTS \(table)")
            try database.run("DELETE FROM datasets WHERE key = ?", [.int(key)])
            return true
        }
    }

    private func insertDatasetRow(_ dataset: Dataset) throws -> Int64 {
        let sql = """
            INSERT INTO datasets (id, title, kind, style, root_key, rows_key, version, next_id, section_order, document)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING key
            """
        return try database.withStatement(sql) { statement in
            try statement.bind(datasetColumns(dataset))
            guard try statement.step() else { preconditionFailure("INSERT … RETURNING gave no row") }
            let key = statement.int64(at: 0)
            while try statement.step() {}
            return key
        }
    }

    private func updateDatasetRow(_ dataset: Dataset, key: Int64) throws {
        let sql = """
            UPDATE datasets SET id = ?, title = ?, kind = ?, style = ?, root_key = ?, rows_key = ?,
            version = ?, next_id = ?, section_order = ?, document = ? WHERE key = ?
            """
        try database.run(sql, datasetColumns(dataset) + [.int(key)])
    }

    private func datasetColumns(_ dataset: Dataset) -> [SQLiteValue] {
        [
            .text(dataset.id), .text(dataset.title), .text(dataset.kind.rawValue), .text(dataset.style.rawValue),
            dataset.shape.rootKey.map(SQLiteValue.text) ?? .null, dataset.shape.rowsKey.map(SQLiteValue.text) ?? .null,
            .int(dataset.version), .int(dataset.nextID), .blob(StoredIDList.encode(dataset.sections.map(\.id))),
            dataset.shape.document.map { document in
                var bytes: [UInt8] = []
                PackedFields.encode(document, into: &bytes)
                return SQLiteValue.blob(bytes)
            } ?? .null,
        ]
    }

    /// Deletes the sections (and, when asked, the events) of dataset `key`; its rows table is
    /// dropped or recreated by the caller.
    private func clearContents(key: Int64, events: Bool) throws {
        try database.run("DELETE FROM sections WHERE dataset = ?", [.int(key)])
        if events { try database.run("DELETE FROM events WHERE dataset = ?", [.int(key)]) }
    }

    /// Inserts every section and row of `dataset` under `key` (its rows table exists and is
    /// empty), reusing one statement per table and one encoding buffer.
    private func writeContents(of dataset: Dataset, key: Int64) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(256)
        let sectionSQL = "INSERT INTO sections (dataset, id, fields, rows_key_index, row_order) VALUES (?, ?, ?, ?, ?)"
        try database.withStatement(sectionSQL) { statement in
            try statement.bind(key, at: 1)
            for section in dataset.sections {
                buffer.removeAll(keepingCapacity: true)
                PackedFields.encode(section.fields, into: &buffer)
                try statement.bind(section.id.rawValue, at: 2)
                try statement.bind(blob: buffer, at: 3)
                try statement.bind(Int64(section.rowsKeyIndex), at: 4)
                try statement.bind(blob: StoredIDList.encode(section.rows.map(\.id)), at: 5)
                try statement.step()
                statement.reset()
            }
        }
        try insertRows(of: dataset, into: Self.rowsTable(key))
    }

    /// How many rows one INSERT statement writes in ``insertRows(of:into:)``.
    static let rowsPerInsert = 64

    /// Inserts the rows of `dataset`, ``rowsPerInsert`` to a statement (`VALUES (?, ?), (?, ?), …`),
    /// which spares SQLite most of its per-statement work; the last rows go one by one. The rows of
    /// one statement are encoded into one buffer, bound without copying.
    private func insertRows(of dataset: Dataset, into table: String) throws {
        let many = Self.rowsPerInsert
        let manySQL = "INSERT INTO \(table) (id, fields) VALUES "
            + repeatElement("(?, ?)", count: many).joined(separator: ", ")
        var buffer: [UInt8] = []
        buffer.reserveCapacity(many * 128)
        var ids: [Int64] = []
        var ends: [Int] = []
        ids.reserveCapacity(many)
        ends.reserveCapacity(many)

        /// Encodes the pending rows' fields into `buffer`, binds them and steps `statement`.
        func flush(_ statement: SQLiteStatement) throws {
            try buffer.withUnsafeBytes { bytes in
                var start = 0
                for (offset, id) in ids.enumerated() {
                    let parameter = Int32(2 * offset + 1)
                    try statement.bind(id, at: parameter)
                    try statement.bindUnretained(
                        blob: UnsafeRawBufferPointer(rebasing: bytes[start..<ends[offset]]), at: parameter + 1)
                    start = ends[offset]
                }
                try statement.step()
            }
            statement.reset()
            buffer.removeAll(keepingCapacity: true)
            ids.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
        }

        let total = dataset.sections.reduce(0) { $0 + $1.rows.count }
        let batched = total - total % many
        var written = 0
        if batched > 0 {
            try database.withStatement(manySQL) { statement in
                for section in dataset.sections {
                    for row in section.rows where written < batched {
                        PackedFields.encode(row.fields, into: &buffer)
                        ids.append(row.id.rawValue)
                        ends.append(buffer.count)
                        written += 1
                        if ids.count == many { try flush(statement) }
                    }
                }
            }
        }
        guard written < total else { return }
        try database.withStatement("INSERT INTO \(table) (id, fields) VALUES (?, ?)") { statement in
            var seen = 0
            for section in dataset.sections {
                for row in section.rows {
                    seen += 1
                    guard seen > written else { continue }
                    PackedFields.encode(row.fields, into: &buffer)
                    ids.append(row.id.rawValue)
                    ends.append(buffer.count)
                    try flush(statement)
                }
            }
        }
    }
}
