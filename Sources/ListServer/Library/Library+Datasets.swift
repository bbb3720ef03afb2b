// Library — datasets added, replaced and deleted while the server runs
import ListRender
import ListStore
import Models

extension Library {
    /// What storing a whole dataset did.
    enum PutOutcome: Sendable, Equatable {
        /// There was no dataset with this id.
        case created
        /// The dataset replaced the one stored under its id.
        case replaced
    }

    /// Stores a whole dataset under its id, new or over the one there, and makes it current.
    ///
    /// A replaced dataset continues the old one's versions (its version is the old one's plus one),
    /// so versions of an id only grow. A replace a batch can express is applied as one (``ReplaceDiff``):
    /// unchanged rows keep their ids and open pages get one `change` event; any other replace, and one
    /// whose diff takes longer than ``replaceDiffBudget``, is stored whole and its open pages are sent
    /// `reload`. Written to the store in one transaction before anything
    /// in memory changes.
    /// - Parameters:
    ///   - dataset: the new content, with fresh row and section ids.
    ///   - mustBeNew: whether an existing dataset with the id is refused rather than replaced.
    /// - Returns: whether the dataset was created or replaced, and its entry.
    /// - Throws: ``LibraryError/datasetExists(datasetID:)`` when `mustBeNew` and the id is taken; a
    ///   store failure as it is, with nothing changed.
    /// - Complexity: O(rows) for the write and the new layout.
    func put(_ dataset: Dataset, mustBeNew: Bool) throws -> (outcome: PutOutcome, entry: DatasetEntry) {
        let put = try writer.withLock { _ in
            var dataset = dataset
            catchUpQuietly(dataset.id)
            let existing = entry(dataset.id)
            if existing != nil && mustBeNew { throw LibraryError.datasetExists(datasetID: dataset.id) }
            if let existing,
                let planned = ReplaceDiff.plan(from: existing, to: dataset, deadline: WorkDeadline(after: replaceDiffBudget))
            {
                return (outcome: PutOutcome.replaced, entry: try applyReplace(planned))
            }
            if let existing { dataset.version = max(dataset.version, existing.dataset.version + 1) }
            dataset = try storeWhole(dataset, over: existing)
            let entry = DatasetEntry(dataset: dataset)
            replace(with: entry)
            if existing != nil { events.reload(datasetID: dataset.id, version: dataset.version) }
            return (outcome: existing == nil ? PutOutcome.created : .replaced, entry: entry)
        }
        // The new rows' memory, once they are in: a refused put changed none.
        hugePages?.collapseSoon()
        return put
    }

    /// Stores and publishes a replace planned as a batch, as ``apply(_:to:)`` does a batch; a replace that
    /// changes nothing keeps the version and sends nothing.
    private func applyReplace(_ planned: PlannedBatch) throws -> DatasetEntry {
        let entry = planned.entry
        guard !planned.result.steps.isEmpty || !planned.updatedIDs.isEmpty else { return entry }
        let applied = planned.apply()
        do {
            try store.commit(applied.change)
        } catch StoreError.versionConflict(_, _, let found) {
            catchUpQuietly(entry.dataset.id)
            throw LibraryError.versionConflict(datasetID: entry.dataset.id, current: found, base: entry.dataset.version)
        }
        applied.entry.searches.inherit(from: entry.searches)
        replace(with: applied.entry)
        events.publish(datasetID: entry.dataset.id, version: applied.entry.dataset.version, payload: applied.event)
        return applied.entry
    }

    /// Deletes a dataset from the store and the library; its open pages are sent `reload` and
    /// their streams end.
    /// - Throws: ``LibraryError/notFound(datasetID:)``; a store failure as it is, with nothing changed.
    func delete(_ id: String) throws {
        try writer.withLock { _ in
            catchUpQuietly(id)
            _ = try requireEntry(id)
            try store.deleteDataset(id: id)
            storedKeys.withLock { $0[id] = nil }
            removeEntry(id)
            events.reload(datasetID: id, version: nil)
        }
    }
}
