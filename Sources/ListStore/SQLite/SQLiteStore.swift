// ListStore — the SQLite store
import Foundation
import Models
import Synchronization

/// The embedded ``DatasetStore``: datasets, their sections and rows, and a short event log
/// per dataset, in one SQLite file `<directory>/listserver.sqlite`.
///
/// Every write is one transaction, durable before the call returns (WAL, `synchronous=FULL`).
/// Calls are serialised by a mutex around the one connection, so the store can be shared
/// between threads; a call blocks its thread for the duration of the SQL work.
public final class SQLiteStore: DatasetStore {
    /// The database file's name inside the data directory.
    public static let fileName = "listserver.sqlite"

    /// The database file's path.
    public let path: String
    /// From how many rows an insert is a bulk one (see ``insert(_:replacing:)``).
    public let bulkRows: Int
    private let connection: Mutex<StoreConnection?>

    /// Opens the store in `directory`, creating the directory and the file when needed, and
    /// brings the schema up to date.
    /// - Parameters:
    ///   - directory: The data directory.
    ///   - eventRetention: How many events each dataset's log keeps.
    ///   - bulkRows: From how many rows an ``insert(_:replacing:)`` is a bulk one.
    /// - Throws: ``StoreError/directory(path:reason:)``, ``StoreError/newerSchema(found:supported:)``
    ///   or ``SQLiteError`` (not a database, no permission).
    public convenience init(
        directory: String, eventRetention: Int = 1_000, bulkRows: Int = SQLiteStore.defaultBulkRows
    ) throws {
        try self.init(
            directory: directory, eventRetention: eventRetention, bulkRows: bulkRows,
            migrations: StoreSchema.migrations)
    }

    /// Opens the store with the schema history `migrations` (tests pass a longer or shorter one).
    init(directory: String, eventRetention: Int = 1_000, bulkRows: Int = SQLiteStore.defaultBulkRows,
        migrations: [StoreMigration]
    ) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.directory(path: directory, reason: error.localizedDescription)
        }
        path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        self.bulkRows = bulkRows
        let opened = try StoreConnection(path: path, eventRetention: eventRetention, migrations: migrations)
        connection = Mutex(opened)
    }

    /// Runs `body` on the open connection, holding the lock.
    func withConnection<Result: Sendable>(_ body: (StoreConnection) throws -> Result) throws -> Result {
        try connection.withLock { connection throws -> Result in
            guard let connection else { throw StoreError.closed }
            return try body(connection)
        }
    }

    /// Closes the database; later calls throw ``StoreError/closed``. Safe to call twice.
    public func close() {
        connection.withLock { connection in
            connection?.close()
            connection = nil
        }
    }

    // MARK: Reading

    /// Every stored dataset as it was saved (ids, versions, next ids, key orders), in the order
    /// the datasets were first stored.
    /// - Throws: ``StoreError/corrupt(datasetID:detail:)`` or ``SQLiteError``.
    /// - Complexity: O(n) in the number of rows when sections list them mostly in id order.
    public func loadAll() throws -> [Dataset] {
        try withConnection { try $0.loadAll() }
    }

    /// The stored dataset `id`, or nil when there is none.
    public func load(id: String) throws -> Dataset? {
        try withConnection { try $0.load(id: id) }
    }

    /// The stored datasets' ids, in the order they were first stored.
    public func datasetIDs() throws -> [String] {
        try withConnection { try $0.datasetIDs() }
    }

    public func hasDatasets() throws -> Bool {
        try withConnection { try $0.hasDatasets() }
    }

    // MARK: Writing

    /// Stores `datasets` all or none, in one transaction, durable when the call returns.
    ///
    /// An insert of ``bulkRows`` rows or more (a large import) runs with a larger page cache and
    /// leaves its pages in the WAL, which is synced and so durable; a background checkpoint then
    /// copies them into the database file, so the caller does not wait for a second write of
    /// everything.
    /// - Parameters:
    ///   - datasets: Datasets with distinct ids.
    ///   - replacing: Whether a stored dataset with the same id is overwritten (its sections,
    ///     rows and events dropped; it keeps its place in the order).
    /// - Throws: ``StoreError/datasetExists(_:)`` naming the first id that exists when not
    ///   `replacing`, ``StoreError/duplicateDataset(_:)``, or ``SQLiteError``.
    /// - Complexity: O(total rows).
    @discardableResult
    public func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        let bulk = datasets.reduce(0) { $0 + $1.rowCount } >= bulkRows
        let stored = try withConnection { try $0.insert(datasets, replacing: replacing, bulk: bulk) }
        if bulk { checkpointInBackground() }
        return stored
    }

    /// The default of ``bulkRows``.
    public static let defaultBulkRows = 100_000

    /// Runs a passive checkpoint on a new thread with a connection of its own, so it holds no lock
    /// of this store: reads and commits go on meanwhile (WAL mode), and the next commit after it
    /// restarts the WAL and cuts it back to `journal_size_limit`.
    private func checkpointInBackground() {
        let path = self.path
        Thread.detachNewThread {
            guard let database = try? SQLiteDatabase(path: path) else { return }
            try? database.checkpoint()
            database.close()
        }
    }

    /// Writes one change to a dataset in one transaction; see ``StoredChange``.
    /// - Throws: ``StoreError/versionConflict(datasetID:expected:found:)`` when the stored version
    ///   is not `change.expectedVersion`, ``StoreError/datasetNotFound(_:)``,
    ///   ``StoreError/invalidChange(datasetID:detail:)``, or ``SQLiteError``; nothing is written then.
    /// - Complexity: O(size of the change + bytes of the row orders it rewrites).
    public func commit(_ change: StoredChange) throws {
        try withConnection { try $0.commit(change) }
    }

    /// Writes a whole dataset over the stored one, if that is at `expectedVersion`. Meant for
    /// small datasets; ``commit(_:)`` writes only what changed.
    /// - Parameters:
    ///   - dataset: The new content, with its new `version` and `nextID`.
    ///   - expectedVersion: The stored version the new content was made from.
    ///   - eventPayload: An event logged for `dataset.version` in the same transaction.
    /// - Throws: As ``commit(_:)``.
    public func replaceDataset(_ dataset: Dataset, expectedVersion: Int64, eventPayload: [UInt8]?) throws {
        try withConnection {
            try $0.replaceDataset(dataset, expectedVersion: expectedVersion, eventPayload: eventPayload)
        }
    }

    /// Deletes the dataset `id` with its sections, rows and events.
    /// - Returns: false when there was no such dataset.
    @discardableResult
    public func deleteDataset(id: String) throws -> Bool {
        try withConnection { try $0.deleteDataset(id: id) }
    }

    // MARK: Event log

    /// Appends an event to the log of `datasetID` in its own transaction. ``commit(_:)`` logs
    /// its ``StoredChange/eventPayload`` in the change's transaction instead.
    public func appendEvent(datasetID: String, version: Int64, payload: [UInt8]) throws {
        try withConnection { try $0.appendEvent(datasetID: datasetID, version: version, payload: payload) }
    }

    /// The logged events of `datasetID` after `version`, oldest first, at most `limit`.
    /// The log keeps the last `eventRetention` events of each dataset.
    public func events(datasetID: String, after version: Int64, limit: Int) throws -> [StoredEvent] {
        try withConnection { try $0.events(datasetID: datasetID, after: version, limit: limit) }
    }

    /// The version of the oldest event still logged for `datasetID`, or nil when none is.
    public func oldestEventVersion(datasetID: String) throws -> Int64? {
        try withConnection { try $0.oldestEventVersion(datasetID: datasetID) }
    }
}
