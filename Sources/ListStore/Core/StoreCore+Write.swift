// ListStore — whole datasets written, replaced and deleted
import Models

extension StoreCore {
    /// Stores `datasets` in one transaction: all of them or none. A dataset stored meanwhile by
    /// another process under one of the ids counts as existing.
    /// - Parameters:
    ///   - datasets: Datasets with distinct ids.
    ///   - replacing: Whether a stored dataset with the same id is overwritten (its sections, rows
    ///     and events dropped; it keeps its key, so its place in the order).
    /// - Throws: ``StoreError/duplicateDataset(_:)``, ``StoreError/datasetExists(_:)`` (when
    ///   `replacing` is false), or the connection's error (e.g. two rows with one id); nothing is
    ///   written then.
    /// - Returns: The datasets as stored, with versions that continue the stored or deleted ones'.
    /// - Complexity: O(total rows), a handful of statements per dataset besides its rows.
    @discardableResult
    func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        var seen = Set<String>()
        for dataset in datasets where !seen.insert(dataset.id).inserted {
            throw StoreError.duplicateDataset(dataset.id)
        }
        return try database.transaction(.write) {
            var stored: [Dataset] = []
            stored.reserveCapacity(datasets.count)
            for var dataset in datasets {
                if let retired = try retiredVersion(of: dataset.id) {
                    dataset.version = max(dataset.version, retired + 1)
                }
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
                try database.createRowsTable(Self.rowsTable(key))
                try writeContents(of: dataset, key: key)
                try database.announce(id: dataset.id, key: key, version: dataset.version)
                stored.append(dataset)
            }
            return stored
        }
    }

    /// The last version of a deleted dataset `id`, locked; nil when none was deleted.
    private func retiredVersion(of id: String) throws -> Int64? {
        guard keepsRetiredVersions else { return nil }
        let sql = "SELECT version FROM retired_datasets WHERE id = \(parameter(1))" + dialect.lockSuffix
        return try database.firstRow(sql, [.text(id)]) { $0.int64(at: 0) }
    }

    /// Writes `dataset` over the stored one if that is still at `expectedVersion`; the event
    /// log is kept, and `eventPayload` (when given) is appended for `dataset.version`.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``.
    /// - Complexity: O(rows of the dataset).
    func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try database.transaction(.write) {
            let key = try checkedKey(of: dataset.id, expectedVersion: expectedVersion)
            try clearContents(key: key, events: false)
            try updateDatasetRow(dataset, key: key)
            try database.createRowsTable(Self.rowsTable(key))
            try writeContents(of: dataset, key: key)
            if let eventPayload { try insertEvent(key: key, version: dataset.version, payload: eventPayload) }
            try database.announce(id: dataset.id, key: key, version: dataset.version)
        }
    }

    /// Deletes the dataset `id` with its sections, rows and events, keeping its last version.
    /// - Returns: false when there was no such dataset.
    func deleteDataset(id: String) throws -> Bool {
        try database.transaction(.write) {
            guard let (key, version) = try record(of: id, lock: true) else { return false }
            if keepsRetiredVersions {
                let sql = """
                    INSERT INTO retired_datasets (id, version) VALUES (\(parameter(1)), \(parameter(2)))
                    ON CONFLICT (id) DO UPDATE SET version = \(dialect.greatest)(retired_datasets.version, excluded.version)
                    """
                try database.run(sql, [.text(id), .int(version)])
            }
            try clearContents(key: key, events: true)
            try database.dropRowsTable(Self.rowsTable(key))
            try database.run("DELETE FROM datasets WHERE key = \(parameter(1))", [.int(key)])
            try database.announce(id: id, key: key, version: nil)
            return true
        }
    }

    /// Inserts the `datasets` row of `dataset` unless its id is taken.
    /// - Returns: The new key, or nil when a dataset with the id exists (or was just committed by another process).
    private func insertDatasetRow(_ dataset: Dataset) throws -> Int64? {
        let sql = """
            INSERT INTO datasets (\(datasetColumnNames.joined(separator: ", ")))
            VALUES (\((1...datasetColumnNames.count).map(parameter).joined(separator: ", ")))
            ON CONFLICT (id) DO NOTHING RETURNING key
            """
        return try database.firstRow(sql, datasetColumns(dataset)) { $0.int64(at: 0) }
    }

    private func updateDatasetRow(_ dataset: Dataset, key: Int64) throws {
        let names = datasetColumnNames
        let assignments = names.enumerated().map { "\($0.element) = \(parameter($0.offset + 1))" }
        let sql = "UPDATE datasets SET \(assignments.joined(separator: ", ")) WHERE key = \(parameter(names.count + 1))"
        try database.run(sql, datasetColumns(dataset) + [.int(key)])
    }

    /// The `datasets` columns a write sets, in ``datasetColumns(_:)``'s order; `form` when the schema has it.
    private var datasetColumnNames: [String] {
        ["id", "title", "kind", "style", "root_key", "rows_key", "version", "next_id", "section_order", "document"]
            + (keepsForms ? ["form"] : [])
    }

    private func datasetColumns(_ dataset: Dataset) -> [SQLValue] {
        let form: [SQLValue] = keepsForms ? [dataset.shape.formName.sqlValue] : []
        return [
            .text(dataset.id), .text(dataset.title), .text(dataset.kind.rawValue), .text(dataset.style.rawValue),
            dataset.shape.rootKey.sqlValue, dataset.shape.rowsKey.sqlValue,
            .int(dataset.version), .int(dataset.nextID), .blob(StoredIDList.encode(dataset.sections.map(\.id))),
            dataset.shape.document.map { document in
                var bytes: [UInt8] = []
                PackedFields.encode(document, into: &bytes)
                return SQLValue.blob(bytes)
            } ?? .null,
        ] + form
    }

    /// Deletes the sections (and, when asked, the events) of dataset `key`; its rows table is
    /// dropped or recreated by the caller.
    private func clearContents(key: Int64, events: Bool) throws {
        try database.run("DELETE FROM sections WHERE dataset = \(parameter(1))", [.int(key)])
        if events { try database.run("DELETE FROM events WHERE dataset = \(parameter(1))", [.int(key)]) }
    }

    /// Inserts every section of `dataset` under `key` (one batch statement) and its rows (into its
    /// new, empty rows table, in the connection's row layout).
    private func writeContents(of dataset: Dataset, key: Int64) throws {
        if !dataset.sections.isEmpty {
            let values = dialect.values([
                .single("dataset"), .integers("id"), .blobs("fields"), .integers("rows_key_index"),
                .blobs("row_order"),
            ])
            try database.run(
                "INSERT INTO sections (dataset, id, fields, rows_key_index, row_order) \(values)",
                [
                    .int(key), .ints(dataset.sections.map(\.id.rawValue)),
                    .blobs(dataset.sections.map { PackedFields.encode($0.fields) }),
                    .ints(dataset.sections.map { Int64($0.rowsKeyIndex) }),
                    .blobs(dataset.sections.map { StoredIDList.encode($0.rows.map(\.id)) }),
                ])
        }
        try database.insertRows(of: dataset, into: Self.rowsTable(key))
    }
}
