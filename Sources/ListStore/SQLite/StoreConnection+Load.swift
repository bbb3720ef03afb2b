// ListStore — the columns of one `datasets` row
import Models

extension StoreConnection {
    /// The columns of one `datasets` row.
    private struct DatasetRecord {
        var key: Int64
        var id: String
        var title: String
        var kind: String
        var style: String
        var shape: SourceShape
        var version: Int64
        var nextID: Int64
        var sectionOrder: [Int64]?
        /// The packed ``SourceShape/document``; nil when the column is null.
        var document: [UInt8]?
    }

    /// The stored sections of one dataset before their rows are attached.
    private struct SectionRecord {
        var fields: Fields
        var rowsKeyIndex: Int
        var rowOrder: [Int64]
    }

    private static let datasetColumns =
        "key, id, title, kind, style, root_key, rows_key, version, next_id, section_order, document"

    /// Every stored dataset, in the order they were first stored.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` when stored data does not form a
    ///   consistent dataset, or ``SQLiteError``.
    /// - Complexity: O(n) in the number of rows when sections list them mostly in id order,
    ///   O(n log n) at worst (a binary search per row).
    func loadAll() throws -> [Dataset] {
        let records = try database.withStatement("SELECT \(Self.datasetColumns) FROM datasets ORDER BY key") {
            statement in
            var records: [DatasetRecord] = []
            while try statement.step() { records.append(Self.datasetRecord(statement)) }
            return records
        }
        return try records.map(dataset(from:))
    }

    /// The stored dataset `id`, or nil when there is none.
    func load(id: String) throws -> Dataset? {
        let record = try database.withStatement("SELECT \(Self.datasetColumns) FROM datasets WHERE id = ?") {
            statement in
            try statement.bind(id, at: 1)
            return try statement.step() ? Self.datasetRecord(statement) : nil
        }
        return try record.map(dataset(from:))
    }

    private static func datasetRecord(_ statement: SQLiteStatement) -> DatasetRecord {
        DatasetRecord(
            key: statement.int64(at: 0), id: statement.text(at: 1) ?? "", title: statement.text(at: 2) ?? "",
            kind: statement.text(at: 3) ?? "", style: statement.text(at: 4) ?? "",
            shape: SourceShape(rootKey: statement.text(at: 5), rowsKey: statement.text(at: 6)),
            version: statement.int64(at: 7), nextID: statement.int64(at: 8),
            sectionOrder: statement.withBlob(at: 9, StoredIDList.decode),
            document: statement.isNull(at: 10) ? nil : statement.withBlob(at: 10) { Array($0) })
    }

    private func dataset(from record: DatasetRecord) throws -> Dataset {
        func corrupt(_ detail: String) -> StoreError { .corrupt(datasetID: record.id, detail: detail) }
        guard let kind = DatasetKind(rawValue: record.kind) else { throw corrupt("unknown kind '\(record.kind)'") }
        guard let style = TableStyle(rawValue: record.style) else { throw corrupt("unknown style '\(record.style)'") }
        guard let sectionOrder = record.sectionOrder else { throw corrupt("the section order is not a list of ids") }

        var shape = record.shape
        if let bytes = record.document {
            do {
                shape.document = try PackedFields.decode(bytes)
            } catch {
                throw corrupt("the table document: \(error)")
            }
        }
        var sectionRecords = try loadSections(key: record.key, corrupt: corrupt)
        let expectedRows = sectionRecords.values.reduce(0) { $0 + $1.rowOrder.count }
        let (rowIDs, rowFields) = try loadRows(key: record.key, expectedCount: expectedRows, corrupt: corrupt)
        var used = [Bool](repeating: false, count: rowIDs.count)
        // Rows are mostly listed in id order (imports hand out ids in order), so the slot after
        // the previous row is tried before a binary search.
        var hint = 0
        var sections: [Section] = []
        sections.reserveCapacity(sectionOrder.count)
        for sectionID in sectionOrder {
            guard let stored = sectionRecords.removeValue(forKey: sectionID) else {
                throw corrupt("section \(sectionID) is in the section order but not stored, or listed twice")
            }
            var rows: [Row] = []
            rows.reserveCapacity(stored.rowOrder.count)
            for rowID in stored.rowOrder {
                let index: Int
                if hint < rowIDs.count && rowIDs[hint] == rowID {
                    index = hint
                } else if let found = Self.index(of: rowID, in: rowIDs) {
                    index = found
                } else {
                    throw corrupt("row \(rowID) of section \(sectionID) is not stored")
                }
                guard !used[index] else { throw corrupt("row \(rowID) is listed twice") }
                used[index] = true
                hint = index + 1
                rows.append(Row(id: RowID(rowID), fields: rowFields[index]))
            }
            sections.append(
                Section(
                    id: SectionID(sectionID), fields: stored.fields, rowsKeyIndex: stored.rowsKeyIndex, rows: rows))
        }
        if let orphan = sectionRecords.keys.min() {
            throw corrupt("section \(orphan) is stored but not in the section order")
        }
        if let orphan = used.firstIndex(of: false) {
            throw corrupt("row \(rowIDs[orphan]) is stored but in no section's row order")
        }
        return Dataset(
            id: record.id, title: record.title, kind: kind, style: style, shape: shape,
            sections: sections, version: record.version, nextID: record.nextID)
    }

    private func loadSections(
        key: Int64, corrupt: (String) -> StoreError
    ) throws -> [Int64: SectionRecord] {
        let sql = "SELECT id, fields, rows_key_index, row_order FROM sections WHERE dataset = ?"
        return try database.withStatement(sql) { statement in
            try statement.bind(key, at: 1)
            var sections: [Int64: SectionRecord] = [:]
            while try statement.step() {
                let id = statement.int64(at: 0)
                let fields: Fields
                do {
                    fields = try statement.withBlob(at: 1) { bytes throws(PackedFields.DecodingError) in
                        try PackedFields.decode(bytes)
                    }
                } catch {
                    throw corrupt("section \(id): \(error)")
                }
                guard let order = statement.withBlob(at: 3, StoredIDList.decode) else {
                    throw corrupt("section \(id): the row order is not a list of ids")
                }
                sections[id] = SectionRecord(
                    fields: fields, rowsKeyIndex: Int(statement.int64(at: 2)), rowOrder: order)
            }
            return sections
        }
    }

    /// The rows of dataset `key`, sorted by id: its pages in page order (the rowid order, so SQLite
    /// does no sort), each in id order.
    private func loadRows(
        key: Int64, expectedCount: Int, corrupt: (String) -> StoreError
    ) throws -> ([Int64], [Fields]) {
        try database.withStatement("SELECT page, rows FROM \(Self.rowsTable(key)) ORDER BY page") { statement in
            var ids: [Int64] = []
            var fields: [Fields] = []
            // The rows share a few large blocks instead of an allocation each.
            var arena = PackedFields.Arena()
            ids.reserveCapacity(expectedCount)
            fields.reserveCapacity(expectedCount)
            while try statement.step() {
                let page = statement.int64(at: 0)
                try statement.withBlob(at: 1) { bytes in
                    do {
                        try RowPage.forEachRow(in: bytes, page: page) { id, encoding in
                            do {
                                fields.append(try arena.decode(encoding))
                            } catch {
                                throw corrupt("row \(id): \(error)")
                            }
                            ids.append(id)
                        }
                    } catch let damage as RowPage.Damage {
                        throw corrupt("row page \(page): \(damage.message)")
                    }
                }
            }
            return (ids, fields)
        }
    }

    /// Binary search of `id` in the sorted `ids`.
    private static func index(of id: Int64, in ids: [Int64]) -> Int? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        return low < ids.count && ids[low] == id ? low : nil
    }
}
