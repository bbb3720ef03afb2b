// ListStore — a failed libpq call
import CLibPQ
import Foundation

/// A failed libpq call or SQL statement: which call, PostgreSQL's SQLSTATE and message, and the SQL.
public struct PostgresError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The libpq function or step that failed, e.g. `PQexecParams` or `PQconnectdb`.
    public var call: String
    /// The five-character SQLSTATE (`23505` for a unique violation), empty when the server sent none
    /// (the connection failed).
    public var sqlState: String
    /// PostgreSQL's or libpq's message, one line.
    public var message: String
    /// The statement being run, when there was one.
    public var sql: String?

    public init(call: String, sqlState: String = "", message: String, sql: String? = nil) {
        self.call = call
        self.sqlState = sqlState
        self.message = message
        self.sql = sql
    }

    /// The error of the failed `result` of `call` on `connection`.
    init(call: String, result: OpaquePointer?, connection: OpaquePointer?, sql: String?) {
        var state = ""
        var text = ""
        if let result {
            if let field = PQresultErrorField(result, Int32(UInt8(ascii: "C"))) { state = String(cString: field) }
            if let message = PQresultErrorMessage(result) { text = String(cString: message) }
        }
        if text.isEmpty, let connection, let message = PQerrorMessage(connection) { text = String(cString: message) }
        self.init(call: call, sqlState: state, message: Self.oneLine(text), sql: sql)
    }

    public var description: String {
        let state = sqlState.isEmpty ? "" : " (\(sqlState))"
        let statement = sql.map { " while running `\($0)`" } ?? ""
        return "\(call) failed\(state): \(message)\(statement)"
    }

    /// libpq's messages end with a newline and may carry `DETAIL:` lines; they are joined into one.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " ")
    }
}
