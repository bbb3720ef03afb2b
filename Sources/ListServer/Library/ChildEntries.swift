// Library — the table document: the child tables' entries of one dataset version
import Models
import Synchronization

/// The entries of the child tables opened from one entry, made the first time each is asked for and
/// kept for the entry's life (the entry is one version, so they never go stale).
final class ChildEntries: Sendable {
    /// The most child entries kept per entry; past it the cache starts again.
    static let limit = 64
    private let entries = Mutex<[RowID: DatasetEntry]>([:])

    /// The entry of `row`'s child table, made by `make` when it is not kept yet.
    /// - Complexity: O(1) for a kept entry, else as `make`.
    func entry(for row: RowID, _ make: () -> DatasetEntry?) -> DatasetEntry? {
        if let kept = entries.withLock({ $0[row] }) { return kept }
        guard let made = make() else { return nil }
        entries.withLock { entries in
            if entries.count >= Self.limit { entries.removeAll(keepingCapacity: true) }
            entries[row] = made
        }
        return made
    }
}
