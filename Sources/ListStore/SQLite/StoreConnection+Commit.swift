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

            var removedRows = change.deletedRowIDs.map(\.rawValue)
            if !change.deletedSectionIDs.isEmpty {
                removedRows += try deleteSections(change, key: key)
            }
            try upsertSections(change.upsertedSections, key: key)
            try writeRows(key: key, datasetID: change.datasetID, removing: removedRows, upserting: change.upsertedRows)

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

    /// Removes the rows `removed` and writes `upserted` (removals first), rewriting each page they
    /// touch once, in page order; a page left without rows is deleted.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` when a page read back is damaged, or ``SQLiteError``.
    private func writeRows(key: Int64, datasetID: String, removing removed: [Int64], upserting upserted: [Row]) throws {
        guard !removed.isEmpty || !upserted.isEmpty else { return }
        var edits: [Int64: (removed: [Int64], upserted: [Row])] = [:]
        for id in removed { edits[RowPage.number(of: id), default: ([], [])].removed.append(id) }
        for row in upserted { edits[RowPage.number(of: row.id.rawValue), default: ([], [])].upserted.append(row) }
        let table = Self.rowsTable(key)
        try database.withStatement("SELECT rows FROM \(table) WHERE page = ?") { read in
            let writeSQL = "INSERT OR REPLACE INTO \(table) (page, count, rows) VALUES (?, ?, ?)"
            try database.withStatement(writeSQL) { write in
                try database.withStatement("DELETE FROM \(table) WHERE page = ?") { delete in
                    for (number, edit) in edits.sorted(by: { $0.key < $1.key }) {
                        try read.bind(number, at: 1)
                        var page = RowPage()
                        if try read.step() {
                            do {
                                page = try read.withBlob(at: 0) { try RowPage($0, page: number) }
                            } catch let damage as RowPage.Damage {
                                throw StoreError.corrupt(
                                    datasetID: datasetID, detail: "row page \(number): \(damage.message)")
                            }
                        }
                        read.reset()
                        for id in edit.removed { page.remove(id) }
                        for row in edit.upserted { page.set(row.id.rawValue, PackedFields.encode(row.fields)) }
                        if page.rows.isEmpty {
                            try delete.bind(number, at: 1)
                            try delete.step()
                            delete.reset()
                        } else {
                            try write.bind(number, at: 1)
                            try write.bind(Int64(page.rows.count), at: 2)
                            try write.bind(blob: page.encoded(page: number), at: 3)
                            try write.step()
                            write.reset()
                        }
                    }
                }
            }
        }
    }

    /// Deletes the sections of `change`; their stored rows, except rows that a new row order of
    /// the same change keeps, are to be removed.
    /// - Returns: The ids of those rows, for the caller to remove.
    private func deleteSections(_ change: StoredChange, key: Int64) throws -> [Int64] {
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
        return orphans
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
