// ListStore — what the store core needs from a database connection
import Models

/// What ``StoreCore`` needs from a database connection: statements with parameters, transactions,
/// the schema version, and the layout of the rows tables, which differs (``RowPage``s in SQLite,
/// one table row per row in PostgreSQL) so that files and databases written before keep opening.
///
/// SQL text comes from ``dialect``; everything else the store does is written once, in the core.
/// Not `Sendable`: a connection is used by one thread at a time (its type is, so that migrations,
/// which are `@Sendable` closures, can call it).
protocol StoreDatabase: AnyObject, SendableMetatype {
    associatedtype ResultRow: SQLRow

    var dialect: SQLDialect { get }

    /// Runs SQL that takes no parameters; several `;`-separated statements are allowed.
    func execute(_ sql: String) throws

    /// Runs one statement with `values` bound to its parameters, calling `eachRow` with each row
    /// it returns. A statement with batch columns (``SQLValue/ints(_:)``, ``SQLValue/blobs(_:)``,
    /// all of one length) runs for every element (``SQLDialect/bindsArrays``).
    /// - Returns: The number of rows an INSERT, UPDATE or DELETE changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue], eachRow: (ResultRow) throws -> Void) throws -> Int

    /// Runs `body` in one transaction, committed when it returns and rolled back when it throws.
    func transaction<Result>(_ access: StoreAccess, _ body: () throws -> Result) throws -> Result

    /// Inside a write transaction, keeps other processes from migrating meanwhile, and makes sure
    /// ``schemaVersion()`` can be read.
    func lockSchema() throws
    /// The number of the last migration applied; 0 for a new database.
    func schemaVersion() throws -> Int
    func setSchemaVersion(_ version: Int) throws

    /// Creates the empty rows table `table`, dropping any previous one.
    func createRowsTable(_ table: String) throws
    /// Drops the rows table `table`, if there is one.
    func dropRowsTable(_ table: String) throws
    /// Inserts every row of `dataset` into its new, empty rows table `table`.
    /// - Throws: A constraint error of the database when two rows have one id.
    func insertRows(of dataset: Dataset, into table: String) throws
    /// The rows of `table` sorted by id.
    /// - Throws: `corrupt(detail)` when a stored row cannot be read.
    func loadRows(
        from table: String, expectedCount: Int, corrupt: (String) -> StoreError
    ) throws -> (ids: [Int64], fields: [Fields])
    /// Removes the rows `removed`, then writes `upserted` over the rows of `table` with their ids.
    func writeRows(in table: String, removing removed: [Int64], upserting upserted: [Row],
        corrupt: (String) -> StoreError) throws

    /// Tells other processes, once the transaction commits, that dataset `id` is now at `version`
    /// (nil: deleted); nothing in a database only one process uses.
    func announce(id: String, key: Int64, version: Int64?) throws

    /// Closes the connection. Safe to call twice.
    func close()
}

extension StoreDatabase {
    /// Runs one statement, ignoring the rows it returns.
    /// - Returns: The number of rows an INSERT, UPDATE or DELETE changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        try run(sql, values) { _ in }
    }

    /// The rows `sql` returns, each made into a value by `make`.
    func rows<Value>(_ sql: String, _ values: [SQLValue] = [], _ make: (ResultRow) throws -> Value) throws -> [Value] {
        var result: [Value] = []
        try run(sql, values) { result.append(try make($0)) }
        return result
    }

    /// The first row `sql` returns made into a value by `make`, or nil when it returns none.
    func firstRow<Value>(_ sql: String, _ values: [SQLValue] = [], _ make: (ResultRow) throws -> Value) throws -> Value? {
        var result: Value?
        try run(sql, values) { row in if result == nil { result = try make(row) } }
        return result
    }
}
