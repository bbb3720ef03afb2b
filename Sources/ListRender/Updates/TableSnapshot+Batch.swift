// ListRender — applies a batch the way `performBatchUpdates` does
import Models

extension TableSnapshot {
    /// Applies a batch the way `performBatchUpdates` does, the engine working out the new state.
    /// - Parameter batch: the changes, indexed as UIKit indexes them (see ``BatchUpdate``).
    /// - Returns: the new snapshot, the steps that turn the old layout into the new one, and the
    ///   ids deleted, inserted and reloaded.
    /// - Throws: ``BatchUpdateError`` for the first inconsistency; the batch is then refused whole.
    /// - Complexity: O(s + k log k + r) for s sections, k row operations and r rows in the sections
    ///   the batch changes; an insert of rows into a snapshot whose id index was never built first
    ///   builds it in O(n).
    public func applying(_ batch: BatchUpdate) throws(BatchUpdateError) -> BatchResult {
        var resolver = BatchResolver(old: self, batch: batch)
        try resolver.resolve()
        return resolver.makeResult()
    }

    /// Checks a batch as `endUpdates` does when the data source has already changed: the batch must
    /// be consistent and must account for the data source's new number of sections and rows.
    /// - Parameters:
    ///   - batch: the changes, indexed as UIKit indexes them.
    ///   - newRowCounts: the data source's number of rows in each section after the batch.
    /// - Returns: what ``applying(_:)`` returns.
    /// - Throws: ``BatchUpdateError``, with UIKit's "invalid number of sections/rows" reasons when the
    ///   counts disagree.
    /// - Complexity: as ``applying(_:)``.
    public func applying(_ batch: BatchUpdate, newRowCounts: [Int]) throws(BatchUpdateError) -> BatchResult {
        var resolver = BatchResolver(old: self, batch: batch)
        try resolver.resolve()
        try resolver.checkCounts(newRowCounts)
        return resolver.makeResult()
    }

    /// Checks a batch against the data source's new counts without building anything.
    /// - Parameters:
    ///   - batch: the changes, indexed as UIKit indexes them.
    ///   - newRowCounts: the data source's number of rows in each section after the batch.
    /// - Throws: ``BatchUpdateError`` as ``applying(_:newRowCounts:)``.
    /// - Complexity: O(s + k log k).
    public func validate(_ batch: BatchUpdate, newRowCounts: [Int]) throws(BatchUpdateError) {
        var resolver = BatchResolver(old: self, batch: batch)
        try resolver.resolve()
        try resolver.checkCounts(newRowCounts)
    }

    /// Applies a batch in place.
    /// - Parameter batch: the changes.
    /// - Returns: the result of ``applying(_:)``.
    /// - Throws: ``BatchUpdateError``; the snapshot is then unchanged.
    /// - Complexity: as ``applying(_:)``.
    @discardableResult
    public mutating func apply(_ batch: BatchUpdate) throws(BatchUpdateError) -> BatchResult {
        let result = try applying(batch)
        self = result.snapshot
        return result
    }
}
