// ListStore — one row of a PostgreSQL result

/// One row of a ``PostgresResult``, read in place (values are in binary form).
struct PostgresRow: SQLRow {
    let result: PostgresResult
    let row: Int

    func isNull(at column: Int) -> Bool { result.isNull(row, column) }

    func int64(at column: Int) -> Int64 { result.int64(row, column) }

    func text(at column: Int) -> String? { result.text(row, column) }

    func withBlob<Result, Failure: Error>(
        at column: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try result.withBytes(row, column, body)
    }
}
