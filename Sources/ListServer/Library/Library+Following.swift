// Library — following the changes other processes make to a shared store
import ListStore
import Models
import Synchronization

extension Library {
    /// Whether other processes may write to the store (PostgreSQL), so that the library must
    /// follow it; false for SQLite, where everything here is skipped.
    var followsStore: Bool { store is any SharedDatasetStore }

    /// The most events replayed to subscribers when catching up; further behind, they get `reload`.
    static let catchUpReplayLimit: Int64 = 1_000

    /// Handles what the store's watch says: each changed dataset is caught up once, and a resync
    /// compares every dataset.
    func follow(_ notices: [StoreNotice]) {
        var changed: [String] = []
        var resync = false
        for notice in notices {
            switch notice {
            case .changed(let id, let key, let version):
                let current = entry(id)?.dataset.version
                let known = storedKeys.withLock { $0[id] }
                // This process's own commits come back too; they need no work.
                if version != nil && current == version && known == key { continue }
                if !changed.contains(id) { changed.append(id) }
            case .resync:
                resync = true
            }
        }
        if resync {
            catchUpAll()
        } else {
            for id in changed { catchUp(id) }
        }
    }

    /// Brings every dataset up to the store's version: new ones are added, deleted ones removed,
    /// changed ones caught up; see ``catchUpLocked(_:stamp:)``.
    func catchUpAll() {
        guard let stamps = try? store.stamps() else { return }
        let stored = Set(stamps.map(\.id))
        let behind = stamps.reduce(Int64(0)) { sum, stamp in
            sum + max(0, stamp.version - (entry(stamp.id)?.dataset.version ?? 0))
        }
        followerLag.store(behind, ordering: .relaxed)
        for stamp in stamps where needsCatchUp(stamp) {
            writer.withLock { _ in try? catchUpLocked(stamp.id, stamp: stamp) }
        }
        for entry in entries where !stored.contains(entry.dataset.id) {
            catchUp(entry.dataset.id)
        }
    }

    /// Brings one dataset up to the store's version, taking the writer lock.
    func catchUp(_ id: String) {
        guard followsStore else { return }
        writer.withLock { _ in catchUpQuietly(id) }
    }

    /// ``catchUpLocked(_:stamp:)`` with the store's current stamp; a store failure is left for the next poll.
    /// Call with the writer lock held.
    func catchUpQuietly(_ id: String) {
        guard followsStore, let stamps = try? store.stamps() else { return }
        try? catchUpLocked(id, stamp: stamps.first { $0.id == id })
    }

    /// Whether the library holds an older version of a dataset than `stamp`, or another incarnation.
    private func needsCatchUp(_ stamp: DatasetStamp) -> Bool {
        guard let current = entry(stamp.id) else { return true }
        let known = storedKeys.withLock { $0[stamp.id] }
        return current.dataset.version < stamp.version || (known != nil && known != stamp.key)
    }

    /// Makes the library hold what the store holds of dataset `id`, and tells its subscribers.
    ///
    /// When the store's event log holds every version between the one held and the store's (batches
    /// of other processes), their changes are applied to the dataset held and their events published,
    /// so streams here show every accepted batch and nothing is read back whole. Otherwise (a replaced
    /// dataset, a gap in the log) the dataset is read back whole and subscribers are sent `reload`. A
    /// dataset gone from the store is removed and its streams end. A stamp older than the version held
    /// (read before this process committed or caught up further) changes nothing: versions only grow.
    /// Call with the writer lock held.
    /// - Parameter stamp: The store's stamp of `id`; nil when it is not stored.
    /// - Throws: A store failure; nothing changed then.
    /// - Complexity: O(rows of the dataset) when it changed (the layout is rebuilt), else O(1).
    func catchUpLocked(_ id: String, stamp: DatasetStamp?) throws {
        let current = entry(id)
        let known = storedKeys.withLock { $0[id] }
        let sameIncarnation = known == nil || known == stamp?.key
        guard let stamp else {
            storedKeys.withLock { $0[id] = nil }
            if removeEntry(id) { events.reload(datasetID: id, version: nil) }
            return
        }
        if let current, current.dataset.version >= stamp.version, sameIncarnation {
            storedKeys.withLock { $0[id] = stamp.key }
            return
        }
        if let current, sameIncarnation, let (dataset, replay) = try replayLog(current.dataset, upTo: stamp.version) {
            let entry = DatasetEntry(dataset: dataset)
            entry.searches.inherit(from: current.searches)
            replace(with: entry)
            storedKeys.withLock { $0[id] = stamp.key }
            for event in replay { events.publish(datasetID: id, version: event.version, payload: event.payload) }
            return
        }
        guard let dataset = try store.load(id: id) else {
            storedKeys.withLock { $0[id] = nil }
            if removeEntry(id) { events.reload(datasetID: id, version: nil) }
            return
        }
        replace(with: DatasetEntry(dataset: dataset))
        storedKeys.withLock { $0[id] = stamp.key }
        if current != nil { events.reload(datasetID: id, version: dataset.version) }
    }

    /// `dataset` with the logged changes of every version after its own applied, at least up to
    /// `version`, and the events of those versions.
    /// - Returns: nil when the log misses a version or a change, or a change does not apply: the
    ///   dataset must then be read back whole.
    private func replayLog(_ dataset: Dataset, upTo version: Int64) throws -> (Dataset, [StoredEvent])? {
        guard version > dataset.version, version - dataset.version <= Self.catchUpReplayLimit else { return nil }
        let logged = try store.events(
            datasetID: dataset.id, after: dataset.version, limit: Int(Self.catchUpReplayLimit))
        var result = dataset
        for event in logged {
            guard event.version == result.version + 1, let change = event.change,
                let next = result.applying(change), next.version == event.version
            else { return nil }
            result = next
        }
        return result.version >= version ? (result, logged) : nil
    }

    /// The current entry of a dataset for a batch made from `baseVersion`: when the library holds
    /// another version and the store is shared, the dataset is caught up first (another process may
    /// have moved it on). Call with the writer lock held.
    /// - Throws: ``LibraryError/notFound(datasetID:)``.
    func entry(_ id: String, forBatchFrom baseVersion: Int64) throws(LibraryError) -> DatasetEntry {
        let entry = try requireEntry(id)
        guard followsStore, entry.dataset.version != baseVersion else { return entry }
        catchUpQuietly(id)
        return try requireEntry(id)
    }

    /// Writes a whole dataset for ``put(_:mustBeNew:)``: over `existing` or as a new one. On a
    /// shared store the write is checked against the version held, so a dataset another process
    /// changed meanwhile is not overwritten unseen. Call with the writer lock held.
    /// - Throws: ``LibraryError/versionConflict(datasetID:current:base:)`` or
    ///   ``LibraryError/datasetExists(datasetID:)`` when another process wrote first (the library
    ///   has then caught up); a store failure as it is.
    /// - Returns: the dataset as stored: a new one that takes the id of a deleted one continues from
    ///   its version.
    func storeWhole(_ dataset: Dataset, over existing: DatasetEntry?) throws -> Dataset {
        guard followsStore else {
            return try store.insert([dataset], replacing: existing != nil)[0]
        }
        do {
            if let existing {
                try store.replaceDataset(dataset, expectedVersion: existing.dataset.version)
                return dataset
            } else {
                return try store.insert([dataset], replacing: false)[0]
            }
        } catch StoreError.versionConflict(_, let expected, let found) {
            catchUpQuietly(dataset.id)
            throw LibraryError.versionConflict(datasetID: dataset.id, current: found, base: expected)
        } catch StoreError.datasetExists, StoreError.datasetNotFound {
            catchUpQuietly(dataset.id)
            throw LibraryError.datasetExists(datasetID: dataset.id)
        }
    }
}
