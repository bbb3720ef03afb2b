// ListStore — a store that several server processes share

/// A store that several server processes share (``PostgresStore``): besides storing, it tells each
/// process what the others changed, so that every process can follow.
public protocol SharedDatasetStore: DatasetStore {
    /// Starts telling `handler` about changes committed by any process sharing the store, this
    /// one included, on a thread of the store's own, until the watch is stopped.
    ///
    /// Notifications can be lost (a dropped connection, a process that was not running), so the
    /// handler is also sent ``StoreNotice/resync`` when the watch starts, after every reconnection
    /// and every `pollInterval`: the process then compares ``DatasetStore/stamps()`` with what it holds.
    /// - Parameters:
    ///   - pollInterval: How often a ``StoreNotice/resync`` is sent when nothing else arrives.
    ///   - handler: Gets the notices that arrived together, oldest first; runs on the watch's thread,
    ///     one call at a time, and may block it (later notices wait).
    /// - Returns: The running watch.
    func watch(pollInterval: Duration, _ handler: @escaping @Sendable ([StoreNotice]) -> Void) -> any StoreWatch
}

/// What a shared store says about a change.
public enum StoreNotice: Sendable, Hashable {
    /// Dataset `id`, stored under `key`, was committed at `version`; nil when it was deleted.
    case changed(id: String, key: Int64, version: Int64?)
    /// Anything may have changed: compare every dataset.
    case resync
}

/// A running ``SharedDatasetStore/watch(pollInterval:_:)``.
public protocol StoreWatch: AnyObject, Sendable {
    /// Stops the watch; the handler is not called after this returns, except by a call already running.
    func stop()
}
