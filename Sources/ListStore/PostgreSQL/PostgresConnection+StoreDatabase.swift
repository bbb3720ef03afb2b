// ListStore — a libpq connection as the store core's database

extension PostgresConnection: StoreDatabase {
    /// The store's schema history in PostgreSQL, which has always had one table row per row.
    static let migrations: [StoreMigration<PostgresConnection>] = StoreSchema.migrations(.postgres)

    var dialect: SQLDialect { .postgres }

    /// Runs one statement, its batch columns bound as arrays, and calls `eachRow` with each row.
    /// - Returns: The rows an INSERT, UPDATE or DELETE changed.
    /// - Throws: ``PostgresError`` with the SQLSTATE; what `eachRow` throws.
    /// - Complexity: One round trip; O(rows) to hand them out.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue], eachRow: (PostgresRow) throws -> Void) throws -> Int {
        let result = try query(sql, values)
        for row in 0..<result.rowCount { try eachRow(PostgresRow(result: result, row: row)) }
        return result.changedRows
    }

    /// `READ COMMITTED` for writes, which lock what they check (`SELECT … FOR UPDATE`);
    /// `REPEATABLE READ READ ONLY` for reads that must see one snapshot.
    func transaction<Result>(_ access: StoreAccess, _ body: () throws -> Result) throws -> Result {
        switch access {
        case .write: try transaction(isolation: "READ COMMITTED", body)
        case .snapshot: try transaction(isolation: "REPEATABLE READ READ ONLY", body)
        }
    }

    /// Takes the schema's advisory lock until the transaction ends, so processes that start together
    /// migrate once, and creates the one-row table `listserver_schema` that keeps the version.
    func lockSchema() throws {
        try query("SELECT pg_advisory_xact_lock(hashtext('listserver:' || current_schema()))")
        try execute(
            """
            CREATE TABLE IF NOT EXISTS listserver_schema (version int4 NOT NULL);
            INSERT INTO listserver_schema (version) SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM listserver_schema)
            """)
    }

    func schemaVersion() throws -> Int {
        let stored = try query("SELECT version FROM listserver_schema")
        return stored.rowCount == 0 ? 0 : Int(stored.int64(0, 0))
    }

    func setSchemaVersion(_ version: Int) throws {
        try query("UPDATE listserver_schema SET version = $1::int8", [.int(Int64(version))])
    }

    /// `listserver:<schema>`: processes that share a schema share the channel.
    func currentChannel() throws -> String {
        "listserver:" + (try query("SELECT current_schema()").text(0, 0) ?? "public")
    }

    /// Sends `NOTIFY` on ``channel`` with `<version> <key> <id>` (`-` for no version), delivered
    /// to the listeners when the transaction commits.
    func announce(id: String, key: Int64, version: Int64?) throws {
        let payload = "\(version.map(String.init) ?? "-") \(key) \(id)"
        try query("SELECT pg_notify($1, $2)", [.text(channel), .text(payload)])
    }
}
