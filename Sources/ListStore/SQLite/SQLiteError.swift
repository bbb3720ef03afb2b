// ListStore — A failed SQLite call
import CSQLite

/// A failed SQLite call: which call, SQLite's (extended) result code and message, and the SQL.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The C function that failed, e.g. `sqlite3_prepare_v2`.
    public var call: String
    /// The extended result code, e.g. 2067 (`SQLITE_CONSTRAINT_UNIQUE`).
    public var code: Int32
    /// `sqlite3_errmsg` at the time of the failure.
    public var message: String
    /// The statement being run, when there was one.
    public var sql: String?

    public var description: String {
        let statement = sql.map { " while running `\($0)`" } ?? ""
        return "\(call) failed (\(code)): \(message)\(statement)"
    }

    /// Builds the error for `code` returned by `call` on connection `handle`.
    public init(call: String, code: Int32, handle: OpaquePointer?, sql: String?) {
        self.call = call
        self.sql = sql
        if let handle {
            self.code = sqlite3_extended_errcode(handle)
            self.message = String(cString: sqlite3_errmsg(handle))
        } else {
            self.code = code
            self.message = String(cString: sqlite3_errstr(code))
        }
        if self.code & 0xFF != code & 0xFF {
            // The connection's last error belongs to another call; trust the code we were given.
            self.code = code
            self.message = String(cString: sqlite3_errstr(code))
        }
    }

    public init(call: String, code: Int32, message: String, sql: String?) {
        self.call = call
        self.code = code
        self.message = message
        self.sql = sql
    }
}
