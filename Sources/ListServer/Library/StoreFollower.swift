// ListServer — keeps a library in step with a store that other processes write to
import ListStore

/// Keeps a ``Library`` in step with a store that other processes write to: the store's watch
/// (`LISTEN/NOTIFY` for PostgreSQL, on a connection and a thread of its own) says which dataset
/// changed, and a resync every `pollInterval` catches whatever a lost notification missed.
///
/// The library catches up from the store itself (the dataset read back, the events after the version
/// it held published to its subscribers), so a notification carries no data and losing one
/// delays a change by at most `pollInterval`.
final class StoreFollower: Sendable {
    private let watch: any StoreWatch

    private init(watch: any StoreWatch) { self.watch = watch }

    /// Starts following when the library's store is shared.
    /// - Returns: nil for a store no other process writes to (SQLite): there is nothing to follow.
    static func start(library: Library, pollInterval: Duration = .seconds(1)) -> StoreFollower? {
        guard let shared = library.store as? any SharedDatasetStore else { return nil }
        let watch = shared.watch(pollInterval: pollInterval) { [weak library] notices in library?.follow(notices) }
        return StoreFollower(watch: watch)
    }

    /// Stops following; returns once no catch-up is running.
    func stop() { watch.stop() }
}
