// ListStore — one connection to an SQLite file, set up for durability
import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// One connection to an SQLite file, set up for durability.
///
/// Opening sets `journal_mode=WAL`, `synchronous=FULL` (the WAL is synced on every commit,
/// so a committed transaction survives a killed process and a power loss), a busy timeout
/// and `foreign_keys=ON`. Traced on Linux: a commit is one `fdatasync` of the WAL, and SQLite
/// syncs the directory when it creates the journal and WAL files of a new database.
///
/// Not `Sendable`: the connection is opened with `SQLITE_OPEN_NOMUTEX`, so it must be used
/// by one thread at a time. ``DatasetStore`` keeps it behind a mutex.
final class SQLiteDatabase {
    let path: String
    private(set) var handle: OpaquePointer?
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database file at `path`.
    /// - Parameters:
    ///   - path: The file; its directory must exist.
    ///   - busyTimeout: How long to wait, in milliseconds, for another connection's lock.
    /// - Throws: ``SQLiteError`` when the file cannot be opened or set up (not a database,
    ///   no permission, WAL unavailable).
    init(path: String, busyTimeout: Int32 = 5_000) throws {
        self.path = path
        var connection: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &connection, flags, nil)
        guard code == SQLITE_OK, let connection else {
            let error = SQLiteError(call: "sqlite3_open_v2", code: code, handle: connection, sql: nil)
            sqlite3_close_v2(connection)
            throw SQLiteError(call: error.call, code: error.code, message: "\(error.message): \(path)", sql: nil)
        }
        handle = connection
        do {
            sqlite3_extended_result_codes(connection, 1)
            sqlite3_busy_timeout(connection, busyTimeout)
            // Pages of 16 KiB (set before the file has any, so a new database only): a large import
            // writes a quarter of the pages, and makes a quarter of the system calls, of 4 KiB ones.
            try execute("PRAGMA page_size=16384")
            let mode = try scalarText("PRAGMA journal_mode=WAL")
            guard mode?.lowercased() == "wal" else {
                throw SQLiteError(
                    call: "PRAGMA journal_mode", code: SQLITE_ERROR,
                    message: "WAL journal mode unavailable (got \(mode ?? "nothing")): \(path)", sql: nil)
            }
            // journal_size_limit: after a checkpoint, a WAL grown by a big import is cut back
            // to 32 MB instead of keeping its size on disk.
            try execute("PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA journal_size_limit=33554432")
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Finalizes every cached statement and closes the connection. Safe to call twice.
    func close() {
        for statement in cache.values { statement.finalize() }
        cache.removeAll()
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    var isOpen: Bool { handle != nil }

    private var live: OpaquePointer {
        guard let handle else { preconditionFailure("SQLiteDatabase used after close: \(path)") }
        return handle
    }

    /// Runs one or more `;`-separated statements that take no parameters.
    /// - Throws: ``SQLiteError`` naming `sqlite3_exec` and the SQL.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        StoreStatistics.countRoundTrip()
        let code = sqlite3_exec(live, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            StoreStatistics.countError()
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw SQLiteError(call: "sqlite3_exec", code: sqlite3_extended_errcode(live), message: text, sql: sql)
        }
    }

    /// Compiles `sql` into a new statement owned by the caller.
    func prepare(_ sql: String) throws -> SQLiteStatement {
        try SQLiteStatement(connection: live, sql: sql)
    }

    /// Runs `body` with the cached statement for `sql` (compiled on first use), then resets it
    /// and clears its bindings so it holds no read lock and no stale parameter.
    func withStatement<Result>(_ sql: String, _ body: (SQLiteStatement) throws -> Result) throws -> Result {
        let statement: SQLiteStatement
        if let cached = cache[sql] {
            statement = cached
        } else {
            statement = try prepare(sql)
            cache[sql] = statement
        }
        defer {
            statement.reset()
            statement.clearBindings()
        }
        return try body(statement)
    }

    /// Finalizes the cached statements whose SQL matches `predicate`, e.g. those on a dropped table.
    func evictCachedStatements(where predicate: (String) -> Bool) {
        for (sql, statement) in cache where predicate(sql) {
            statement.finalize()
            cache[sql] = nil
        }
    }

    /// Reads the first column of the first row as an integer, or nil when there is no row or it is NULL.
    func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try withStatement(sql) { statement in
            try statement.bind(values)
            guard try statement.step(), !statement.isNull(at: 0) else { return nil }
            return statement.int64(at: 0)
        }
    }

    /// Reads the first column of the first row as text, or nil when there is no row or it is NULL.
    func scalarText(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        try withStatement(sql) { statement in
            try statement.bind(values)
            guard try statement.step() else { return nil }
            return statement.text(at: 0)
        }
    }

    /// SQLite's default `wal_autocheckpoint`: a commit that leaves the WAL at this many pages or
    /// more copies it into the database file.
    static let defaultAutoCheckpointPages = 1_000

    /// Sets `PRAGMA wal_autocheckpoint`; 0 turns automatic checkpoints off.
    func setAutoCheckpoint(pages: Int) throws {
        try execute("PRAGMA wal_autocheckpoint=\(pages)")
    }

    /// SQLite's default page cache size (`PRAGMA cache_size=-2000`).
    static let defaultCacheKiB = 2_000

    /// Sets the connection's page cache size; shrinking it frees the pages beyond the new size.
    func setCacheSize(kibibytes: Int) throws {
        try execute("PRAGMA cache_size=-\(kibibytes)")
    }

    /// Hands the process's free heap memory back to the system (`malloc_trim`), after a large
    /// transaction has released its page cache.
    /// (`malloc_trim` is looked up at run time: the Glibc module does not export `<malloc.h>`.)
    static func releaseFreeMemory() {
        #if canImport(Glibc)
        typealias Trim = @convention(c) (Int) -> Int32
        guard let symbol = dlsym(nil, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }

    /// Copies the committed pages of the WAL into the database file, without waiting for other
    /// connections (`PRAGMA wal_checkpoint(PASSIVE)`); pages of a transaction committed meanwhile
    /// are left for the next checkpoint.
    /// - Throws: ``SQLiteError`` when the checkpoint fails.
    func checkpoint() throws {
        try execute("PRAGMA wal_checkpoint(PASSIVE)")
    }

    /// The number of rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(live)) }

    /// Whether a transaction is open on this connection.
    var isInTransaction: Bool { sqlite3_get_autocommit(live) == 0 }

    /// `PRAGMA user_version`: the schema version number kept in the file header.
    var userVersion: Int {
        get throws { Int(try scalarInt("PRAGMA user_version") ?? 0) }
    }

    func setUserVersion(_ version: Int) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Runs `body` in one write transaction: `BEGIN IMMEDIATE` (takes the write lock at once,
    /// waiting up to the busy timeout), `COMMIT` when `body` returns, `ROLLBACK` when it throws.
    /// - Returns: What `body` returns, once the commit is durable.
    /// - Throws: What `body` throws, or ``SQLiteError`` from BEGIN or COMMIT; the database is
    ///   then as it was before.
    func transaction<Result>(_ body: () throws -> Result) throws -> Result {
        precondition(!isInTransaction, "SQLiteDatabase.transaction does not nest")
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // After some errors (SQLITE_FULL, SQLITE_IOERR) SQLite has already rolled back.
            if isInTransaction { sqlite3_exec(live, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }
}
