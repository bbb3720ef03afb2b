// ListStore — the rows tables of an SQLite store, in pages of 64 rows
import CSQLite
import Models

extension SQLiteDatabase {
    /// The columns of a rows table, after the table's name: `page INTEGER PRIMARY KEY`
    /// (``RowPage/number(of:)``, the rowid, so a load scans in page order), `count` (its rows) and
    /// `rows BLOB` (the ``RowPage``).
    static let rowsTableColumns = "(page INTEGER PRIMARY KEY, count INTEGER NOT NULL, rows BLOB NOT NULL)"

    func createRowsTable(_ table: String) throws {
        try execute("DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) \(Self.rowsTableColumns)")
    }

    /// Drops `table` and the cached statements on it.
    func dropRowsTable(_ table: String) throws {
        evictCachedStatements { $0.contains(table + " ") }
        try execute("DROP TABLE IF EXISTS \(table)")
    }

    /// Runs `body` with a writer of whole pages into `table`: page number, row count, page blob
    /// (bound without a copy, read before the writer returns).
    /// - Parameter replacing: Whether a page already stored is overwritten (`INSERT OR REPLACE`).
    func withPageWriter(
        into table: String, replacing: Bool = false,
        _ body: (_ write: (Int64, Int, UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let verb = replacing ? "INSERT OR REPLACE" : "INSERT"
        try withStatement("\(verb) INTO \(table) (page, count, rows) VALUES (?, ?, ?)") { statement in
            try body { number, count, bytes in
                try statement.bind(number, at: 1)
                try statement.bind(Int64(count), at: 2)
                try statement.bindUnretained(blob: bytes, at: 3)
                try statement.step()
                statement.reset()
            }
        }
    }

    /// Inserts the rows of `dataset` into its empty rows table, one ``RowPage`` per statement. The
    /// rows of an import are in id order already; others are sorted by id first.
    /// - Throws: ``SQLiteError`` (a constraint error when two rows have one id).
    /// - Complexity: O(rows), O(rows log rows) when they are not in id order.
    func insertRows(of dataset: Dataset, into table: String) throws {
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
        try withPageWriter(into: table) { write in
            func flush() throws {
                guard !pending.isEmpty else { return }
                buffer.removeAll(keepingCapacity: true)
                RowPage.append(count: pending.count, page: page, to: &buffer) { each in
                    for row in pending { each(row.id.rawValue, .fields(row.fields)) }
                }
                try buffer.withUnsafeBytes { try write(page, pending.count, $0) }
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

    /// The rows of `table`, sorted by id: its pages in page order (the rowid order, so SQLite
    /// does no sort), each in id order.
    /// - Throws: `corrupt` when a page or a row cannot be read, or ``SQLiteError``.
    /// - Complexity: O(rows).
    func loadRows(
        from table: String, expectedCount: Int, corrupt: (String) -> StoreError
    ) throws -> (ids: [Int64], fields: [Fields]) {
        var ids: [Int64] = []
        var fields: [Fields] = []
        // The rows share a few large blocks instead of an allocation each.
        var arena = PackedFields.Arena()
        ids.reserveCapacity(expectedCount)
        fields.reserveCapacity(expectedCount)
        try run("SELECT page, rows FROM \(table) ORDER BY page", []) { statement in
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

    /// Removes the rows `removed` and writes `upserted` (removals first), rewriting each page they
    /// touch once, in page order; a page left without rows is deleted.
    /// - Throws: `corrupt` when a page read back is damaged, or ``SQLiteError``.
    /// - Complexity: O(changed rows + bytes of the pages they are on).
    func writeRows(
        in table: String, removing removed: [Int64], upserting upserted: [Row], corrupt: (String) -> StoreError
    ) throws {
        var edits: [Int64: (removed: [Int64], upserted: [Row])] = [:]
        for id in removed { edits[RowPage.number(of: id), default: ([], [])].removed.append(id) }
        for row in upserted { edits[RowPage.number(of: row.id.rawValue), default: ([], [])].upserted.append(row) }
        try withPageWriter(into: table, replacing: true) { write in
            for (number, edit) in edits.sorted(by: { $0.key < $1.key }) {
                var page = try firstRow("SELECT rows FROM \(table) WHERE page = ?1", [.int(number)]) { read in
                    do {
                        return try read.withBlob(at: 0) { try RowPage($0, page: number) }
                    } catch let damage as RowPage.Damage {
                        throw corrupt("row page \(number): \(damage.message)")
                    }
                } ?? RowPage()
                for id in edit.removed { page.remove(id) }
                for row in edit.upserted { page.set(row.id.rawValue, PackedFields.encode(row.fields)) }
                if page.rows.isEmpty {
                    try run("DELETE FROM \(table) WHERE page = ?1", [.int(number)])
                } else {
                    try page.encoded(page: number).withUnsafeBytes { try write(number, page.rows.count, $0) }
                }
            }
        }
    }
}
