// ListStore — reading datasets back from PostgreSQL
import Models

extension PostgresStoreConnection {
    private static let datasetColumns =
        "key, id, title, kind, style, root_key, rows_key, version, next_id, section_order, document"

    /// Every stored dataset, in the order they were first stored, read in one snapshot.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` or ``PostgresError``.
    /// - Complexity: O(rows), the rows streamed with `COPY … TO STDOUT (FORMAT binary)`.
    func loadAll() throws -> [Dataset] {
        try connection.transaction(isolation: "REPEATABLE READ READ ONLY") {
            let result = try connection.query("SELECT \(Self.datasetColumns) FROM datasets ORDER BY key")
            return try (0..<result.rowCount).map { try dataset(from: result, row: $0) }
        }
    }

    /// The stored dataset `id`, or nil when there is none, read in one snapshot.
    func load(id: String) throws -> Dataset? {
        try connection.transaction(isolation: "REPEATABLE READ READ ONLY") {
            let result = try connection.query("SELECT \(Self.datasetColumns) FROM datasets WHERE id = $1", [.text(id)])
            return result.rowCount == 1 ? try dataset(from: result, row: 0) : nil
        }
    }

    /// The dataset whose `datasets` columns are `row` of `result`, with its sections and rows.
    private func dataset(from result: PostgresResult, row: Int) throws -> Dataset {
        let key = result.int64(row, 0)
        let id = result.text(row, 1) ?? ""
        func corrupt(_ detail: String) -> StoreError { .corrupt(datasetID: id, detail: detail) }
        let kindName = result.text(row, 3) ?? ""
        let styleName = result.text(row, 4) ?? ""
        guard let kind = DatasetKind(rawValue: kindName) else { throw corrupt("unknown kind '\(kindName)'") }
        guard let style = TableStyle(rawValue: styleName) else { throw corrupt("unknown style '\(styleName)'") }
        guard let sectionOrder = result.withBytes(row, 9, StoredIDList.decode) else {
            throw corrupt("the section order is not a list of ids")
        }
        var shape = SourceShape(rootKey: result.text(row, 5), rowsKey: result.text(row, 6))
        if !result.isNull(row, 10) {
            do {
                shape.document = try PackedFields.decode(result.withBytes(row, 10) { Array($0) })
            } catch {
                throw corrupt("the table document: \(error)")
            }
        }
        let sections = try loadSections(key: key, order: sectionOrder, corrupt: corrupt)
        return Dataset(
            id: id, title: result.text(row, 2) ?? "", kind: kind, style: style, shape: shape,
            sections: sections, version: result.int64(row, 7), nextID: result.int64(row, 8))
    }

    /// The sections of dataset `key` in `order`, their rows attached.
    private func loadSections(key: Int64, order: [Int64], corrupt: (String) -> StoreError) throws -> [Section] {
        let result = try connection.query(
            "SELECT id, fields, rows_key_index, row_order FROM sections WHERE dataset = $1", [.int(key)])
        var stored: [Int64: (fields: Fields, rowsKeyIndex: Int, rowOrder: [Int64])] = [:]
        var expectedRows = 0
        for row in 0..<result.rowCount {
            let id = result.int64(row, 0)
            let fields: Fields
            do {
                fields = try result.withBytes(row, 1) { bytes throws(PackedFields.DecodingError) in
                    try PackedFields.decode(bytes)
                }
            } catch {
                throw corrupt("section \(id): \(error)")
            }
            guard let rowOrder = result.withBytes(row, 3, StoredIDList.decode) else {
                throw corrupt("section \(id): the row order is not a list of ids")
            }
            expectedRows += rowOrder.count
            stored[id] = (fields, Int(result.int64(row, 2)), rowOrder)
        }
        let rows = try loadRows(key: key, expectedCount: expectedRows, corrupt: corrupt)
        var assembler = RowAssembler(ids: rows.ids, fields: rows.fields)
        var sections: [Section] = []
        sections.reserveCapacity(order.count)
        for sectionID in order {
            guard let section = stored.removeValue(forKey: sectionID) else {
                throw corrupt("section \(sectionID) is in the section order but not stored, or listed twice")
            }
            let rows = try assembler.rows(section.rowOrder, of: sectionID, corrupt: corrupt)
            sections.append(
                Section(
                    id: SectionID(sectionID), fields: section.fields, rowsKeyIndex: section.rowsKeyIndex, rows: rows))
        }
        if let orphan = stored.keys.min() { throw corrupt("section \(orphan) is stored but not in the section order") }
        if let orphan = assembler.firstUnused { throw corrupt("row \(orphan) is stored but in no section's row order") }
        return sections
    }

    /// The rows of dataset `key` sorted by id, streamed in PostgreSQL's binary COPY format.
    private func loadRows(
        key: Int64, expectedCount: Int, corrupt: (String) -> StoreError
    ) throws -> (ids: [Int64], fields: [Fields]) {
        var ids: [Int64] = []
        var fields: [Fields] = []
        ids.reserveCapacity(expectedCount)
        fields.reserveCapacity(expectedCount)
        var reader = BinaryCopyReader()
        var arena = PackedFields.Arena()
        let sql = "COPY (SELECT id, fields FROM \(Self.rowsTable(key)) ORDER BY id) TO STDOUT (FORMAT binary)"
        try connection.copyOut(sql) { message in
            try reader.read(message) { columns in
                guard columns.count == 2, columns[0].count == 8 else { throw corrupt("a row is not (id, fields)") }
                let id = Int64(bigEndian: columns[0].loadUnaligned(as: Int64.self))
                do {
                    fields.append(try arena.decode(columns[1]))
                } catch {
                    throw corrupt("row \(id): \(error)")
                }
                ids.append(id)
            }
        }
        return (ids, fields)
    }
}

/// Attaches rows, sorted by id, to the sections that list them, checking that each row is listed
/// exactly once. Rows are mostly listed in id order (imports hand out ids in order), so the slot
/// after the previous row is tried before a binary search.
struct RowAssembler {
    private let ids: [Int64]
    private let fields: [Fields]
    private var used: [Bool]
    private var hint = 0

    init(ids: [Int64], fields: [Fields]) {
        self.ids = ids
        self.fields = fields
        used = [Bool](repeating: false, count: ids.count)
    }

    /// The rows of `order`, in that order.
    /// - Throws: `corrupt` when a row is not stored or listed twice.
    /// - Complexity: O(n) for rows listed in id order, O(n log rows) at worst.
    mutating func rows(_ order: [Int64], of sectionID: Int64, corrupt: (String) -> StoreError) throws -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(order.count)
        for rowID in order {
            let index: Int
            if hint < ids.count && ids[hint] == rowID {
                index = hint
            } else if let found = Self.index(of: rowID, in: ids) {
                index = found
            } else {
                throw corrupt("row \(rowID) of section \(sectionID) is not stored")
            }
            guard !used[index] else { throw corrupt("row \(rowID) is listed twice") }
            used[index] = true
            hint = index + 1
            rows.append(Row(id: RowID(rowID), fields: fields[index]))
        }
        return rows
    }

    /// The id of the first stored row that no section listed.
    var firstUnused: Int64? { used.firstIndex(of: false).map { ids[$0] } }

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
