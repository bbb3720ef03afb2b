// ListStoreTests — the SQL text each dialect gives the store core
import Testing

@testable import ListStore

@Suite("SQL dialects")
struct SQLDialectTests {
    @Test("parameters are numbered with ? in SQLite and $ in PostgreSQL")
    func parametersAreNumbered() {
        #expect(SQLDialect.sqlite.parameter(1) == "?1")
        #expect(SQLDialect.sqlite.parameter(12) == "?12")
        #expect(SQLDialect.postgres.parameter(1) == "$1")
        #expect(SQLDialect.postgres.parameter(12) == "$12")
    }

    @Test("a batch column is compared one element at a time in SQLite and with ANY in PostgreSQL")
    func anyOfABatch() {
        #expect(SQLDialect.sqlite.anyOf("id", parameter: 2) == "id = ?2")
        #expect(SQLDialect.postgres.anyOf("id", parameter: 2) == "id = ANY($2)")
    }

    @Test("batch values are one VALUES row in SQLite and an unnest of typed arrays in PostgreSQL")
    func batchValues() {
        let columns: [SQLDialect.Column] = [.single("dataset"), .integers("id"), .blobs("fields"), .single("order")]
        #expect(SQLDialect.sqlite.values(columns) == "VALUES (?1, ?2, ?3, ?4)")
        #expect(
            SQLDialect.postgres.values(columns)
                == "SELECT $1, id, fields, $4 FROM unnest($2::int8[], $3::bytea[]) AS s (id, fields)")
    }

    @Test("the tables of migration 1 use each dialect's types, SQLite's exactly as files were written")
    func initialSchemaTypes() {
        let sqlite = StoreSchema.initialSchema(SQLDialect.sqlite.types)
        #expect(sqlite.contains("key INTEGER PRIMARY KEY AUTOINCREMENT,"))
        #expect(sqlite.contains("rows_key_index INTEGER NOT NULL,"))
        #expect(sqlite.hasSuffix(") WITHOUT ROWID;"))
        let postgres = StoreSchema.initialSchema(SQLDialect.postgres.types)
        #expect(postgres.contains("key int8 GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"))
        #expect(postgres.contains("rows_key_index int4 NOT NULL,"))
        #expect(postgres.contains("payload bytea NOT NULL,"))
        #expect(!postgres.contains("WITHOUT ROWID"))
        #expect(
            StoreSchema.retiredDatasets(SQLDialect.sqlite.types)
                == "CREATE TABLE retired_datasets (id TEXT PRIMARY KEY, version INTEGER NOT NULL) WITHOUT ROWID")
    }

    @Test("SQLite's history has the page migration as number 4; PostgreSQL's has none, both end with retired ids, then forms")
    func migrationHistories() {
        #expect(SQLiteDatabase.migrations.map(\.version) == [1, 2, 3, 4, 5, 6])
        #expect(SQLiteDatabase.migrations[3].summary == "rows tables hold pages of 64 rows")
        #expect(PostgresConnection.migrations.map(\.version) == [1, 2, 3, 4, 5])
        for migrations in [SQLiteDatabase.migrations.map(\.summary), PostgresConnection.migrations.map(\.summary)] {
            #expect(migrations.suffix(2) == [StoreSchema.retiredDatasetsSummary, StoreSchema.formSummary])
        }
    }
}
