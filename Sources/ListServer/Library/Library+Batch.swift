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
        /// The batch that undoes this one, when the request asked for it (`undoable`) and it has one.
        var undo: BatchRequest? = nil
    }

    /// Applies a batch to a dataset with `UITableView`'s rules, stores it and tells subscribers.
    ///
    /// The batch is all or nothing: it is checked whole against the dataset's current version, then
    /// written to the store in one transaction before the new version is visible or acknowledged.
    /// Batches of one dataset are applied one at a time. A batch made against an older version is
    /// rebased onto the current one unless a row it names was deleted or had the fields it writes written since,
    /// or a place it names lies in a section deleted since (``BatchRebase``). A batch without
    /// operations changes nothing: the version stays, nothing is written and no event is sent, but a
    /// stale `baseVersion` is still a conflict, so an empty batch asks whether a version is current.
    /// - Returns: the new entry and the ids given to inserted rows and sections.
    /// - Throws: ``LibraryError`` `notFound`, `versionConflict` (an empty batch's stale `baseVersion`, or
    ///   one the change log cannot rebase), `rebaseConflict` (rows, fields or sections in conflict) or
    ///   `invalidBatch`; a store failure as it is, with nothing changed.
    func apply(_ request: BatchRequest, to id: String) throws -> BatchOutcome {
        try writer.withLock { _ in
            let entry = try entry(id, forBatchFrom: request.baseVersion)
            var request = request
            if request.baseVersion != entry.dataset.version {
                request = try rebasing(request, onto: entry)
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
            if let payload = applied.change.eventPayload {
                recentChanges.record(LoggedChange(applied.change, payload: payload), of: id)
            }
            applied.entry.searches.inherit(from: entry.searches)
            replace(with: applied.entry)
            events.publish(datasetID: id, version: applied.entry.dataset.version, payload: applied.event)
            return BatchOutcome(
                entry: applied.entry, insertedRowIDs: planned.insertedRowIDs,
                insertedSectionIDs: planned.insertedSectionIDs,
                undo: request.undoable ? BatchInverse.of(planned, version: applied.entry.dataset.version) : nil)
        }
    }

    /// `request` made against an older version, carried onto `entry`'s: its rows by id, its places by index
    /// through the changes since (``BatchRebase``).
    /// - Throws: ``LibraryError/versionConflict(datasetID:current:base:)`` when it is empty, ahead of the
    ///   dataset, too far behind or behind a change the log does not hold as a batch;
    ///   ``LibraryError/rebaseConflict(datasetID:current:base:conflicts:)`` for a real conflict: a row it names
    ///   deleted or the fields it writes written since, a place in a section deleted since.
    private func rebasing(_ request: BatchRequest, onto entry: DatasetEntry) throws -> BatchRequest {
        let (id, current, base) = (entry.dataset.id, entry.dataset.version, request.baseVersion)
        var rebased = request
        rebased.baseVersion = current
        // Every change since was one the client saw (its own): the batch is made on the current version.
        if base > 0, base < current, current - base <= Int64(request.seenVersions.count),
            (base + 1...current).allSatisfy(request.seenVersions.contains)
        {
            return rebased
        }
        let stale = LibraryError.versionConflict(datasetID: id, current: current, base: base)
        guard request.operationCount > 0, base > 0, base < current, current - base <= BatchRebase.maximumDistance,
            let rebase = BatchRebase(
                try loggedChanges(of: id, after: base, upTo: current), after: base, upTo: current,
                seen: request.seenVersions, rowOrder: { [store] version, section in
                    // One change's order of one section: what a place carried through it needs of the log.
                    let event = try? store.events(datasetID: id, after: version - 1, limit: 1).first
                    return event?.version == version ? event?.change?.rowOrders[section] : nil
                })
        else { throw stale }
        let (conflicts, carried) = rebase.rebased(request, onto: entry.snapshot)
        guard conflicts.isEmpty else {
            throw LibraryError.rebaseConflict(datasetID: id, current: current, base: base, conflicts: conflicts)
        }
        rebased = carried
        rebased.baseVersion = current
        return rebased
    }

    /// The changes of dataset `id` after `base` up to `current`, as a rebase reads them: from memory when this
    /// process kept them all (``RecentChanges``), else read from the store's log and kept for the next batch.
    /// - Returns: the changes the log holds as a batch's, oldest first; a version without one is missing.
    /// - Complexity: O(current − base) from memory; from the store, O(bytes of the changes), row orders included.
    private func loggedChanges(of id: String, after base: Int64, upTo current: Int64) throws -> [LoggedChange] {
        if let kept = recentChanges.changes(of: id, after: base, upTo: current) { return kept }
        let changes = try store.events(datasetID: id, after: base, limit: Int(current - base)).compactMap(LoggedChange.init)
        if changes.count == current - base { recentChanges.remember(changes, of: id) }
        return changes
    }
}
