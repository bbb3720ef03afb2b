// ListStore — reading datasets back
import Models

extension StoreCore {
    /// The stored sections of one dataset before their rows are attached.
    private struct SectionRecord {
        var fields: Fields
        var rowsKeyIndex: Int
        var rowOrder: [Int64]
    }

    /// Every stored dataset, in the order they were first stored, read in one snapshot.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` when stored data does not form a
    ///   consistent dataset, or the connection's error.
    /// - Complexity: O(n) in the number of rows when sections list them mostly in id order,
    ///   O(n log n) at worst (a binary search per row).
    func loadAll() throws -> [Dataset] {
        try database.transaction(.snapshot) {
            let records = try database.rows(
                "SELECT \(DatasetRecord.columns(withForm: keepsForms)) FROM datasets ORDER BY key") { DatasetRecord($0, withForm: keepsForms) }
            return try records.map(dataset(from:))
        }
    }

    /// The stored dataset `id`, or nil when there is none, read in one snapshot.
    func load(id: String) throws -> Dataset? {
        try database.transaction(.snapshot) {
            let sql = "SELECT \(DatasetRecord.columns(withForm: keepsForms)) FROM datasets WHERE id = \(parameter(1))"
            return try database.firstRow(sql, [.text(id)]) { DatasetRecord($0, withForm: keepsForms) }.map(dataset(from:))
        }
    }

    private func dataset(from record: DatasetRecord) throws -> Dataset {
        func corrupt(_ detail: String) -> StoreError { .corrupt(datasetID: record.id, detail: detail) }
        guard let kind = DatasetKind(rawValue: record.kind) else { throw corrupt("unknown kind '\(record.kind)'") }
        guard let style = TableStyle(rawValue: record.style) else { throw corrupt("unknown style '\(record.style)'") }
        guard let sectionOrder = record.sectionOrder else { throw corrupt("the section order is not a list of ids") }

        var shape = record.shape
        guard shape.setForm(named: record.form) else { throw corrupt("unknown form '\(record.form ?? "")'") }
        if let bytes = record.document {
            do {
                shape.document = try PackedFields.decode(bytes)
            } catch {
                throw corrupt("the table document: \(error)")
            }
        }
        var sectionRecords = try loadSections(key: record.key, corrupt: corrupt)
        let expectedRows = sectionRecords.values.reduce(0) { $0 + $1.rowOrder.count }
        let (rowIDs, rowFields) = try database.loadRows(
            from: Self.rowsTable(record.key), expectedCount: expectedRows, corrupt: corrupt)
        var assembler = RowAssembler(ids: rowIDs, fields: rowFields)
        var sections: [Section] = []
        sections.reserveCapacity(sectionOrder.count)
        for sectionID in sectionOrder {
            guard let stored = sectionRecords.removeValue(forKey: sectionID) else {
                throw corrupt("section \(sectionID) is in the section order but not stored, or listed twice")
            }
            let rows = try assembler.rows(stored.rowOrder, of: sectionID, corrupt: corrupt)
            sections.append(
                Section(
                    id: SectionID(sectionID), fields: stored.fields, rowsKeyIndex: stored.rowsKeyIndex, rows: rows))
        }
        if let orphan = sectionRecords.keys.min() {
            throw corrupt("section \(orphan) is stored but not in the section order")
        }
        if let orphan = assembler.firstUnused { throw corrupt("row \(orphan) is stored but in no section's row order") }
        return Dataset(
            id: record.id, title: record.title, kind: kind, style: style, shape: shape,
            sections: sections, version: record.version, nextID: record.nextID)
    }

    private func loadSections(key: Int64, corrupt: (String) -> StoreError) throws -> [Int64: SectionRecord] {
        let sql = "SELECT id, fields, rows_key_index, row_order FROM sections WHERE dataset = \(parameter(1))"
        var sections: [Int64: SectionRecord] = [:]
        try database.run(sql, [.int(key)]) { row in
            let id = row.int64(at: 0)
            let fields: Fields
            do {
                fields = try row.withBlob(at: 1) { bytes throws(PackedFields.DecodingError) in
                    try PackedFields.decode(bytes)
                }
            } catch {
                throw corrupt("section \(id): \(error)")
            }
            guard let order = row.withBlob(at: 3, StoredIDList.decode) else {
                throw corrupt("section \(id): the row order is not a list of ids")
            }
            sections[id] = SectionRecord(fields: fields, rowsKeyIndex: Int(row.int64(at: 2)), rowOrder: order)
        }
        return sections
    }
}

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
    /// ``SourceShape/formName``; nil for dictionaries of dictionary rows.
    var form: String?

    /// The columns of `row`, a row of `SELECT \(columns(withForm:)) FROM datasets`.
    init(_ row: some SQLRow, withForm: Bool) {
        key = row.int64(at: 0)
        id = row.text(at: 1) ?? ""
        title = row.text(at: 2) ?? ""
        kind = row.text(at: 3) ?? ""
        style = row.text(at: 4) ?? ""
        shape = SourceShape(rootKey: row.text(at: 5), rowsKey: row.text(at: 6))
        version = row.int64(at: 7)
        nextID = row.int64(at: 8)
        sectionOrder = row.withBlob(at: 9, StoredIDList.decode)
        document = row.isNull(at: 10) ? nil : row.blob(at: 10)
        form = withForm ? row.text(at: 11) : nil
    }

    /// The columns a record reads, `form` among them when the schema has it.
    static func columns(withForm: Bool) -> String {
        "key, id, title, kind, style, root_key, rows_key, version, next_id, section_order, document"
            + (withForm ? ", form" : "")
    }
}
