// ListStore — what the server needs from a store
import Models

/// The durable storage of the server's datasets: their sections and rows, and a short event log
/// per dataset.
///
/// Every write is one transaction, durable before the call returns, and checked against the
/// version it was made from; a refused write changes nothing. Implementations are safe to share
/// between threads. ``SQLiteStore`` is the embedded one; ``PostgresStore`` is shared by several
/// processes.
public protocol DatasetStore: AnyObject, Sendable {
    // MARK: Reading

    /// Every stored dataset as it was saved (ids, versions, next ids, key orders), in the order
    /// the datasets were first stored.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` or the database's error.
    func loadAll() throws -> [Dataset]

    /// The stored dataset `id`.
    /// - Returns: nil when there is none.
    func load(id: String) throws -> Dataset?

    /// The stored datasets' ids, in the order they were first stored.
    func datasetIDs() throws -> [String]

    /// Whether any dataset is stored (false on a first start).
    func hasDatasets() throws -> Bool

    /// Every stored dataset's id, key and version, in the order they were first stored.
    func stamps() throws -> [DatasetStamp]

    // MARK: Writing

    /// Stores `datasets` all or none, in one transaction.
    /// - Parameters:
    ///   - datasets: Datasets with distinct ids.
    ///   - replacing: Whether a stored dataset with the same id is overwritten (its sections,
    ///     rows and events dropped; it keeps its place in the order).
    /// - Returns: the datasets as stored: versions of an id only grow, so one that replaces a stored
    ///   dataset, or takes the id of a deleted one, continues from its version (the old one plus one)
    ///   when its own is not larger; a batch based on what was there gets a conflict.
    /// - Throws: ``StoreError/datasetExists(_:)`` naming the first id that exists when not
    ///   `replacing`, ``StoreError/duplicateDataset(_:)``, or the database's error.
    @discardableResult
    func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset]

    /// Writes one change to a dataset in one transaction; see ``StoredChange``.
    /// - Throws: ``StoreError/versionConflict(datasetID:expected:found:)`` when the stored version
    ///   is not `change.expectedVersion`, ``StoreError/datasetNotFound(_:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)``, or the database's error; nothing is
    ///   written then.
    func commit(_ change: StoredChange) throws

    /// Writes a whole dataset over the stored one, if that is at `expectedVersion`.
    /// - Parameters:
    ///   - dataset: The new content, with its new `version` and `nextID`.
    ///   - expectedVersion: The stored version the new content was made from.
    ///   - eventPayload: An event logged for `dataset.version` in the same transaction.
    /// - Throws: As ``commit(_:)``.
    func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws

    /// Deletes the dataset `id` with its sections, rows and events; its last version is kept, for a
    /// dataset stored later under the same id to continue from (see ``insert(_:replacing:)``).
    /// - Returns: false when there was no such dataset.
    @discardableResult
    func deleteDataset(id: String) throws -> Bool

    // MARK: Event log

    /// Appends an event to the log of `datasetID` in its own transaction. ``commit(_:)`` logs
    /// its ``StoredChange/eventPayload`` in the change's transaction instead.
    func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws

    /// The logged events of `datasetID` after `version`, oldest first, at most `limit`.
    func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent]

    /// The version of the oldest event still logged for `datasetID`.
    /// - Returns: nil when none is.
    func oldestEventVersion(datasetID: String) throws -> Int64?

    /// Closes the store; later calls throw ``StoreError/closed``. Safe to call twice.
    func close()
}

extension DatasetStore {
    /// Writes a whole dataset over the stored one, if that is at `expectedVersion`, logging no event.
    /// - Throws: As ``commit(_:)``.
    public func replaceDataset(_ dataset: Dataset, expectedVersion: Int64) throws {
        try replaceDataset(dataset, expectedVersion: expectedVersion, eventPayload: nil)
    }
}
