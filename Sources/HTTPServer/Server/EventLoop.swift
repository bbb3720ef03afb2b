// HTTPServer — the thread-safe face of one event loop

import Synchronization
import SystemSupport

/// The thread-safe face of one event loop: its epoll instance and a mailbox that other threads post to.
///
/// Everything else about the loop (connections, buffers, timers) lives in an `EventLoopRunner` that only the
/// loop's own thread touches. A post wakes the loop through an eventfd, at most once until the loop has read
/// its mailbox.
final class EventLoop: Sendable {
    enum Message: Sendable {
        /// A stream has bytes or a close for its connection.
        case streamReady(HTTPStream)
        /// A deferred response is complete for its connection.
        case deferredReady(HTTPDeferredResponse)
        /// Begin a graceful stop.
        case stop
        /// Serve a connection another loop accepted (see ``ServerContext/loop(forConnectionAcceptedBy:)``).
        case adopt(Int32, address: String?)
        /// Close up to this many idle connections: another loop is at the connection cap with none of its own
        /// (see ``EventLoopRunner/makeRoomAtCap()``).
        case closeIdle(Int)
    }

    private struct Mailbox {
        var messages: [Message] = []
        var wakePending = false
        var closed = false
    }

    /// The epoll data value of the wake-up eventfd.
    static let wakeToken = UInt64.max
    let index: Int
    let epollFD: Int32
    let wakeFD: Int32
    /// The connections given to this loop and not yet closed: counted up by the loop that accepts one for
    /// it, down by this loop when it closes one.
    let assignedConnections = Atomic<Int>(0)
    private let mailbox = System.Locked(Mailbox())

    /// Creates the epoll instance and its wake-up eventfd.
    /// - Throws: `PosixError` from `epoll_create1`, `eventfd` or `epoll_ctl`.
    init(index: Int) throws {
        self.index = index
        epollFD = try Posix.epollCreate()
        do {
            wakeFD = try Posix.eventCreate()
        } catch {
            Posix.close(epollFD)
            throw error
        }
        do {
            try Posix.epollAdd(epollFD, wakeFD, events: Posix.Epoll.readable, data: Self.wakeToken)
        } catch {
            Posix.close(wakeFD)
            Posix.close(epollFD)
            throw error
        }
    }

    /// Queues a message for the loop's thread and wakes it; ignored once the loop has ended.
    /// - Returns: whether the message was queued (false once the loop has ended).
    @discardableResult
    func post(_ message: Message) -> Bool {
        let (queued, wake) = mailbox.withLock { box -> (Bool, Bool) in
            guard !box.closed else { return (false, false) }
            box.messages.append(message)
            guard !box.wakePending else { return (true, false) }
            box.wakePending = true
            return (true, true)
        }
        if wake { Posix.eventSignal(wakeFD) }
        return queued
    }

    /// Takes every queued message (loop thread only).
    func takeMessages() -> [Message] {
        Posix.eventDrain(wakeFD)
        return mailbox.withLock { box in
            box.wakePending = false
            defer { box.messages = [] }
            return box.messages
        }
    }

    /// Refuses further posts and closes the descriptors (loop thread, when it ends).
    /// - Returns: the messages still queued, for the loop to close the connections they hand over.
    func close() -> [Message] {
        let left = mailbox.withLock { box in
            box.closed = true
            defer { box.messages = [] }
            return box.messages
        }
        Posix.close(wakeFD)
        Posix.close(epollFD)
        return left
    }
}
