// ListStore — the store calls that only forward to the store core
import Models

/// A ``DatasetStore`` whose calls run on a ``LockedStoreCore``: every call but `insert` is the
/// core's, the same for both databases.
protocol CoreBackedStore: DatasetStore {
    associatedtype Database: StoreDatabase
    var core: LockedStoreCore<Database> { get }
}

extension CoreBackedStore {
    /// Closes the connection; later calls throw ``StoreError/closed``. Safe to call twice.
    public func close() { core.close() }

    // MARK: Reading

    /// Every stored dataset as it was saved (ids, versions, next ids, key orders), in the order
    /// the datasets were first stored.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` or the connection's error.
    /// - Complexity: O(n) in the number of rows when sections list them mostly in id order.
    public func loadAll() throws -> [Dataset] {
        try core.withCore { try $0.loadAll() }
    }

    /// The stored dataset `id`, or nil when there is none.
    public func load(id: String) throws -> Dataset? {
        try core.withCore { try $0.load(id: id) }
    }

    /// The stored datasets' ids, in the order they were first stored.
    public func datasetIDs() throws -> [String] {
        try core.withCore { try $0.datasetIDs() }
    }

    public func hasDatasets() throws -> Bool {
        try core.withCore { try $0.hasDatasets() }
    }

    /// Every stored dataset's id, key and version, in the order they were first stored.
    public func stamps() throws -> [DatasetStamp] {
        try core.withCore { try $0.stamps() }
    }

    // MARK: Writing

    /// Writes one change to a dataset in one transaction; see ``StoredChange``.
    /// - Throws: ``StoreError/versionConflict(datasetID:expected:found:)`` when the stored version
    ///   is not `change.expectedVersion`, ``StoreError/datasetNotFound(_:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)``, or the connection's error; nothing is
    ///   written then.
    /// - Complexity: O(size of the change + bytes of the row orders it rewrites).
    public func commit(_ change: StoredChange) throws {
        try core.withCore { try $0.commit(change) }
    }

    /// Writes a whole dataset over the stored one, if that is at `expectedVersion`. Meant for
    /// small datasets; ``commit(_:)`` writes only what changed.
    /// - Parameters:
    ///   - dataset: The new content, with its new `version` and `nextID`.
    ///   - expectedVersion: The stored version the new content was made from.
    ///   - eventPayload: An event logged for `dataset.version` in the same transaction.
    /// - Throws: As ``commit(_:)``.
    public func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try core.withCore {
            try $0.replaceDataset(dataset, expectedVersion: expectedVersion, eventPayload: eventPayload)
        }
    }

    /// Deletes the dataset `id` with its sections, rows and events, keeping its last version.
    /// - Returns: false when there was no such dataset.
    @discardableResult
    public func deleteDataset(id: String) throws -> Bool {
        try core.withCore { try $0.deleteDataset(id: id) }
    }

    // MARK: Event log

    /// Appends an event to the log of `datasetID` in its own transaction. ``commit(_:)`` logs
    /// its ``StoredChange/eventPayload`` in the change's transaction instead.
    public func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try core.withCore { try $0.appendEvent(datasetID: datasetID, version: version, payload: payload) }
    }

    /// The logged events of `datasetID` after `version`, oldest first, at most `limit`.
    /// The log keeps the last `eventRetention` events of each dataset.
    public func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        try core.withCore { try $0.events(datasetID: datasetID, after: version, limit: limit) }
    }

    /// The version of the oldest event still logged for `datasetID`, or nil when none is.
    public func oldestEventVersion(datasetID: String) throws -> Int64? {
        try core.withCore { try $0.oldestEventVersion(datasetID: datasetID) }
    }
}
