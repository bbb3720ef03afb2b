// ListStore — a store core behind a mutex
import Synchronization

/// A ``StoreCore`` behind a mutex, so the store that holds it can be shared between threads; a
/// call blocks its thread for the duration of the SQL work. Closing drops the core.
final class LockedStoreCore<Database: StoreDatabase>: Sendable {
    private let core: Mutex<StoreCore<Database>?>

    init(_ core: sending StoreCore<Database>) {
        self.core = Mutex(core)
    }

    /// Runs `body` on the open core, holding the lock.
    /// - Throws: ``StoreError/closed`` after ``close()``; what `body` throws.
    func withCore<Result: Sendable>(_ body: (StoreCore<Database>) throws -> Result) throws -> Result {
        try core.withLock { core throws -> Result in
            guard let core else { throw StoreError.closed }
            return try body(core)
        }
    }

    /// Closes the connection; later calls throw ``StoreError/closed``. Safe to call twice.
    func close() {
        core.withLock { core in
            core?.close()
            core = nil
        }
    }
}
