// ListStoreTests — runs `body` with a store opened in a new empty directory
import Models
import TestSupport

@testable import ListStore

extension StoreFixtures {
    /// Runs `body` with a store opened in a new empty directory, closed afterwards.
    ///
    /// - Parameters:
    ///   - datasets: Inserted (not replacing) before `body` runs; none when empty.
    ///   - eventRetention: How many events each dataset's log keeps.
    ///   - body: Gets the open store and its directory.
    /// - Throws: What opening the store, the insert or `body` throws.
    static func withStore(
        holding datasets: [Dataset] = [], eventRetention: Int = 1_000,
        _ body: (SQLiteStore, String) throws -> Void
    ) throws {
        try withDirectory { directory in
            let store = try SQLiteStore(directory: directory, eventRetention: eventRetention)
            defer { store.close() }
            if !datasets.isEmpty { try store.insert(datasets, replacing: false) }
            try body(store, directory)
        }
    }

    /// Opens another store on `directory`, loads everything it holds and closes it again.
    ///
    /// - Parameter directory: A data directory, possibly in use by a store still open.
    /// - Returns: The datasets in their stored order.
    /// - Throws: ``StoreError`` or ``SQLiteError`` from opening or loading.
    static func loadAll(from directory: String) throws -> [Dataset] {
        let store = try SQLiteStore(directory: directory)
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
        of model: inout Dataset, to store: SQLiteStore, eventPayload: [UInt8], _ edit: (inout Dataset) throws -> Void
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
