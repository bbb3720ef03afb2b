// Library — the changes logged lately, kept in memory for rebases
import Models
import Synchronization

/// The last changes of each dataset as a rebase reads them (``LoggedChange``), kept in memory so that a batch many
/// versions behind does not read and decode every change since from the store: a change a batch of this process
/// made is kept as it is committed, and changes read from the store for a rebase are kept after it.
///
/// The changes kept for a dataset are consecutive versions: a change that does not follow the last one kept (a
/// version another process or a replace made) starts the list again, and a rebase uses the list only when it holds
/// every version since the batch's. At most ``maximumCount`` changes and ``maximumWeight`` are kept per dataset, the
/// oldest leaving first.
final class RecentChanges: Sendable {
    /// As many versions as a batch may be behind (``BatchRebase/maximumDistance``).
    static let maximumCount = Int(BatchRebase.maximumDistance)
    /// The most ids, keys and event bytes kept per dataset, counted as ``LoggedChange/weight`` (8 bytes an id): 32 MB.
    static let maximumWeight = 4 << 20

    private struct Kept {
        var changes: [LoggedChange] = []
        var weight = 0
    }

    private let kept = Mutex<[String: Kept]>([:])

    /// Keeps `change`, which led dataset `id` to its version.
    /// - Complexity: O(changes kept for the dataset) when old ones leave, else O(1).
    func record(_ change: LoggedChange, of id: String) {
        kept.withLock { kept in
            var list = kept.removeValue(forKey: id) ?? Kept()
            if let last = list.changes.last, last.version + 1 != change.version { list = Kept() }
            list.changes.append(change)
            list.weight += change.weight
            Self.trim(&list)
            if !list.changes.isEmpty { kept[id] = list }
        }
    }

    /// Keeps `log`, consecutive changes of dataset `id` read from the store, in place of those kept when it
    /// reaches as far.
    /// - Complexity: O(changes of `log` and kept).
    func remember(_ log: [LoggedChange], of id: String) {
        guard let last = log.last else { return }
        kept.withLock { kept in
            if let now = kept[id]?.changes.last, now.version > last.version { return }
            var list = Kept(changes: log, weight: log.reduce(0) { $0 + $1.weight })
            Self.trim(&list)
            kept[id] = list.changes.isEmpty ? nil : list
        }
    }

    /// The changes of dataset `id` after version `base` up to `current`, oldest first.
    /// - Returns: nil unless every one of them is kept.
    /// - Complexity: O(current − base).
    func changes(of id: String, after base: Int64, upTo current: Int64) -> [LoggedChange]? {
        kept.withLock { kept in
            guard let changes = kept[id]?.changes, let first = changes.first, let last = changes.last,
                first.version <= base + 1, last.version == current, base < current
            else { return nil }
            return Array(changes[Int(base + 1 - first.version)...])
        }
    }

    /// Drops what is kept of dataset `id` (deleted or replaced).
    func forget(_ id: String) {
        _ = kept.withLock { $0.removeValue(forKey: id) }
    }

    private static func trim(_ list: inout Kept) {
        var drop = 0
        while drop < list.changes.count && (list.changes.count - drop > maximumCount || list.weight > maximumWeight) {
            list.weight -= list.changes[drop].weight
            drop += 1
        }
        list.changes.removeFirst(drop)
    }
}
