// ListStore — migration 4: every rows table holds pages of rows instead of one row per entry
import Models

extension SQLiteDatabase {
    /// Migration 4: every rows table of the one-row-per-entry layout (`id INTEGER PRIMARY KEY,
    /// fields BLOB`) is rewritten as ``RowPage``s (``rowsTableColumns``). The rows' encodings are
    /// moved as they are, unchecked: a damaged row is reported by the next load, as it was before.
    /// Tables already in pages are left alone.
    /// - Complexity: O(rows of the tables it rewrites).
    func pageRowsTables() throws {
        let tables = try rows(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'rows_[0-9]*' ORDER BY name"
        ) { $0.text(at: 0) ?? "" }
        for table in tables {
            let columns = try rows("SELECT name FROM pragma_table_info(?1) ORDER BY cid", [.text(table)]) {
                $0.text(at: 0) ?? ""
            }
            guard columns == ["id", "fields"] else { continue }
            let old = table + "_unpaged"
            try execute("ALTER TABLE \(table) RENAME TO \(old); CREATE TABLE \(table) \(Self.rowsTableColumns)")
            try copyRowsIntoPages(from: old, to: table)
            evictCachedStatements { $0.contains(old) }
            try execute("DROP TABLE \(old)")
        }
    }

    /// Writes the rows of `source` (id, fields), read in id order, as pages into `target`.
    private func copyRowsIntoPages(from source: String, to target: String) throws {
        try withPageWriter(into: target) { write in
            var page = RowPage()
            var number: Int64 = 0
            func flush() throws {
                guard !page.rows.isEmpty else { return }
                try page.encoded(page: number).withUnsafeBytes { try write(number, page.rows.count, $0) }
                page = RowPage()
            }
            try run("SELECT id, fields FROM \(source) ORDER BY id", []) { select in
                let id = select.int64(at: 0)
                if RowPage.number(of: id) != number {
                    try flush()
                    number = RowPage.number(of: id)
                }
                page.rows.append((id, select.blob(at: 1)))
            }
            try flush()
        }
    }
}
