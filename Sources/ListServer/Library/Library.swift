// ListServer — every dataset the server holds
import ListRender
import ListStore
import Models
import Synchronization

/// Every dataset the server holds, in memory for reading and in a ``DatasetStore`` for keeping.
///
/// Readers take the current ``DatasetEntry`` of a dataset and work on it without a lock held;
/// batches are applied one at a time, written to the store before they are acknowledged, and then
/// swap in a new entry and tell the dataset's subscribers.
final class Library: Sendable {
    let store: any DatasetStore
    let events = EventHub()

    private struct State: Sendable {
        var entries: [String: DatasetEntry] = [:]
        var order: [String] = []
    }

    private let state: Mutex<State>
    /// Held while a batch is planned, stored and swapped in.
    let writer = Mutex(())
    /// The last changes of each dataset, for a batch made on an older version (``RecentChanges``).
    let recentChanges = RecentChanges()
    /// The store key of each dataset as this process last read or wrote it, when the store is
    /// shared (see `Library+Following.swift`): a dataset deleted and stored again has a new key.
    let storedKeys = Mutex<[String: Int64]>([:])
    /// With a shared store: how many versions the library was behind the store when it last compared every
    /// dataset with it (``catchUpAll()``, at each resync of the follower), before catching up; 0 while
    /// notifications keep it in step.
    let followerLag = Atomic<Int64>(0)
    /// Asked to back the datasets' memory with huge pages after a dataset is put; nil: never.
    let hugePages: HugePageBacking?
    /// The longest a replace may spend being matched and diffed (`--replace-diff-budget`); past it the
    /// replace is stored whole and pages reload, so that a crafted file cannot hold the writer, and every
    /// other dataset's batches, for as long as its matching takes.
    let replaceDiffBudget: Duration

    /// The default ``replaceDiffBudget``: a replace of a million rows that changes 1 % is matched and diffed
    /// in 130–150 ms (`ListBench replace`), so it stays a diff with room to spare on a busy machine.
    static let defaultReplaceDiffBudget = Duration.milliseconds(500)

    /// - Parameter datasets: what the store holds, in the order to list them.
    ///   - hugePages: asked to back the datasets' memory with huge pages after a dataset is put.
    ///   - replaceDiffBudget: the longest a replace may spend being matched and diffed.
    init(
        store: any DatasetStore, datasets: [Dataset], hugePages: HugePageBacking? = nil,
        replaceDiffBudget: Duration = Library.defaultReplaceDiffBudget
    ) {
        self.store = store
        self.hugePages = hugePages
        self.replaceDiffBudget = replaceDiffBudget
        var initial = State()
        for dataset in datasets {
            initial.entries[dataset.id] = DatasetEntry(dataset: dataset)
            initial.order.append(dataset.id)
        }
        state = Mutex(initial)
    }

    /// The current entries in listing order.
    var entries: [DatasetEntry] {
        state.withLock { state in state.order.compactMap { state.entries[$0] } }
    }

    /// The current entry of a dataset, nil when there is no such dataset.
    func entry(_ id: String) -> DatasetEntry? {
        state.withLock { $0.entries[id] }
    }

    /// The current entry of a dataset.
    /// - Throws: ``LibraryError/notFound(datasetID:)``.
    func requireEntry(_ id: String) throws(LibraryError) -> DatasetEntry {
        guard let entry = entry(id) else { throw LibraryError.notFound(datasetID: id) }
        return entry
    }

    /// Takes a dataset out of the library.
    /// - Returns: false when there was none with this id.
    @discardableResult
    func removeEntry(_ id: String) -> Bool {
        recentChanges.forget(id)
        return state.withLock { state in
            guard state.entries.removeValue(forKey: id) != nil else { return false }
            state.order.removeAll { $0 == id }
            return true
        }
    }

    /// Makes `entry` the current one of its dataset.
    func replace(with entry: DatasetEntry) {
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: entry.dataset.id) == nil {
                state.order.append(entry.dataset.id)
            }
        }
    }
}
