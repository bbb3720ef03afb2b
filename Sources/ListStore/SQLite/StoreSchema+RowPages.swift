// ListStore — migration 4: every rows table holds pages of rows instead of one row per entry
import Models

extension StoreSchema {
    /// Migration 4: every rows table of the one-row-per-entry layout (`id INTEGER PRIMARY KEY,
    /// fields BLOB`) is rewritten as ``RowPage``s (``StoreConnection/rowsTableColumns``). The rows'
    /// encodings are moved as they are, unchecked: a damaged row is reported by the next load, as
    /// it was before. Tables already in pages are left alone.
    static func pageRowsTables(_ database: SQLiteDatabase) throws {
        let tables = try database.withStatement(
            "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'rows_[0-9]*' ORDER BY name"
        ) { statement in
            var names: [String] = []
            while try statement.step() { names.append(statement.text(at: 0) ?? "") }
            return names
        }
        for table in tables {
            let columns = try database.withStatement("SELECT name FROM pragma_table_info(?) ORDER BY cid") {
                statement in
                try statement.bind(table, at: 1)
                var names: [String] = []
                while try statement.step() { names.append(statement.text(at: 0) ?? "") }
                return names
            }
            guard columns == ["id", "fields"] else { continue }
            let old = table + "_unpaged"
            try database.execute(
                "ALTER TABLE \(table) RENAME TO \(old); CREATE TABLE \(table) \(StoreConnection.rowsTableColumns)")
            try copyRowsIntoPages(from: old, to: table, database)
            database.evictCachedStatements { $0.contains(old) }
            try database.execute("DROP TABLE \(old)")
        }
    }

    /// Writes the rows of `source` (id, fields), read in id order, as pages into `target`.
    private static func copyRowsIntoPages(from source: String, to target: String, _ database: SQLiteDatabase) throws {
        try database.withStatement("INSERT INTO \(target) (page, count, rows) VALUES (?, ?, ?)") { insert in
            var page = RowPage()
            var number: Int64 = 0
            func flush() throws {
                guard !page.rows.isEmpty else { return }
                try insert.bind(number, at: 1)
                try insert.bind(Int64(page.rows.count), at: 2)
                try insert.bind(blob: page.encoded(page: number), at: 3)
                try insert.step()
                insert.reset()
                page = RowPage()
            }
            try database.withStatement("SELECT id, fields FROM \(source) ORDER BY id") { select in
                while try select.step() {
                    let id = select.int64(at: 0)
                    if RowPage.number(of: id) != number {
                        try flush()
                        number = RowPage.number(of: id)
                    }
                    page.rows.append((id, select.blob(at: 1)))
                }
            }
            try flush()
        }
    }
}
