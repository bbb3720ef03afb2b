// ListStore — LISTEN on a connection and a thread of their own
import CLibPQ
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// `LISTEN` on a store's channel with a connection and a thread of its own, handing what arrives
/// to a handler; see ``SharedDatasetStore/watch(pollInterval:_:)``.
///
/// The thread waits on the connection's socket with `poll`, a quarter of a second at a time so a
/// stop is noticed quickly. A lost connection is retried every half second; each (re)connection
/// and each `pollInterval` without a reconnection send ``StoreNotice/resync``.
final class PostgresListener: StoreWatch {
    private let stopped = Atomic<Bool>(false)
    /// Held while the handler runs, so ``stop()`` returns only once no call is running.
    private let handling = Mutex(())

    private init() {}

    static func start(
        conninfo: String, channel: String, pollInterval: Duration,
        handler: @escaping @Sendable ([StoreNotice]) -> Void
    ) -> PostgresListener {
        let listener = PostgresListener()
        Thread.detachNewThread { [listener] in
            listener.run(conninfo: conninfo, channel: channel, pollInterval: pollInterval, handler: handler)
        }
        return listener
    }

    func stop() {
        stopped.store(true, ordering: .sequentiallyConsistent)
        handling.withLock { _ in }
    }

    private var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    private func deliver(_ notices: [StoreNotice], to handler: ([StoreNotice]) -> Void) {
        guard !notices.isEmpty else { return }
        handling.withLock { _ in
            if !isStopped { handler(notices) }
        }
    }

    private func run(
        conninfo: String, channel: String, pollInterval: Duration, handler: @escaping @Sendable ([StoreNotice]) -> Void
    ) {
        let clock = ContinuousClock()
        var connection: PostgresConnection?
        var nextPoll = clock.now + pollInterval
        while !isStopped {
            guard let live = connection else {
                do {
                    let opened = try PostgresConnection(conninfo: conninfo)
                    try opened.execute("LISTEN \(try opened.quotedIdentifier(channel))")
                    connection = opened
                    nextPoll = clock.now + pollInterval
                    deliver([.resync], to: handler)
                } catch {
                    Thread.sleep(forTimeInterval: 0.5)
                }
                continue
            }
            guard let notices = Self.wait(on: live, milliseconds: 250) else {
                live.close()
                connection = nil
                continue
            }
            if clock.now >= nextPoll {
                nextPoll = clock.now + pollInterval
                deliver(notices + [.resync], to: handler)
            } else {
                deliver(notices, to: handler)
            }
        }
        connection?.close()
    }

    /// Waits up to `milliseconds` for the socket, then reads every notification that arrived.
    /// - Returns: The notices, oldest first (maybe none), or nil when the connection is lost.
    private static func wait(on connection: PostgresConnection, milliseconds: Int32) -> [StoreNotice]? {
        guard let handle = try? connection.live else { return nil }
        let socket = PQsocket(handle)
        guard socket >= 0 else { return nil }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptor, 1, milliseconds)
        if ready < 0 && errno != EINTR { return nil }
        if ready > 0 {
            guard PQconsumeInput(handle) == 1, PQstatus(handle) == CONNECTION_OK else { return nil }
        }
        var notices: [StoreNotice] = []
        while let notify = PQnotifies(handle) {
            if let extra = notify.pointee.extra, let notice = parse(String(cString: extra)) { notices.append(notice) }
            PQfreemem(notify)
        }
        return notices
    }

    /// Reads `<version> <key> <id>` (version `-` for a deletion), as
    /// ``PostgresConnection/announce(id:key:version:)`` writes it.
    static func parse(_ payload: String) -> StoreNotice? {
        let parts = payload.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3, let key = Int64(parts[1]), !parts[2].isEmpty else { return nil }
        if parts[0] == "-" { return .changed(id: String(parts[2]), key: key, version: nil) }
        guard let version = Int64(parts[0]) else { return nil }
        return .changed(id: String(parts[2]), key: key, version: version)
    }
}
