// ListStore — one change written to PostgreSQL in one transaction
import Models

extension PostgresStoreConnection {
    /// Writes `change` in one transaction, if the dataset is still at `change.expectedVersion`.
    ///
    /// The dataset's row is locked first (`SELECT … FOR UPDATE`): a concurrent commit of the same
    /// dataset by another process waits for this one and then finds the version it wrote, so two
    /// changes made from one version never both succeed.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)`` or ``PostgresError``; nothing is written then.
    /// - Complexity: O(size of the change + bytes of the row orders it rewrites), in a handful of
    ///   statements whatever the number of rows.
    func commit(_ change: StoredChange) throws {
        precondition(change.newVersion > change.expectedVersion, "a change must raise the version")
        try connection.transaction {
            let key = try checkedKey(of: change.datasetID, expectedVersion: change.expectedVersion)
            let invalid = { (detail: String) in StoreError.invalidChange(datasetID: change.datasetID, detail: detail) }
            let table = Self.rowsTable(key)

            if !change.deletedRowIDs.isEmpty {
                try connection.query(
                    "DELETE FROM \(table) WHERE id = ANY($1)", [.ints(change.deletedRowIDs.map(\.rawValue))])
            }
            if !change.deletedSectionIDs.isEmpty {
                try deleteSections(change, key: key)
            }
            try upsertSections(change.upsertedSections, key: key)
            if !change.upsertedRows.isEmpty {
                let sql = """
                    INSERT INTO \(table) (id, fields) SELECT * FROM unnest($1::int8[], $2::bytea[])
                    ON CONFLICT (id) DO UPDATE SET fields = excluded.fields
                    """
                try connection.query(
                    sql,
                    [
                        .ints(change.upsertedRows.map(\.id.rawValue)),
                        .byteArrays(change.upsertedRows.map { PackedFields.encode($0.fields) }),
                    ])
            }

            let orderSQL = "UPDATE sections SET row_order = $1 WHERE dataset = $2 AND id = $3"
            for (sectionID, rows) in change.rowOrders.sorted(by: { $0.key < $1.key }) {
                let updated = try connection.query(
                    orderSQL, [.bytes(StoredIDList.encode(rows)), .int(key), .int(sectionID.rawValue)])
                guard updated.changedRows == 1 else {
                    throw invalid("a row order is given for section \(sectionID), which is not stored")
                }
            }

            if let order = change.sectionOrder {
                try checkSectionOrder(order, key: key, invalid: invalid)
                try connection.query(
                    "UPDATE datasets SET version = $1, next_id = $2, section_order = $3 WHERE key = $4",
                    [.int(change.newVersion), .int(change.nextID), .bytes(StoredIDList.encode(order)), .int(key)])
            } else {
                let sectionsChanged =
                    try !change.deletedSectionIDs.isEmpty
                    || hasNewSection(change.upsertedSections, key: key)
                guard !sectionsChanged else {
                    throw invalid("sections were inserted or deleted without a new section order")
                }
                try connection.query(
                    "UPDATE datasets SET version = $1, next_id = $2 WHERE key = $3",
                    [.int(change.newVersion), .int(change.nextID), .int(key)])
            }

            if let payload = change.eventPayload {
                try insertEvent(key: key, version: change.newVersion, payload: payload, change: change.logged)
            }
            try notify(id: change.datasetID, key: key, version: change.newVersion)
        }
    }

    /// Deletes the sections of `change` and their stored rows, except rows that a new row
    /// order of the same change keeps.
    private func deleteSections(_ change: StoredChange, key: Int64) throws {
        let kept = Set(change.rowOrders.values.joined().map(\.rawValue))
        let deleted = try connection.query(
            "DELETE FROM sections WHERE dataset = $1 AND id = ANY($2) RETURNING row_order",
            [.int(key), .ints(change.deletedSectionIDs.map(\.rawValue))])
        var orphans: [Int64] = []
        for row in 0..<deleted.rowCount {
            let stored = deleted.withBytes(row, 0, StoredIDList.decode) ?? []
            orphans.append(contentsOf: stored.lazy.filter { !kept.contains($0) })
        }
        guard !orphans.isEmpty else { return }
        try connection.query("DELETE FROM \(Self.rowsTable(key)) WHERE id = ANY($1)", [.ints(orphans)])
    }

    private func upsertSections(_ sections: [StoredChange.SectionFields], key: Int64) throws {
        guard !sections.isEmpty else { return }
        let sql = """
            INSERT INTO sections (dataset, id, fields, rows_key_index, row_order)
            SELECT $1, id, fields, rows_key_index, ''::bytea
            FROM unnest($2::int8[], $3::bytea[], $4::int8[]) AS s (id, fields, rows_key_index)
            ON CONFLICT (dataset, id) DO UPDATE SET fields = excluded.fields, rows_key_index = excluded.rows_key_index
            """
        try connection.query(
            sql,
            [
                .int(key), .ints(sections.map(\.id.rawValue)),
                .byteArrays(sections.map { PackedFields.encode($0.fields) }),
                .ints(sections.map { Int64($0.rowsKeyIndex) }),
            ])
    }

    /// Whether one of `sections` is not in the stored section order (checked before the order is rewritten).
    private func hasNewSection(_ sections: [StoredChange.SectionFields], key: Int64) throws -> Bool {
        guard !sections.isEmpty else { return false }
        let result = try connection.query("SELECT section_order FROM datasets WHERE key = $1", [.int(key)])
        let stored = result.rowCount == 1 ? result.withBytes(0, 0, StoredIDList.decode) ?? [] : []
        let known = Set(stored)
        return sections.contains { !known.contains($0.id.rawValue) }
    }

    /// Checks that `order` lists each stored section of `key` exactly once.
    private func checkSectionOrder(_ order: [SectionID], key: Int64, invalid: (String) -> StoreError) throws {
        let result = try connection.query("SELECT id FROM sections WHERE dataset = $1", [.int(key)])
        let stored = Set((0..<result.rowCount).map { result.int64($0, 0) })
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
