// ListStore — the page cache of a bulk insert
import CSQLite
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
    /// - Returns: the datasets as stored, with versions that continue the stored or deleted ones'.
    @discardableResult
    func insert(_ datasets: [Dataset], replacing: Bool, bulk: Bool = false) throws -> [Dataset] {
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
        return try database.transaction {
            var stored: [Dataset] = []
            stored.reserveCapacity(datasets.count)
            for var dataset in datasets {
                let key: Int64
                if let existing = try record(of: dataset.id) {
                    guard replacing else { throw StoreError.datasetExists(dataset.id) }
                    key = existing.key
                    dataset.version = max(dataset.version, existing.version + 1)
                    try clearContents(key: key, events: true)
                    try updateDatasetRow(dataset, key: key)
                } else {
                    if let retired = try retiredVersion(of: dataset.id) {
                        dataset.version = max(dataset.version, retired + 1)
                    }
                    key = try insertDatasetRow(dataset)
                }
                try createRowsTable(key: key)
                try writeContents(of: dataset, key: key)
                stored.append(dataset)
            }
            return stored
        }
    }

    /// The last version of a deleted dataset `id`; nil when none was deleted.
    private func retiredVersion(of id: String) throws -> Int64? {
        guard keepsRetiredVersions else { return nil }
        return try database.withStatement("SELECT version FROM retired_datasets WHERE id = ?") { statement in
            try statement.bind(id, at: 1)
            return try statement.step() ? statement.int64(at: 0) : nil
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
            guard let (key, version) = try record(of: id) else { return false }
            if keepsRetiredVersions {
                try database.run(
                    """
                    INSERT INTO retired_datasets (id, version) VALUES (?, ?)
                    ON CONFLICT (id) DO UPDATE SET version = max(version, excluded.version)
                    """, [.text(id), .int(version)])
            }
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

    /// Inserts the rows of `dataset` into its empty rows table, one ``RowPage`` per statement. The
    /// rows of an import are in id order already; others are sorted by id first.
    /// - Throws: ``SQLiteError`` (a constraint error when two rows have one id).
    private func insertRows(of dataset: Dataset, into table: String) throws {
        var last = Int64.min
        let inOrder = dataset.sections.allSatisfy { section in
            section.rows.allSatisfy { row in
                defer { last = row.id.rawValue }
                return row.id.rawValue > last
            }
        }
        let rows = dataset.sections.lazy.flatMap(\.rows)
        if inOrder {
            try insertPages(of: rows, into: table)
        } else {
            try insertPages(of: rows.sorted { $0.id.rawValue < $1.id.rawValue }, into: table)
        }
    }

    /// Inserts `rows`, sorted by id, as pages.
    private func insertPages<Rows: Sequence<Row>>(of rows: Rows, into table: String) throws {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 * RowPage.capacity)
        var pending: [Row] = []
        pending.reserveCapacity(RowPage.capacity)
        var page: Int64 = 0
        try database.withStatement("INSERT INTO \(table) (page, count, rows) VALUES (?, ?, ?)") { statement in
            func flush() throws {
                guard !pending.isEmpty else { return }
                buffer.removeAll(keepingCapacity: true)
                RowPage.append(count: pending.count, page: page, to: &buffer) { each in
                    for row in pending { each(row.id.rawValue, .fields(row.fields)) }
                }
                try statement.bind(page, at: 1)
                try statement.bind(Int64(pending.count), at: 2)
                try buffer.withUnsafeBytes { try statement.bindUnretained(blob: $0, at: 3) }
                try statement.step()
                statement.reset()
                pending.removeAll(keepingCapacity: true)
            }
            var last = Int64.min
            for row in rows {
                let id = row.id.rawValue
                guard id > last else {
                    throw SQLiteError(
                        call: "insertRows", code: SQLITE_CONSTRAINT,
                        message: "UNIQUE constraint failed: row id \(id) is listed twice", sql: nil)
                }
                last = id
                if RowPage.number(of: id) != page {
                    try flush()
                    page = RowPage.number(of: id)
                }
                pending.append(row)
            }
            try flush()
        }
    }
}
