// ListStore — the PostgreSQL store's schema and its migrations

/// The PostgreSQL store's schema and its migrations, tracked in the one-row table
/// `listserver_schema` of the connection's current schema (`search_path`).
///
/// The tables mirror the SQLite store's (see ``StoreSchema``): `datasets` with a compact `key`
/// that is never reused, `sections` and `events` referring to it, and one rows table
/// `rows_<key> (id int8 PRIMARY KEY, fields bytea)` per dataset. Orders are ``StoredIDList``
/// blobs. Migrations run in one transaction under an advisory lock, so processes that start
/// together migrate once; released migrations are never edited.
enum PostgresSchema {
    /// Migration N turns schema version N-1 into N.
    static let migrations: [String] = [
        """
        CREATE TABLE datasets (
            key int8 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            id text NOT NULL UNIQUE,
            title text NOT NULL,
            kind text NOT NULL,
            style text NOT NULL,
            root_key text,
            rows_key text,
            version int8 NOT NULL,
            next_id int8 NOT NULL,
            section_order bytea NOT NULL
        );
        CREATE TABLE sections (
            dataset int8 NOT NULL REFERENCES datasets (key) ON DELETE CASCADE,
            id int8 NOT NULL,
            fields bytea NOT NULL,
            rows_key_index int4 NOT NULL,
            row_order bytea NOT NULL,
            PRIMARY KEY (dataset, id)
        );
        CREATE TABLE events (
            dataset int8 NOT NULL REFERENCES datasets (key) ON DELETE CASCADE,
            version int8 NOT NULL,
            payload bytea NOT NULL,
            PRIMARY KEY (dataset, version)
        );
        """,
        // The table-level keys of table documents (SourceShape.document), packed as fields.
        "ALTER TABLE datasets ADD COLUMN document bytea",
        // The change each batch event led to (StoredChange.logged), applied by the processes following.
        "ALTER TABLE events ADD COLUMN change bytea",
        // The last version of every deleted dataset id: one stored again under it continues from there.
        "CREATE TABLE retired_datasets (id text PRIMARY KEY, version int8 NOT NULL)",
    ]

    /// Brings the connection's schema up to the last of `migrations`.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` when the database is newer, or
    ///   ``PostgresError`` (the migration is then rolled back).
    static func migrate(_ connection: PostgresConnection, migrations: [String] = migrations) throws {
        try connection.transaction {
            try connection.query("SELECT pg_advisory_xact_lock(hashtext('listserver:' || current_schema()))")
            try connection.execute("CREATE TABLE IF NOT EXISTS listserver_schema (version int4 NOT NULL)")
            let stored = try connection.query("SELECT version FROM listserver_schema")
            let current: Int
            if stored.rowCount == 0 {
                try connection.execute("INSERT INTO listserver_schema (version) VALUES (0)")
                current = 0
            } else {
                current = Int(stored.int64(0, 0))
            }
            guard current <= migrations.count else {
                throw StoreError.newerSchema(found: current, supported: migrations.count)
            }
            for (offset, sql) in migrations.enumerated().dropFirst(current) {
                try connection.execute(sql)
                try connection.query("UPDATE listserver_schema SET version = $1::int8", [.int(Int64(offset + 1))])
            }
        }
    }
}
