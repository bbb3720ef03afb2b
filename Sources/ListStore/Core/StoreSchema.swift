// ListStore — the store's schema and its migrations, in either dialect

/// One step of the store's schema history; `version` N turns a version N-1 database into version N.
struct StoreMigration<Database: StoreDatabase>: Sendable {
    var version: Int
    var summary: String
    var apply: @Sendable (Database) throws -> Void
}

/// The store's schema and its migrations, the same tables in both databases with the dialect's
/// types, the version kept where the connection keeps it (``StoreDatabase/schemaVersion()``).
///
/// Each migration runs in its own transaction together with the version bump, so a crash leaves
/// the database at one version or the next. Released migrations are never edited: a schema change
/// is a new migration appended to the list.
enum StoreSchema {
    /// The summary of the migration that adds `retired_datasets`.
    static let retiredDatasetsSummary = "retired_datasets: the last version of each deleted id"
    /// The summary of the migration that adds `datasets.form`.
    static let formSummary = "datasets.form: how the file wrote its groups and rows"

    /// The history of a database: the tables, `datasets.document`, `events.change`, the steps of
    /// its row layout, then `retired_datasets`, then `datasets.form` (``SourceShape/formName``), numbered
    /// 1, 2, 3, … in that order.
    /// - Parameters:
    ///   - dialect: The types to create tables with.
    ///   - layoutSteps: Migrations of the rows tables' layout, by summary (SQLite's pages).
    static func migrations<Database: StoreDatabase>(
        _ dialect: SQLDialect, layoutSteps: [(String, @Sendable (Database) throws -> Void)] = []
    ) -> [StoreMigration<Database>] {
        let initial = initialSchema(dialect.types)
        let document = "ALTER TABLE datasets ADD COLUMN document \(dialect.types.blob)"
        let change = "ALTER TABLE events ADD COLUMN change \(dialect.types.blob)"
        let retired = retiredDatasets(dialect.types)
        typealias Step = (summary: String, apply: @Sendable (Database) throws -> Void)
        var steps: [Step] = [
            ("datasets, sections, rows and events", { @Sendable in try $0.execute(initial) }),
            ("datasets.document: a table document around its sections", { @Sendable in try $0.execute(document) }),
            ("events.change: the change a batch event led to", { @Sendable in try $0.execute(change) }),
        ]
        steps += layoutSteps.map { Step($0.0, $0.1) }
        steps.append((retiredDatasetsSummary, { @Sendable in try $0.execute(retired) }))
        let form = "ALTER TABLE datasets ADD COLUMN form \(dialect.types.text)"
        steps.append((formSummary, { @Sendable in try $0.execute(form) }))
        return steps.enumerated().map { offset, step in
            StoreMigration(version: offset + 1, summary: step.summary, apply: step.apply)
        }
    }

    /// Migration "retired_datasets": the last version of every deleted dataset id, so that a dataset
    /// stored again under it continues from there and versions never go back.
    static func retiredDatasets(_ types: SQLDialect.Types) -> String {
        "CREATE TABLE retired_datasets (id \(types.text) PRIMARY KEY, version \(types.integer) NOT NULL)"
            + types.clusteredSuffix
    }

    /// Tables of migration 1.
    ///
    /// `datasets.key` is a compact integer (never reused) that the other tables refer to;
    /// `id` is the URL name. Membership and order live in blobs of ids (see ``StoredIDList``):
    /// `datasets.section_order` and `sections.row_order`. Migration 2 adds `datasets.document`, the
    /// document a table dataset's sections sit in (``SourceShape/document``, packed as
    /// ``PackedFields``); migration 3 adds `events.change`, the change that led to each batch's
    /// event (``StoredChange/logged``).
    ///
    /// The rows of each dataset live in their own table, `rows_<key>` (see
    /// ``StoreCore/rowsTable(_:)``), created with the dataset: a bulk insert fills one table, a
    /// load is one scan in id order, and replacing or deleting a dataset drops one table. In SQLite
    /// a shared `rows (dataset, id, …) WITHOUT ROWID` table measured about 1.6× slower to fill and 4×
    /// slower to scan with a million rows.
    static func initialSchema(_ types: SQLDialect.Types) -> String {
        """
        CREATE TABLE datasets (
            key \(types.autoKey),
            id \(types.text) NOT NULL UNIQUE,
            title \(types.text) NOT NULL,
            kind \(types.text) NOT NULL,
            style \(types.text) NOT NULL,
            root_key \(types.text),
            rows_key \(types.text),
            version \(types.integer) NOT NULL,
            next_id \(types.integer) NOT NULL,
            section_order \(types.blob) NOT NULL
        );
        CREATE TABLE sections (
            dataset \(types.integer) NOT NULL REFERENCES datasets(key) ON DELETE CASCADE,
            id \(types.integer) NOT NULL,
            fields \(types.blob) NOT NULL,
            rows_key_index \(types.smallInteger) NOT NULL,
            row_order \(types.blob) NOT NULL,
            PRIMARY KEY (dataset, id)
        );
        CREATE TABLE events (
            dataset \(types.integer) NOT NULL REFERENCES datasets(key) ON DELETE CASCADE,
            version \(types.integer) NOT NULL,
            payload \(types.blob) NOT NULL,
            PRIMARY KEY (dataset, version)
        )\(types.clusteredSuffix);
        """
    }

    /// Brings `database` up to the last of `migrations`.
    /// - Parameters:
    ///   - database: An open connection, not in a transaction.
    ///   - migrations: Numbered 1, 2, 3, … in order.
    /// - Throws: ``StoreError/newerSchema(found:supported:)`` when the database is newer than the
    ///   list, or the failure of a migration (that migration is then rolled back).
    /// - Complexity: One transaction per migration to apply, and one to read the version.
    static func migrate<Database: StoreDatabase>(_ database: Database, migrations: [StoreMigration<Database>]) throws {
        for (offset, migration) in migrations.enumerated() {
            precondition(migration.version == offset + 1, "migrations must be numbered 1, 2, 3, …")
        }
        let current = try database.transaction(.write) {
            try database.lockSchema()
            return try database.schemaVersion()
        }
        guard current <= migrations.count else {
            throw StoreError.newerSchema(found: current, supported: migrations.count)
        }
        for migration in migrations.dropFirst(current) {
            try database.transaction(.write) {
                try database.lockSchema()
                // Another process may have migrated between our read and our lock.
                guard try database.schemaVersion() < migration.version else { return }
                try migration.apply(database)
                try database.setSchemaVersion(migration.version)
            }
        }
    }
}
