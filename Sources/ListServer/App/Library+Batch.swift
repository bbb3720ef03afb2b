// ListServer — ListServer
import ListRender
import Models

extension Library {
    /// Applies a batch to a dataset with `UITableView`'s rules, stores it and tells subscribers.
    ///
    /// The batch is all or nothing: it is checked whole against the dataset's current version, then
    /// written to SQLite in one transaction before the new version is visible or acknowledged.
    /// - Returns: the dataset's new entry.
    /// - Throws: ``HTTPError`` `404` (no dataset), `409` (stale `baseVersion`), `422` (invalid batch).
    func apply(_ request: BatchRequest, to id: String) throws -> DatasetEntry {
        try writer.withLock { _ in
            let entry = try requireEntry(id)
            guard request.baseVersion == entry.dataset.version else {
                throw HTTPError(
                    409, title: "Version conflict",
                    detail: "the dataset '\(id)' is at version \(entry.dataset.version), but the batch was made "
                        + "against version \(request.baseVersion); reload it and apply the change again")
            }
            let planned = try BatchPlanner(entry: entry).plan(request)
            let applied = planned.apply()
            try store.commit(applied.change)
            replace(with: applied.entry)
            events.publish(datasetID: id, version: applied.entry.dataset.version, payload: applied.event)
            return applied.entry
        }
    }
}
