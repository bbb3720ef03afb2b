// ListStore — one step of the store's schema history

/// One step of the store's schema history; `version` N turns a version N-1 file into version N.
struct StoreMigration: Sendable {
    var version: Int
    var summary: String
    var apply: @Sendable (SQLiteDatabase) throws -> Void
}

/// The store's schema and its migrations, tracked in `PRAGMA user_version`.
///
/// A new file has user_version 0; each migration runs in its own transaction together with
/// the user_version bump, so a crash leaves the file at one version or the next. Released
/// migrations are never edited: a schema change is a new migration appended to the list.
enum StoreSchema {
    static let migrations: [StoreMigration] = [
        StoreMigration(version: 1, summary: "datasets, sections, rows and events") { database in
            try database.execute(initialSchema)
        },
        StoreMigration(version: 2, summary: "datasets.document: a table document around its sections") { database in
            try database.execute(documentColumn)
        },
        StoreMigration(version: 3, summary: "events.change: the change a batch event led to") { database in
            try database.execute(changeColumn)
        },
        StoreMigration(version: 4, summary: "rows tables hold pages of 64 rows") { database in
            try pageRowsTables(database)
        },
        StoreMigration(version: 5, summary: "retired_datasets: the last version of each deleted id") { database in
            try database.execute(retiredDatasets)
        },
    ]

    /// Migration 5: the last version of every deleted dataset id, so that a dataset stored again
    /// under it continues from there and versions never go back.
    static let retiredDatasets =
        "CREATE TABLE retired_datasets (id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID"

    /// Migration 3: the change that led to each batch's event (``StoredChange/logged``), for readers
    /// that apply changes instead of reading datasets back; null for other events.
    static let changeColumn = "ALTER TABLE events ADD COLUMN change BLOB"

    /// Migration 2: the document a table dataset's sections sit in (``SourceShape/document``, packed as
    /// ``PackedFields``); null for other kinds.
    static let documentColumn = "ALTER TABLE datasets ADD COLUMN document BLOB"

    /// Tables of migration 1.
    ///
    /// `datasets.key` is a compact integer (never reused) that the other tables refer to;
    /// `id` is the URL name. Membership and order live in blobs of ids (see ``StoredIDList``):
    /// `datasets.section_order` and `sections.row_order`.
    ///
    /// The rows of each dataset live in their own table, `rows_<key>` (see
    /// ``StoreConnection/rowsTable(_:)``), created with the dataset: there the row id is the
    /// rowid, so a bulk insert in id order appends to the b-tree, a load is one scan in rowid
    /// order, and replacing or deleting a dataset drops one table. A shared
    /// `rows (dataset, id, …) WITHOUT ROWID` table measured about 1.6× slower to fill and 4× slower to
    /// scan with a million rows. Since migration 4 the rowid is a page of 64 row ids (``RowPage``),
    /// which makes a million-row insert about 16,000 b-tree entries.
    static let initialSchema = """
        CREATE TABLE datasets (
            key INTEGER PRIMARY KEY AUTOINCREMENT,
            id TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            kind TEXT NOT NULL,
            style TEXT NOT NULL,
            root_key TEXT,
            rows_key TEXT,
            version INTEGER NOT NULL,
            next_id INTEGER NOT NULL,
            section_order BLOB NOT NULL
        );
        CREATE TABLE sections (
            dataset INTEGER NOT NULL REFERENCES datasets(key) ON DELETE CASCADE,
            id INTEGER NOT NULL,
            fields BLOB NOT NULL,
            rows_key_index INTEGER NOT NULL,
            row_order BLOB NOT NULL,
            PRIMARY KEY (dataset, id)
        );
        CREATE TABLE events (
            dataset INTEGER NOT NULL REFERENCES datasets(key) ON DELETE CASCADE,
            version INTEGER NOT NULL,
            payload BLOB NOT NULL,
            PRIMARY KEY (dataset, version)
        ) WITHOUT ROWID;
        """

    /// Brings `database` up to the last of `migrations`.
    /// - Parameters:
    ///   - database: An open connection, not in a transaction.
    ///   - migrations: Numbered 1, 2, 3, … in order.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` when the file is newer than the
    ///   list, or the failure of a migration (that migration is then rolled back).
    static func migrate(_ database: SQLiteDatabase, migrations: [StoreMigration] = migrations) throws {
        for (offset, migration) in migrations.enumerated() {
            precondition(migration.version == offset + 1, "migrations must be numbered 1, 2, 3, …")
        }
        let current = try database.userVersion
        guard current <= migrations.count else {
            throw StoreError.newerSchema(found: current, supported: migrations.count)
        }
        for migration in migrations.dropFirst(current) {
            try database.transaction {
                // Another process may have migrated between our read and our write lock.
                guard try database.userVersion < migration.version else { return }
                try migration.apply(database)
                try database.setUserVersion(migration.version)
            }
        }
    }
}
