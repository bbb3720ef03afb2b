// ListStore — one row of a statement's result, read in place

/// One row of a statement's result, read in place: columns are 0-based, and a row is valid only
/// inside the callback that hands it out (``StoreDatabase/run(_:_:eachRow:)``).
protocol SQLRow {
    func isNull(at column: Int) -> Bool
    /// An integer column (0 for NULL).
    func int64(at column: Int) -> Int64
    /// A text column, or nil when it is NULL.
    func text(at column: Int) -> String?
    /// Runs `body` with the bytes of a blob column in place (empty for NULL).
    func withBlob<Result, Failure: Error>(
        at column: Int, _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result
}

extension SQLRow {
    /// A blob column, copied (empty for NULL).
    func blob(at column: Int) -> [UInt8] {
        withBlob(at: column) { [UInt8]($0) }
    }
}
