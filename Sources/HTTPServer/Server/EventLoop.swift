// HTTPServer — the thread-safe face of one event loop

import Synchronization

/// The thread-safe face of one event loop: its epoll instance and a mailbox that other threads post to.
///
/// Everything else about the loop (connections, buffers, timers) lives in an `EventLoopRunner` that only the
/// loop's own thread touches. A post wakes the loop through an eventfd, at most once until the loop has read
/// its mailbox.
final class EventLoop: Sendable {
    enum Message: Sendable {
        /// A stream has bytes or a close for its connection.
        case streamReady(HTTPStream)
        /// Begin a graceful stop.
        case stop
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
    private let mailbox = Mutex(Mailbox())

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
    func post(_ message: Message) {
        let wake = mailbox.withLock { box -> Bool in
            guard !box.closed else { return false }
            box.messages.append(message)
            guard !box.wakePending else { return false }
            box.wakePending = true
            return true
        }
        if wake { Posix.eventSignal(wakeFD) }
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
    func close() {
        mailbox.withLock { box in
            box.closed = true
            box.messages = []
        }
        Posix.close(wakeFD)
        Posix.close(epollFD)
    }
}
