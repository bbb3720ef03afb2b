// ListServer — what an accepted batch gave
import ListRender
import ListStore
import Models

extension Library {
    /// What an accepted batch gave.
    struct BatchOutcome: Sendable {
        /// The dataset's entry after the batch (the current one for an empty batch).
        let entry: DatasetEntry
        /// The ids of the new rows and sections, in the order of the request's lists.
        let insertedRowIDs: [RowID]
        let insertedSectionIDs: [SectionID]
    }

    /// Applies a batch to a dataset with `UITableView`'s rules, stores it and tells subscribers.
    ///
    /// The batch is all or nothing: it is checked whole against the dataset's current version, then
    /// written to the store in one transaction before the new version is visible or acknowledged.
    /// Batches of one dataset are applied one at a time. A batch without operations changes nothing:
    /// the version stays, nothing is written and no event is sent, but a stale `baseVersion` is
    /// still a conflict, so an empty batch asks whether a version is current.
    /// - Returns: the new entry and the ids given to inserted rows and sections.
    /// - Throws: ``LibraryError`` `notFound`, `versionConflict` (stale `baseVersion`) or `invalidBatch`;
    ///   a store failure as it is, with nothing changed.
    func apply(_ request: BatchRequest, to id: String) throws -> BatchOutcome {
        try writer.withLock { _ in
            let entry = try entry(id, forBatchFrom: request.baseVersion)
            guard request.baseVersion == entry.dataset.version else {
                throw LibraryError.versionConflict(
                    datasetID: id, current: entry.dataset.version, base: request.baseVersion)
            }
            guard request.operationCount > 0 else {
                return BatchOutcome(entry: entry, insertedRowIDs: [], insertedSectionIDs: [])
            }
            let planned = try BatchPlanner(entry: entry).plan(request)
            let applied = planned.apply()
            do {
                try store.commit(applied.change)
            } catch StoreError.versionConflict(_, _, let found) {
                catchUpQuietly(id)
                throw LibraryError.versionConflict(datasetID: id, current: found, base: request.baseVersion)
            }
            applied.entry.searches.inherit(from: entry.searches)
            replace(with: applied.entry)
            events.publish(datasetID: id, version: applied.entry.dataset.version, payload: applied.event)
            return BatchOutcome(
                entry: applied.entry, insertedRowIDs: planned.insertedRowIDs,
                insertedSectionIDs: planned.insertedSectionIDs)
        }
    }
}
