// ListServer — ListServer
import ListRender
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

    /// The problem type of a stale `baseVersion` (`409`).
    static let versionConflictType = "/api/openapi.json#/components/responses/VersionConflict"

    /// Applies a batch to a dataset with `UITableView`'s rules, stores it and tells subscribers.
    ///
    /// The batch is all or nothing: it is checked whole against the dataset's current version, then
    /// written to SQLite in one transaction before the new version is visible or acknowledged.
    /// Batches of one dataset are applied one at a time. A batch without operations changes nothing:
    /// the version stays, nothing is written and no event is sent, but a stale `baseVersion` is
    /// still a conflict, so an empty batch asks whether a version is current.
    /// - Returns: the new entry and the ids given to inserted rows and sections.
    /// - Throws: ``HTTPError`` `404` (no dataset), `409` (stale `baseVersion`), `422` (invalid batch);
    ///   a store failure as it is (a `500`), with nothing changed.
    func apply(_ request: BatchRequest, to id: String) throws -> BatchOutcome {
        try writer.withLock { _ in
            let entry = try requireEntry(id)
            guard request.baseVersion == entry.dataset.version else {
                throw Self.conflict(id, current: entry.dataset.version, base: request.baseVersion)
            }
            guard request.operationCount > 0 else {
                return BatchOutcome(entry: entry, insertedRowIDs: [], insertedSectionIDs: [])
            }
            let planned = try BatchPlanner(entry: entry).plan(request)
            let applied = planned.apply()
            do {
                try store.commit(applied.change)
            } catch StoreError.versionConflict(_, _, let found) {
                throw Self.conflict(id, current: found, base: request.baseVersion)
            }
            replace(with: applied.entry)
            events.publish(datasetID: id, version: applied.entry.dataset.version, payload: applied.event)
            return BatchOutcome(
                entry: applied.entry, insertedRowIDs: planned.insertedRowIDs,
                insertedSectionIDs: planned.insertedSectionIDs)
        }
    }

    private static func conflict(_ id: String, current: Int64, base: Int64) -> HTTPError {
        HTTPError(
            409, type: versionConflictType, title: "Version conflict",
            detail: "the dataset '\(id)' is at version \(current), but the batch was made against version "
                + "\(base); GET /api/datasets/\(id) (or the window) again, redo the change on version \(current) "
                + "and send it with \"baseVersion\":\(current)")
    }
}
