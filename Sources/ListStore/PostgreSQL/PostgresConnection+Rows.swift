// ListStore — the rows tables of a PostgreSQL store, one table row per row
import Models

extension PostgresConnection {
    /// The COPY data sent per `PQputCopyData` call.
    static let copyChunkBytes = 1 << 20

    /// Creates the empty rows table `table` (`id int8, fields bytea`), dropping any previous one.
    /// The primary key is added by ``insertRows(of:into:)`` once the rows are in: one sort instead
    /// of a b-tree grown row by row.
    func createRowsTable(_ table: String) throws {
        try execute("DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (id int8 NOT NULL, fields bytea NOT NULL)")
    }

    func dropRowsTable(_ table: String) throws {
        try execute("DROP TABLE IF EXISTS \(table)")
    }

    /// Sends the rows of `dataset` with one binary `COPY` into the new, unindexed `table`, then adds
    /// its primary key.
    /// - Throws: ``PostgresError`` with SQLSTATE 23505 when two rows have one id.
    /// - Complexity: O(rows), in chunks of ``copyChunkBytes``.
    func insertRows(of dataset: Dataset, into table: String) throws {
        try copyIn("COPY \(table) (id, fields) FROM STDIN (FORMAT binary)") { send in
            var writer = BinaryCopyWriter(capacity: Self.copyChunkBytes)
            for section in dataset.sections {
                for row in section.rows {
                    writer.appendRow(id: row.id.rawValue) { PackedFields.encode(row.fields, into: &$0) }
                    if writer.buffer.count >= Self.copyChunkBytes {
                        try writer.buffer.withUnsafeBytes(send)
                        writer.removeAll()
                    }
                }
            }
            writer.finish()
            try writer.buffer.withUnsafeBytes(send)
        }
        try execute("ALTER TABLE \(table) ADD PRIMARY KEY (id)")
    }

    /// The rows of `table` sorted by id, streamed in PostgreSQL's binary COPY format.
    /// - Throws: `corrupt` when a row is not (id, fields) or its fields cannot be read, or ``PostgresError``.
    /// - Complexity: O(rows).
    func loadRows(
        from table: String, expectedCount: Int, corrupt: (String) -> StoreError
    ) throws -> (ids: [Int64], fields: [Fields]) {
        var ids: [Int64] = []
        var fields: [Fields] = []
        ids.reserveCapacity(expectedCount)
        fields.reserveCapacity(expectedCount)
        var reader = BinaryCopyReader()
        var arena = PackedFields.Arena()
        try copyOut("COPY (SELECT id, fields FROM \(table) ORDER BY id) TO STDOUT (FORMAT binary)") { message in
            try reader.read(message) { columns in
                guard columns.count == 2, columns[0].count == 8 else { throw corrupt("a row is not (id, fields)") }
                let id = Int64(bigEndian: columns[0].loadUnaligned(as: Int64.self))
                do {
                    fields.append(try arena.decode(columns[1]))
                } catch {
                    throw corrupt("row \(id): \(error)")
                }
                ids.append(id)
            }
        }
        return (ids, fields)
    }

    /// Deletes the rows `removed` (one statement over an array), then inserts or overwrites
    /// `upserted` (one `unnest` statement).
    /// - Complexity: Two statements whatever the number of rows.
    func writeRows(
        in table: String, removing removed: [Int64], upserting upserted: [Row], corrupt: (String) -> StoreError
    ) throws {
        if !removed.isEmpty {
            try query("DELETE FROM \(table) WHERE id = ANY($1)", [.ints(removed)])
        }
        guard !upserted.isEmpty else { return }
        let sql = """
            INSERT INTO \(table) (id, fields) SELECT * FROM unnest($1::int8[], $2::bytea[])
            ON CONFLICT (id) DO UPDATE SET fields = excluded.fields
            """
        try query(sql, [.ints(upserted.map(\.id.rawValue)), .blobs(upserted.map { PackedFields.encode($0.fields) })])
    }
}
