// ListStore — the SQLite store
import Foundation
import Models

/// The embedded ``DatasetStore``: datasets, their sections and rows, and a short event log
/// per dataset, in one SQLite file `<directory>/listserver.sqlite`.
///
/// Every write is one transaction, durable before the call returns (WAL, `synchronous=FULL`).
/// Calls are serialised by a mutex around the one connection (``LockedStoreCore``), so the store
/// can be shared between threads; a call blocks its thread for the duration of the SQL work.
/// Everything but ``insert(_:replacing:)`` is the store core's (``CoreBackedStore``).
public final class SQLiteStore: DatasetStore, CoreBackedStore {
    /// The database file's name inside the data directory.
    public static let fileName = "listserver.sqlite"

    /// The database file's path.
    public let path: String
    /// From how many rows an insert is a bulk one (see ``insert(_:replacing:)``).
    public let bulkRows: Int
    let core: LockedStoreCore<SQLiteDatabase>

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
            migrations: SQLiteDatabase.migrations)
    }

    /// Opens the store with the schema history `migrations` (tests pass a longer or shorter one).
    init(directory: String, eventRetention: Int = 1_000, bulkRows: Int = SQLiteStore.defaultBulkRows,
        migrations: [StoreMigration<SQLiteDatabase>]
    ) throws {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw StoreError.directory(path: directory, reason: error.localizedDescription)
        }
        path = directory.hasSuffix("/") ? directory + Self.fileName : directory + "/" + Self.fileName
        self.bulkRows = bulkRows
        let database = try SQLiteDatabase(path: path)
        core = LockedStoreCore(
            try StoreCore(database: database, eventRetention: eventRetention, migrations: migrations))
    }

    /// Stores `datasets` all or none, in one transaction, durable when the call returns.
    ///
    /// An insert of ``bulkRows`` rows or more (a large import) runs with a larger page cache and
    /// leaves its pages in the WAL, which is synced and so durable (see
    /// ``StoreCore/insert(_:replacing:bulk:)``); a background checkpoint then copies them into the
    /// database file, so the caller does not wait for a second write of everything.
    /// - Parameters:
    ///   - datasets: Datasets with distinct ids.
    ///   - replacing: Whether a stored dataset with the same id is overwritten (its sections,
    ///     rows and events dropped; it keeps its place in the order).
    /// - Throws: ``StoreError/datasetExists(_:)`` naming the first id that exists when not
    ///   `replacing`, ``StoreError/duplicateDataset(_:)``, or ``SQLiteError``.
    /// - Returns: The datasets as stored, with versions that continue the stored or deleted ones'.
    /// - Complexity: O(total rows).
    @discardableResult
    public func insert(_ datasets: [Dataset], replacing: Bool) throws -> [Dataset] {
        let bulk = datasets.reduce(0) { $0 + $1.rowCount } >= bulkRows
        let stored = try core.withCore { try $0.insert(datasets, replacing: replacing, bulk: bulk) }
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
}
