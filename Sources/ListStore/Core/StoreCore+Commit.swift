// ListStore — one change written in one transaction
import Models

extension StoreCore {
    /// Writes `change` in one transaction, if the dataset is still at `change.expectedVersion`.
    ///
    /// The dataset's row is read first, locked where the dialect locks rows (PostgreSQL's
    /// `SELECT … FOR UPDATE`; SQLite's write transaction holds the whole file): a concurrent commit
    /// of the same dataset by another process waits for this one and then finds the version it
    /// wrote, so two changes made from one version never both succeed.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)``, ``StoreError/corrupt(datasetID:detail:)``
    ///   when a stored row it rewrites is damaged, or the connection's error; nothing is written then.
    /// - Complexity: O(size of the change + bytes of the row orders it rewrites).
    func commit(_ change: StoredChange) throws {
        precondition(change.newVersion > change.expectedVersion, "a change must raise the version")
        try database.transaction(.write) {
            let key = try checkedKey(of: change.datasetID, expectedVersion: change.expectedVersion)
            let invalid = { (detail: String) in StoreError.invalidChange(datasetID: change.datasetID, detail: detail) }

            var removedRows = change.deletedRowIDs.map(\.rawValue)
            if !change.deletedSectionIDs.isEmpty {
                removedRows += try deleteSections(change, key: key)
            }
            try upsertSections(change.upsertedSections, key: key)
            if !removedRows.isEmpty || !change.upsertedRows.isEmpty {
                try database.writeRows(
                    in: Self.rowsTable(key), removing: removedRows, upserting: change.upsertedRows,
                    corrupt: { StoreError.corrupt(datasetID: change.datasetID, detail: $0) })
            }

            let orderSQL =
                "UPDATE sections SET row_order = \(parameter(1)) WHERE dataset = \(parameter(2)) AND id = \(parameter(3))"
            for (sectionID, rows) in change.rowOrders.sorted(by: { $0.key < $1.key }) {
                let updated = try database.run(
                    orderSQL, [.blob(StoredIDList.encode(rows)), .int(key), .int(sectionID.rawValue)])
                guard updated == 1 else {
                    throw invalid("a row order is given for section \(sectionID), which is not stored")
                }
            }

            if let order = change.sectionOrder {
                try checkSectionOrder(order, key: key, invalid: invalid)
                let sql = """
                    UPDATE datasets SET version = \(parameter(1)), next_id = \(parameter(2)), \
                    section_order = \(parameter(3)) WHERE key = \(parameter(4))
                    """
                try database.run(
                    sql, [.int(change.newVersion), .int(change.nextID), .blob(StoredIDList.encode(order)), .int(key)])
            } else {
                let sectionsChanged =
                    try !change.deletedSectionIDs.isEmpty
                    || hasNewSection(change.upsertedSections, key: key)
                guard !sectionsChanged else {
                    throw invalid("sections were inserted or deleted without a new section order")
                }
                try database.run(
                    "UPDATE datasets SET version = \(parameter(1)), next_id = \(parameter(2)) WHERE key = \(parameter(3))",
                    [.int(change.newVersion), .int(change.nextID), .int(key)])
            }

            if let payload = change.eventPayload {
                try insertEvent(key: key, version: change.newVersion, payload: payload, change: change.logged)
            }
            try database.announce(id: change.datasetID, key: key, version: change.newVersion)
        }
    }

    /// Deletes the sections of `change`; their stored rows, except rows that a new row order of
    /// the same change keeps, are to be removed.
    /// - Returns: The ids of those rows, for the caller to remove.
    private func deleteSections(_ change: StoredChange, key: Int64) throws -> [Int64] {
        let kept = Set(change.rowOrders.values.joined().map(\.rawValue))
        var orphans: [Int64] = []
        let sql = """
            DELETE FROM sections WHERE dataset = \(parameter(1)) AND \(dialect.anyOf("id", parameter: 2)) \
            RETURNING row_order
            """
        try database.run(sql, [.int(key), .ints(change.deletedSectionIDs.map(\.rawValue))]) { row in
            let stored = row.withBlob(at: 0, StoredIDList.decode) ?? []
            orphans.append(contentsOf: stored.lazy.filter { !kept.contains($0) })
        }
        return orphans
    }

    private func upsertSections(_ sections: [StoredChange.SectionFields], key: Int64) throws {
        guard !sections.isEmpty else { return }
        let values = dialect.values([
            .single("dataset"), .integers("id"), .blobs("fields"), .integers("rows_key_index"), .single("row_order"),
        ])
        let sql = """
            INSERT INTO sections (dataset, id, fields, rows_key_index, row_order) \(values)
            ON CONFLICT (dataset, id) DO UPDATE SET fields = excluded.fields, rows_key_index = excluded.rows_key_index
            """
        try database.run(
            sql,
            [
                .int(key), .ints(sections.map(\.id.rawValue)), .blobs(sections.map { PackedFields.encode($0.fields) }),
                .ints(sections.map { Int64($0.rowsKeyIndex) }), .blob([]),
            ])
    }

    /// Whether one of `sections` is not in the stored section order (checked before the order is rewritten).
    private func hasNewSection(_ sections: [StoredChange.SectionFields], key: Int64) throws -> Bool {
        guard !sections.isEmpty else { return false }
        let sql = "SELECT section_order FROM datasets WHERE key = \(parameter(1))"
        let stored = try database.firstRow(sql, [.int(key)]) { $0.withBlob(at: 0, StoredIDList.decode) ?? [] } ?? []
        let known = Set(stored)
        return sections.contains { !known.contains($0.id.rawValue) }
    }

    /// Checks that `order` lists each stored section of `key` exactly once.
    private func checkSectionOrder(_ order: [SectionID], key: Int64, invalid: (String) -> StoreError) throws {
        let sql = "SELECT id FROM sections WHERE dataset = \(parameter(1))"
        let stored = Set(try database.rows(sql, [.int(key)]) { $0.int64(at: 0) })
        let listed = Set(order.map(\.rawValue))
        guard listed.count == order.count else { throw invalid("the section order lists a section twice") }
        guard listed == stored else {
            let missing = stored.subtracting(listed).sorted().map(String.init).joined(separator: ", ")
            let unknown = listed.subtracting(stored).sorted().map(String.init).joined(separator: ", ")
            throw invalid(
                "the section order does not match the sections (missing: [\(missing)], unknown: [\(unknown)])")
        }
    }
}
