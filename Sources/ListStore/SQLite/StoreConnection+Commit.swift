// ListStore — writes `change` in one transaction
import Models

extension StoreConnection {
    /// Writes `change` in one transaction, if the dataset is still at `change.expectedVersion`.
    /// - Throws: ``StoreError/datasetNotFound(_:)``, ``StoreError/versionConflict(datasetID:expected:found:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)`` or ``SQLiteError``; nothing is written then.
    /// - Complexity: O(size of the change + bytes of the row orders it rewrites).
    func commit(_ change: StoredChange) throws {
        precondition(change.newVersion > change.expectedVersion, "a change must raise the version")
        try database.transaction {
            let key = try checkedKey(of: change.datasetID, expectedVersion: change.expectedVersion)
            let invalid = { (detail: String) in StoreError.invalidChange(datasetID: change.datasetID, detail: detail) }

            try withRowStatements(key: key) { deleteRow, upsertRow in
                for id in change.deletedRowIDs {
                    try deleteRow.bind(id.rawValue, at: 1)
                    try deleteRow.step()
                    deleteRow.reset()
                }
                if !change.deletedSectionIDs.isEmpty {
                    try deleteSections(change, key: key, deleteRow: deleteRow)
                }
                try upsertSections(change.upsertedSections, key: key)
                var buffer: [UInt8] = []
                for row in change.upsertedRows {
                    buffer.removeAll(keepingCapacity: true)
                    PackedFields.encode(row.fields, into: &buffer)
                    try upsertRow.bind(row.id.rawValue, at: 1)
                    try upsertRow.bind(blob: buffer, at: 2)
                    try upsertRow.step()
                    upsertRow.reset()
                }
            }

            let orderSQL = "UPDATE sections SET row_order = ? WHERE dataset = ? AND id = ?"
            for (sectionID, rows) in change.rowOrders.sorted(by: { $0.key < $1.key }) {
                let updated = try database.run(
                    orderSQL, [.blob(StoredIDList.encode(rows)), .int(key), .int(sectionID.rawValue)])
                guard updated == 1 else {
                    throw invalid("a row order is given for section \(sectionID), which is not stored")
                }
            }

            if let order = change.sectionOrder {
                try checkSectionOrder(order, key: key, invalid: invalid)
                try database.run(
                    "UPDATE datasets SET version = ?, next_id = ?, section_order = ? WHERE key = ?",
                    [.int(change.newVersion), .int(change.nextID), .blob(StoredIDList.encode(order)), .int(key)])
            } else {
                let sectionsChanged =
                    try !change.deletedSectionIDs.isEmpty
                    || hasNewSection(change.upsertedSections, key: key)
                guard !sectionsChanged else {
                    throw invalid("sections were inserted or deleted without a new section order")
                }
                try database.run(
                    "UPDATE datasets SET version = ?, next_id = ? WHERE key = ?",
                    [.int(change.newVersion), .int(change.nextID), .int(key)])
            }

            if let payload = change.eventPayload {
                try insertEvent(key: key, version: change.newVersion, payload: payload, change: change.logged)
            }
        }
    }

    /// Runs `body` with the statements deleting a row by id and upserting a row (id, fields)
    /// in the rows table of dataset `key`.
    private func withRowStatements(key: Int64, _ body: (SQLiteStatement, SQLiteStatement) throws -> Void) throws {
        let table = Self.rowsTable(key)
        try database.withStatement("DELETE FROM \(table) WHERE id = ?") { deleteRow in
            let upsert = """
                INSERT INTO \(table) (id, fields) VALUES (?, ?)
                ON CONFLICT (id) DO UPDATE SET fields = excluded.fields
                """
            try database.withStatement(upsert) { upsertRow in try body(deleteRow, upsertRow) }
        }
    }

    /// Deletes the sections of `change` and their stored rows, except rows that a new row
    /// order of the same change keeps.
    private func deleteSections(_ change: StoredChange, key: Int64, deleteRow: SQLiteStatement) throws {
        let kept = Set(change.rowOrders.values.joined().map(\.rawValue))
        var orphans: [Int64] = []
        let orderSQL = "SELECT row_order FROM sections WHERE dataset = ? AND id = ?"
        for sectionID in change.deletedSectionIDs {
            let stored = try database.withStatement(orderSQL) { statement in
                try statement.bind(key, at: 1)
                try statement.bind(sectionID.rawValue, at: 2)
                return try statement.step() ? statement.withBlob(at: 0, StoredIDList.decode) ?? [] : []
            }
            orphans.append(contentsOf: stored.lazy.filter { !kept.contains($0) })
            try database.run(
                "DELETE FROM sections WHERE dataset = ? AND id = ?", [.int(key), .int(sectionID.rawValue)])
        }
        for id in orphans {
            try deleteRow.bind(id, at: 1)
            try deleteRow.step()
            deleteRow.reset()
        }
    }

    private func upsertSections(_ sections: [StoredChange.SectionFields], key: Int64) throws {
        guard !sections.isEmpty else { return }
        let sql = """
            INSERT INTO sections (dataset, id, fields, rows_key_index, row_order) VALUES (?, ?, ?, ?, x'')
            ON CONFLICT (dataset, id) DO UPDATE SET fields = excluded.fields, rows_key_index = excluded.rows_key_index
            """
        for section in sections {
            try database.run(
                sql,
                [
                    .int(key), .int(section.id.rawValue), .blob(PackedFields.encode(section.fields)),
                    .int(Int64(section.rowsKeyIndex)),
                ])
        }
    }

    /// Whether one of `sections` is not in the stored section order (checked before the order is rewritten).
    private func hasNewSection(_ sections: [StoredChange.SectionFields], key: Int64) throws -> Bool {
        guard !sections.isEmpty else { return false }
        let stored = try database.withStatement("SELECT section_order FROM datasets WHERE key = ?") { statement in
            try statement.bind(key, at: 1)
            return try statement.step() ? statement.withBlob(at: 0, StoredIDList.decode) ?? [] : []
        }
        let known = Set(stored)
        return sections.contains { !known.contains($0.id.rawValue) }
    }

    /// Checks that `order` lists each stored section of `key` exactly once.
    private func checkSectionOrder(
        _ order: [SectionID], key: Int64, invalid: (String) -> StoreError
    ) throws {
        let stored = try database.withStatement("SELECT id FROM sections WHERE dataset = ?") { statement in
            try statement.bind(key, at: 1)
            var ids = Set<Int64>()
            while try statement.step() { ids.insert(statement.int64(at: 0)) }
            return ids
        }
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
