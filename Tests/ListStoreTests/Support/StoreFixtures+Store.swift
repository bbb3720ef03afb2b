// ListStoreTests — runs `body` with a store opened on a new empty location
import Models
import TestSupport

@testable import ListStore

extension StoreFixtures {
    /// Runs `body` with a store of `backend` opened on a new empty location, closed afterwards.
    ///
    /// - Parameters:
    ///   - backend: SQLite or PostgreSQL.
    ///   - datasets: Inserted (not replacing) before `body` runs; none when empty.
    ///   - eventRetention: How many events each dataset's log keeps.
    ///   - body: Gets the open store and its location.
    /// - Throws: What opening the store, the insert or `body` throws.
    static func withStore(
        _ backend: StoreBackend, holding datasets: [Dataset] = [], eventRetention: Int = 1_000,
        _ body: (any DatasetStore, StoreLocation) throws -> Void
    ) throws {
        try withLocation(backend) { location in
            let store = try location.open(eventRetention: eventRetention)
            defer { store.close() }
            if !datasets.isEmpty { try store.insert(datasets, replacing: false) }
            try body(store, location)
        }
    }

    /// Opens another store on `location`, loads everything it holds and closes it again.
    ///
    /// - Parameter location: A store's data, possibly in use by a store still open.
    /// - Returns: The datasets in their stored order.
    /// - Throws: ``StoreError``, ``SQLiteError`` or ``PostgresError`` from opening or loading.
    static func loadAll(from location: StoreLocation) throws -> [Dataset] {
        let store = try location.open()
        defer { store.close() }
        return try store.loadAll()
    }

    /// Edits `model`, raises its version by one and commits the change to `store`.
    ///
    /// - Parameters:
    ///   - model: The dataset as stored; the edited dataset afterwards.
    ///   - store: A store holding `model`.
    ///   - eventPayload: The event logged with the commit.
    ///   - edit: Changes rows and sections of the dataset, not its version.
    /// - Throws: What `edit` or the commit throws.
    static func commitEdit(
        of model: inout Dataset, to store: any DatasetStore, eventPayload: [UInt8],
        _ edit: (inout Dataset) throws -> Void
    ) throws {
        let old = model
        try edit(&model)
        model.version += 1
        try store.commit(StoredChange(from: old, to: model, eventPayload: eventPayload))
    }

    /// The first column of every row `sql` selects, as text (`""` for NULL).
    ///
    /// - Parameters:
    ///   - database: An open database.
    ///   - sql: A query whose first column is read.
    /// - Returns: One string per row, in the query's order.
    /// - Throws: ``SQLiteError`` when the query fails.
    static func texts(_ database: SQLiteDatabase, _ sql: String) throws -> [String] {
        try database.withStatement(sql) { statement in
            var texts: [String] = []
            while try statement.step() { texts.append(statement.text(at: 0) ?? "") }
            return texts
        }
    }
}

/// Row counts read straight from a store's data.
extension StoreFixtures {
    struct Counts: Hashable {
        var datasets: Int64
        var sections: Int64
        var rows: Int64
        var events: Int64
        /// The names of the per-dataset rows tables.
        var rowTables: [String]
        var versions: [String]
    }

    /// Counts straight from the data through a separate connection.
    static func counts(_ location: StoreLocation) throws -> Counts {
        let tablesSQL =
            switch location.backend {
            case .sqlite: "SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB 'rows_*'"
            case .postgres:
                "SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename LIKE 'rows\\_%'"
            }
        let rowTables = try location.texts(tablesSQL)
        var rows: Int64 = 0
        // SQLite keeps rows in pages that count them (RowPage), PostgreSQL one a table row.
        let countSQL = location.backend == .sqlite ? "SELECT coalesce(sum(count), 0) FROM" : "SELECT count(*) FROM"
        for table in rowTables { rows += try location.scalar("\(countSQL) \(table)") ?? 0 }
        return Counts(
            datasets: try location.scalar("SELECT count(*) FROM datasets") ?? -1,
            sections: try location.scalar("SELECT count(*) FROM sections") ?? -1,
            rows: rows,
            events: try location.scalar("SELECT count(*) FROM events") ?? -1,
            rowTables: rowTables.sorted(),
            versions: try location.texts("SELECT id || '@' || version FROM datasets ORDER BY key"))
    }
}
