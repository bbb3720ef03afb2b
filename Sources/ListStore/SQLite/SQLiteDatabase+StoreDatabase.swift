// ListStore — an SQLite connection as the store core's database

extension SQLiteDatabase: StoreDatabase {
    /// The store's schema history in SQLite: migration 4 turned the rows tables into pages.
    static let migrations: [StoreMigration<SQLiteDatabase>] = StoreSchema.migrations(
        .sqlite, layoutSteps: [("rows tables hold pages of 64 rows", { try $0.pageRowsTables() })])

    var dialect: SQLDialect { .sqlite }

    /// Runs the cached statement for `sql` once, or once per element of its batch columns.
    /// - Returns: The rows it changed, over all runs.
    /// - Throws: ``SQLiteError`` naming the failed call and the SQL; what `eachRow` throws.
    /// - Complexity: One step per returned row and one run per batch element.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue], eachRow: (SQLiteStatement) throws -> Void) throws -> Int {
        try withStatement(sql) { statement in
            guard let count = values.lazy.compactMap(\.batchCount).first else {
                try statement.bind(values)
                while try statement.step() { try eachRow(statement) }
                return changes
            }
            precondition(
                values.allSatisfy { $0.batchCount == nil || $0.batchCount == count },
                "the batch columns of a statement have one length")
            var changed = 0
            for index in 0..<count {
                for (offset, value) in values.enumerated() {
                    try statement.bind(value.element(index), at: Int32(offset + 1))
                }
                while try statement.step() { try eachRow(statement) }
                changed += changes
                statement.reset()
            }
            return changed
        }
    }

    /// A write transaction (`BEGIN IMMEDIATE`, see ``transaction(_:)``); reads run as they are, the
    /// connection being the store's only one and used under its lock.
    func transaction<Result>(_ access: StoreAccess, _ body: () throws -> Result) throws -> Result {
        switch access {
        case .write: try transaction(body)
        case .snapshot: try body()
        }
    }

    /// Nothing: the write transaction holds the whole file.
    func lockSchema() {}

    func schemaVersion() throws -> Int { try userVersion }

    func setSchemaVersion(_ version: Int) throws { try setUserVersion(version) }

    /// Nothing: one process uses an SQLite store.
    func announce(id: String, key: Int64, version: Int64?) {}
}
