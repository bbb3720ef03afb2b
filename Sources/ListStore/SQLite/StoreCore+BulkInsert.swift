// ListStore — the page cache and checkpoints of a bulk insert into SQLite
import Models

extension StoreCore where Database == SQLiteDatabase {
    /// The page cache of a bulk insert: about the size of a million small rows, so a 1M-row
    /// import is not spilled to the WAL while it is built.
    static var bulkCacheKiB: Int { 64 * 1024 }

    /// Stores `datasets` in one transaction: all of them or none (see ``insert(_:replacing:)``).
    /// - Parameter bulk: A large import: the transaction runs with a page cache of ``bulkCacheKiB``
    ///   (so pages are not spilled to the WAL and read back while the b-trees grow) and without the
    ///   automatic checkpoint at its commit; the caller checkpoints later. Both settings are
    ///   restored afterwards, and the cache's memory is handed back.
    /// - Returns: The datasets as stored.
    /// - Complexity: O(total rows).
    @discardableResult
    func insert(_ datasets: [Dataset], replacing: Bool, bulk: Bool) throws -> [Dataset] {
        if bulk {
            try database.setAutoCheckpoint(pages: 0)
            try database.setCacheSize(kibibytes: Self.bulkCacheKiB)
        }
        defer {
            if bulk {
                try? database.setAutoCheckpoint(pages: SQLiteDatabase.defaultAutoCheckpointPages)
                try? database.setCacheSize(kibibytes: SQLiteDatabase.defaultCacheKiB)
                SQLiteDatabase.releaseFreeMemory()
            }
        }
        return try insert(datasets, replacing: replacing)
    }
}
