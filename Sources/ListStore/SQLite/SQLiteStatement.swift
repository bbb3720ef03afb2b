// ListStore — A value bound to a statement parameter
import CSQLite

/// A prepared SQLite statement: bind parameters (1-based), step, read columns (0-based).
///
/// Not `Sendable`: it belongs to its ``SQLiteDatabase`` and is used by one thread at a time.
/// Blobs and text are bound with `SQLITE_TRANSIENT` (SQLite copies them), so the caller's
/// buffers need not outlive the call.
final class SQLiteStatement: SQLRow {
    /// SQLite's `SQLITE_TRANSIENT` destructor: "copy the bytes now".
    private static var transient: sqlite3_destructor_type {
        unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)
    }

    private(set) var handle: OpaquePointer?
    private let connection: OpaquePointer
    /// Whether a step has returned a row and the statement has not been reset or run to its end since:
    /// its next step continues the same run (``StoreStatistics`` counts runs, not rows).
    private var isRunning = false
    let sql: String

    /// Compiles `sql` on `connection`.
    /// - Throws: ``SQLiteError`` naming `sqlite3_prepare_v2` and the SQL.
    init(connection: OpaquePointer, sql: String) throws {
        self.connection = connection
        self.sql = sql
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(connection, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw SQLiteError(call: "sqlite3_prepare_v2", code: code, handle: connection, sql: sql)
        }
        handle = statement
    }

    deinit { sqlite3_finalize(handle) }

    /// Releases the compiled statement; later use traps.
    func finalize() {
        sqlite3_finalize(handle)
        handle = nil
    }

    private var live: OpaquePointer {
        guard let handle else { preconditionFailure("SQLiteStatement used after finalize: \(sql)") }
        return handle
    }

    private func check(_ code: Int32, _ call: String) throws {
        guard code == SQLITE_OK else {
            throw SQLiteError(call: call, code: code, handle: connection, sql: sql)
        }
    }

    // MARK: Binding

    func bind(_ value: Int64, at index: Int32) throws {
        try check(sqlite3_bind_int64(live, index, value), "sqlite3_bind_int64")
    }

    func bind(_ value: Double, at index: Int32) throws {
        try check(sqlite3_bind_double(live, index, value), "sqlite3_bind_double")
    }

    func bind(_ value: String, at index: Int32) throws {
        guard !value.isEmpty else {
            // A null pointer would bind NULL; an empty C string binds the empty text.
            try check(sqlite3_bind_text(live, index, "", 0, Self.transient), "sqlite3_bind_text")
            return
        }
        var text = value
        let code = text.withUTF8 { utf8 in
            utf8.withMemoryRebound(to: CChar.self) { chars in
                sqlite3_bind_text(live, index, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
        try check(code, "sqlite3_bind_text")
    }

    func bind(_ value: String?, at index: Int32) throws {
        if let value { try bind(value, at: index) } else { try bindNull(at: index) }
    }

    func bind(blob: UnsafeRawBufferPointer, at index: Int32) throws {
        let code: Int32
        if let base = blob.baseAddress {
            code = sqlite3_bind_blob(live, index, base, Int32(blob.count), Self.transient)
        } else {
            code = sqlite3_bind_zeroblob(live, index, 0)
        }
        try check(code, "sqlite3_bind_blob")
    }

    /// Binds `blob` without copying it (`SQLITE_STATIC`), for bulk inserts. SQLite reads the
    /// bytes when the statement is stepped, so they must stay valid and unchanged until then;
    /// rebind or reset the statement before they go.
    func bindUnretained(blob: UnsafeRawBufferPointer, at index: Int32) throws {
        guard let base = blob.baseAddress else {
            try check(sqlite3_bind_zeroblob(live, index, 0), "sqlite3_bind_zeroblob")
            return
        }
        try check(sqlite3_bind_blob(live, index, base, Int32(blob.count), nil), "sqlite3_bind_blob")
    }

    func bind(blob: [UInt8], at index: Int32) throws {
        try blob.withUnsafeBytes { try bind(blob: $0, at: index) }
    }

    func bindNull(at index: Int32) throws {
        try check(sqlite3_bind_null(live, index), "sqlite3_bind_null")
    }

    /// Binds `value`, which is not a batch column (see ``SQLiteDatabase/run(_:_:eachRow:)``).
    func bind(_ value: SQLValue, at index: Int32) throws {
        switch value {
        case .int(let number): try bind(number, at: index)
        case .double(let number): try bind(number, at: index)
        case .text(let text): try bind(text, at: index)
        case .blob(let bytes): try bind(blob: bytes, at: index)
        case .null: try bindNull(at: index)
        case .ints, .blobs: preconditionFailure("SQLite binds one element of a batch column at a time")
        }
    }

    /// Binds `values` to parameters 1, 2, 3, …
    func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() { try bind(value, at: Int32(offset + 1)) }
    }

    // MARK: Running

    /// Runs the statement to its next row.
    /// - Returns: true when a row is ready to read, false when the statement is done.
    /// - Throws: ``SQLiteError`` naming `sqlite3_step`, e.g. for a constraint failure.
    @discardableResult
    func step() throws -> Bool {
        if !isRunning { StoreStatistics.countRoundTrip() }
        let code = sqlite3_step(live)
        switch code {
        case SQLITE_ROW:
            isRunning = true
            return true
        case SQLITE_DONE:
            isRunning = false
            return false
        default:
            isRunning = false
            StoreStatistics.countError()
            throw SQLiteError(call: "sqlite3_step", code: code, handle: connection, sql: sql)
        }
    }

    /// Makes the statement ready to run again; bindings are kept.
    func reset() {
        isRunning = false
        sqlite3_reset(live)
    }

    /// Sets every parameter back to NULL.
    func clearBindings() { sqlite3_clear_bindings(live) }

    // MARK: Columns

    func isNull(at column: Int) -> Bool { sqlite3_column_type(live, Int32(column)) == SQLITE_NULL }

    func int64(at column: Int) -> Int64 { sqlite3_column_int64(live, Int32(column)) }

    func double(at column: Int) -> Double { sqlite3_column_double(live, Int32(column)) }

    /// The column as text, or nil when it is NULL.
    func text(at column: Int) -> String? {
        guard let pointer = sqlite3_column_text(live, Int32(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(live, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }

    /// The column's bytes without copying them; valid only inside `body`. NULL and an empty
    /// blob both give an empty buffer.
    func withBlob<Result, Failure: Error>(
        at column: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let pointer = sqlite3_column_blob(live, Int32(column))
        let count = Int(sqlite3_column_bytes(live, Int32(column)))
        return try body(UnsafeRawBufferPointer(start: count > 0 ? pointer : nil, count: count))
    }
}
