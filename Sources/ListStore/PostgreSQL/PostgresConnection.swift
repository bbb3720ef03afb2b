// ListStore — one libpq connection
import CLibPQ

/// One libpq connection: statements with binary parameters and results, transactions, and
/// `COPY` in and out.
///
/// A statement with parameters is prepared the first time it runs and executed by name after that
/// (PostgreSQL parses and plans it once per connection), up to ``preparedLimit`` statements.
///
/// Not `Sendable`: a libpq connection must be used by one thread at a time; the store keeps it
/// behind a mutex. A connection that the server dropped is reset before the next statement, so a
/// restarted PostgreSQL is reconnected to by itself.
final class PostgresConnection {
    /// What was given to `PQconnectdb`: a `postgresql://` URL or `key=value` words.
    let conninfo: String
    private var handle: OpaquePointer?
    /// The names of the statements prepared on this session, by SQL and parameter types.
    private var prepared: [PreparedKey: String] = [:]

    /// How many statements a connection prepares at most; further ones run unprepared. Statements on
    /// the rows table of one dataset are one set per dataset.
    static let preparedLimit = 512

    private struct PreparedKey: Hashable {
        var sql: String
        var types: [UInt32]
    }

    /// The `NOTIFY` channel that ``announce(id:key:version:)`` sends to, set by the store that owns
    /// the connection (see ``PostgresStore/channel``).
    var channel = "listserver:public"

    /// How many statements this session has prepared.
    var preparedCount: Int { prepared.count }

    /// Connects, with the password from the URL or libpq's environment (`PGPASSWORD`, `~/.pgpass`).
    /// - Throws: ``PostgresError`` naming `PQconnectdb` with libpq's message.
    init(conninfo: String) throws {
        self.conninfo = conninfo
        guard let connection = PQconnectdb(conninfo) else {
            throw PostgresError(call: "PQconnectdb", message: "out of memory")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = PostgresError.oneLine(String(cString: PQerrorMessage(connection)))
            PQfinish(connection)
            throw PostgresError(call: "PQconnectdb", message: message)
        }
        handle = connection
        try execute("SET client_min_messages = warning")
    }

    deinit { close() }

    /// Closes the connection. Safe to call twice.
    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    /// The open connection, reset first when the server dropped it.
    /// - Throws: ``PostgresError`` when it was closed or cannot be re-established.
    var live: OpaquePointer {
        get throws(PostgresError) {
            guard let handle else { throw PostgresError(call: "PQstatus", message: "the connection is closed") }
            if PQstatus(handle) != CONNECTION_OK {
                PQreset(handle)
                prepared.removeAll()  // a new session knows none of them
                guard PQstatus(handle) == CONNECTION_OK else {
                    throw PostgresError(
                        call: "PQreset", message: PostgresError.oneLine(String(cString: PQerrorMessage(handle))))
                }
                _ = PQexec(handle, "SET client_min_messages = warning").map(PQclear)
            }
            return handle
        }
    }

    /// The process id of the server backend serving this connection (what `NOTIFY` names as its sender).
    var backendPID: Int32 { handle.map(PQbackendPID) ?? 0 }

    /// Runs SQL that takes no parameters; several `;`-separated statements are allowed.
    /// - Throws: ``PostgresError`` with the SQLSTATE.
    func execute(_ sql: String) throws {
        try StoreStatistics.counting {
            let connection = try live
            let result = PostgresResult.checked(
                PQexec(connection, sql), call: "PQexec", connection: connection, sql: sql)
            _ = try result.get()
        }
    }

    /// Runs one statement with `values` bound to `$1`, `$2`, … in binary form.
    /// - Returns: The rows, in binary form.
    /// - Throws: ``PostgresError`` with the SQLSTATE.
    @discardableResult
    func query(_ sql: String, _ values: [SQLValue] = []) throws -> PostgresResult {
        try StoreStatistics.counting { try send(sql, values) }
    }

    private func send(_ sql: String, _ values: [SQLValue]) throws -> PostgresResult {
        let connection = try live
        var buffer: [UInt8] = []
        var lengths: [Int32] = []
        var offsets: [Int?] = []
        var formats: [Int32] = []
        var types: [UInt32] = []
        for value in values {
            let start = buffer.count
            offsets.append(value.append(to: &buffer) ? start : nil)
            lengths.append(Int32(buffer.count - start))
            formats.append(1)
            types.append(value.typeOID)
        }
        buffer.append(0)  // so that an empty value still has an address
        let name = values.isEmpty ? nil : try preparedName(sql, types: types, connection)
        let handle: OpaquePointer? = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            let pointers: [UnsafePointer<CChar>?] = offsets.map { $0.map { base + $0 } }
            if let name {
                return PQexecPrepared(connection, name, Int32(values.count), pointers, lengths, formats, 1)
            }
            return PQexecParams(connection, sql, Int32(values.count), types, pointers, lengths, formats, 1)
        }
        let call = name == nil ? "PQexecParams" : "PQexecPrepared"
        return try PostgresResult.checked(handle, call: call, connection: connection, sql: sql).get()
    }

    /// The name `sql` is prepared under for parameters of `types`, preparing it the first time.
    /// - Returns: nil once ``preparedLimit`` statements are prepared: run it unprepared.
    /// - Throws: ``PostgresError`` when PostgreSQL refuses the statement (as running it would).
    private func preparedName(_ sql: String, types: [UInt32], _ connection: OpaquePointer) throws -> String? {
        let key = PreparedKey(sql: sql, types: types)
        if let name = prepared[key] { return name }
        guard prepared.count < Self.preparedLimit else { return nil }
        let name = "s\(prepared.count + 1)"
        let result = PostgresResult.checked(
            PQprepare(connection, name, sql, Int32(types.count), types), call: "PQprepare", connection: connection,
            sql: sql)
        _ = try result.get()
        prepared[key] = name
        return name
    }

    /// Runs `body` in one transaction: `BEGIN`, `COMMIT` when `body` returns (durable once it does,
    /// with PostgreSQL's default `synchronous_commit`), `ROLLBACK` when it throws.
    /// - Parameter isolation: `READ COMMITTED` for writes that lock what they check;
    ///   `REPEATABLE READ` for reads that must see one snapshot.
    /// - Throws: What `body` throws, or ``PostgresError`` from BEGIN or COMMIT.
    func transaction<Result>(isolation: String = "READ COMMITTED", _ body: () throws -> Result) throws -> Result {
        try execute("BEGIN ISOLATION LEVEL \(isolation)")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            if let handle, PQtransactionStatus(handle) != PQTRANS_IDLE { PQexec(handle, "ROLLBACK").map(PQclear) }
            throw error
        }
    }

    /// Runs `COPY … FROM STDIN`, sending what `produce` hands to its `send` callback.
    /// - Parameters:
    ///   - sql: The COPY statement.
    ///   - produce: Calls `send` with consecutive chunks of the COPY data.
    /// - Throws: ``PostgresError`` from the server (e.g. a duplicate key) or from sending.
    func copyIn(_ sql: String, _ produce: (_ send: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        try StoreStatistics.counting { try copy(in: sql, produce) }
    }

    private func copy(
        in sql: String, _ produce: (_ send: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let connection = try live
        _ = try PostgresResult.checked(
            PQexec(connection, sql), call: "COPY FROM STDIN", connection: connection, sql: sql, expecting: PGRES_COPY_IN
        ).get()
        var failure: (any Error)?
        do {
            try produce { chunk in
                guard chunk.count > 0 else { return }
                let base = chunk.baseAddress!.assumingMemoryBound(to: CChar.self)
                guard PQputCopyData(connection, base, Int32(chunk.count)) == 1 else {
                    throw PostgresError(call: "PQputCopyData", result: nil, connection: connection, sql: sql)
                }
            }
        } catch {
            failure = error
        }
        let ended = failure == nil ? PQputCopyEnd(connection, nil) : PQputCopyEnd(connection, "aborted by the client")
        try finishCopy(connection, sql: sql, failure: failure)
        if ended != 1 { throw PostgresError(call: "PQputCopyEnd", result: nil, connection: connection, sql: sql) }
    }

    /// Runs `COPY … TO STDOUT`, handing each data message (one row) to `consume`.
    /// - Throws: ``PostgresError``, or what `consume` throws (the rest of the copy is then drained).
    func copyOut(_ sql: String, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        try StoreStatistics.counting { try copy(out: sql, consume) }
    }

    private func copy(out sql: String, _ consume: (UnsafeRawBufferPointer) throws -> Void) throws {
        let connection = try live
        _ = try PostgresResult.checked(
            PQexec(connection, sql), call: "COPY TO STDOUT", connection: connection, sql: sql,
            expecting: PGRES_COPY_OUT
        ).get()
        var failure: (any Error)?
        while true {
            var pointer: UnsafeMutablePointer<CChar>?
            let length = PQgetCopyData(connection, &pointer, 0)
            guard length >= 0, let pointer else { break }
            defer { PQfreemem(pointer) }
            if failure == nil {
                do { try consume(UnsafeRawBufferPointer(start: pointer, count: Int(length))) } catch { failure = error }
            }
        }
        try finishCopy(connection, sql: sql, failure: failure)
    }

    /// Reads the results that end a COPY, then throws `failure` (the client's), else the first
    /// error the server reported.
    private func finishCopy(_ connection: OpaquePointer, sql: String, failure: (any Error)?) throws {
        var serverError: PostgresError?
        while let result = PQgetResult(connection) {
            if case .failure(let error) = PostgresResult.checked(result, call: "COPY", connection: connection, sql: sql)
            {
                serverError = serverError ?? error
            }
        }
        if let failure { throw failure }
        if let serverError { throw serverError }
    }

    /// `name` quoted as an SQL identifier (for `LISTEN` and table names made from data).
    func quotedIdentifier(_ name: String) throws -> String {
        let connection = try live
        guard let quoted = PQescapeIdentifier(connection, name, name.utf8.count) else {
            throw PostgresError(call: "PQescapeIdentifier", result: nil, connection: connection, sql: nil)
        }
        defer { PQfreemem(quoted) }
        return String(cString: quoted)
    }
}

extension PostgresResult {
    /// Wraps `handle`, or the error it reports.
    /// - Parameter expecting: The status a success has besides `PGRES_COMMAND_OK` and `PGRES_TUPLES_OK`.
    static func checked(
        _ handle: OpaquePointer?, call: String, connection: OpaquePointer, sql: String?,
        expecting other: ExecStatusType = PGRES_COMMAND_OK
    ) -> Result<PostgresResult, PostgresError> {
        guard let handle else {
            return .failure(PostgresError(call: call, result: nil, connection: connection, sql: sql))
        }
        let status = PQresultStatus(handle)
        guard status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == other else {
            let error = PostgresError(call: call, result: handle, connection: connection, sql: sql)
            PQclear(handle)
            return .failure(error)
        }
        return .success(PostgresResult(handle))
    }
}
