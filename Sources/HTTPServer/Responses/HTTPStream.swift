// HTTPServer — the body of a streaming response

import Synchronization
import SystemSupport

/// The body of a streaming response (Server-Sent Events and the like), written from any thread.
///
/// `write` queues a message (``StreamMessage``, held by reference: a message written to many streams is one
/// buffer) and wakes the connection's event loop, which sends each as one chunk; no thread waits for the
/// client. The loop takes messages from here only once the connection has sent everything before them, so
/// what a slow client has not taken waits here, where the writer can still see it. It is bounded by
/// `bufferLimit`: once more than that waits and more arrives, the client is dropped and `write` returns false
/// from then on, unless the writer says what to send in place of the waiting messages
/// (``write(_:fallingBehind:)``, an event stream's `reload`). One write larger than the limit is still sent
/// whole to a client that has caught up.
/// `onClose` callbacks run once when the stream ends for any reason: the client left, the server stopped, or
/// `close()` was called.
public final class HTTPStream: Sendable {
    /// Where the stream is being sent; set by the event loop when the response head is written.
    struct Attachment: Sendable {
        let loop: EventLoop
        let token: UInt64
    }

    private struct State {
        var pending: [StreamMessage] = []
        /// The bytes of `pending`.
        var pendingCount = 0
        var closeRequested = false
        var overflowed = false
        var finished = false
        var scheduled = false
        var attachment: Attachment?
        var callbacks: [@Sendable () -> Void] = []

        /// The loop to wake, unless a wake-up is already on its way or the stream is not attached yet.
        mutating func takeWakeUp() -> Attachment? {
            guard let attachment, !scheduled else { return nil }
            scheduled = true
            return attachment
        }
    }

    /// The most bytes that may wait for a slow client before more are refused and it is dropped.
    public let bufferLimit: Int
    /// What the server sends last when a graceful stop ends the stream: for an event stream, a `retry:`
    /// field that tells the client when to reconnect (to another server, behind a load balancer).
    public let farewell: [UInt8]
    /// Whether only ``close()`` ends the stream well (a document sent as it is written): a graceful stop lets
    /// it go on until then, and one the stop's deadline cuts short closes the connection without the last
    /// chunk, so that its client sees it incomplete rather than a shorter document.
    public let endsOnlyWhenClosed: Bool
    private let state = System.Locked(State())

    /// - Parameters:
    ///   - bufferLimit: the most bytes that may wait for a slow client.
    ///   - farewell: sent last when a graceful stop of the server ends the stream; nothing by default.
    ///   - endsOnlyWhenClosed: true for a document, which a graceful stop must not end early.
    public init(bufferLimit: Int = 1 << 20, farewell: [UInt8] = [], endsOnlyWhenClosed: Bool = false) {
        self.bufferLimit = bufferLimit
        self.farewell = farewell
        self.endsOnlyWhenClosed = endsOnlyWhenClosed
    }

    /// Whether the stream still accepts writes.
    public var isOpen: Bool {
        state.withLock { !$0.finished && !$0.closeRequested && !$0.overflowed }
    }

    /// Queues bytes for the client.
    /// - Parameter bytes: sent as they are (framing is added by the server).
    /// - Returns: false when the stream is closed, the client is gone, or the client is too slow (the
    ///   connection is then dropped).
    /// - Complexity: O(1); never blocks on the network.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        write(StreamMessage(bytes))
    }

    /// Queues a message, perhaps written to other streams too, for the client.
    /// - Returns: false when the stream is closed, the client is gone, or the client is too slow (the
    ///   connection is then dropped).
    /// - Complexity: O(1); never blocks on the network.
    @discardableResult
    public func write(_ message: StreamMessage) -> Bool {
        enqueue(message, whenBehind: .drop) == .queued
    }

    /// Queues a message for the client, or, when more than ``bufferLimit`` bytes already wait for it, what
    /// `catchUp` gives in place of everything waiting: a client that fell behind is sent less, not more, and
    /// stays.
    /// - Parameters:
    ///   - message: queued by reference (not copied).
    ///   - catchUp: the messages that replace the waiting ones and `message`, run under the stream's lock (it
    ///     must be quick and must not write to this stream); nil to skip `message` and keep what waits.
    /// - Returns: ``StreamDelivery/queued``, ``StreamDelivery/replaced`` or ``StreamDelivery/skipped``;
    ///   ``StreamDelivery/refused`` when the stream is closed or the client is gone.
    /// - Complexity: O(1), or O(catch-up messages); never blocks on the network.
    @discardableResult
    public func write(_ message: StreamMessage, fallingBehind catchUp: (() -> [StreamMessage])?) -> StreamDelivery {
        enqueue(message, whenBehind: catchUp.map { .replace($0) } ?? .skip)
    }

    /// What a write does when more than the limit already waits.
    private enum Behind {
        /// Drop the client.
        case drop
        /// Leave the message out.
        case skip
        /// Replace what waits (and the message) with these.
        case replace(() -> [StreamMessage])
    }

    private func enqueue(_ message: StreamMessage, whenBehind behind: Behind) -> StreamDelivery {
        let (delivery, wake) = state.withLock { state -> (StreamDelivery, Attachment?) in
            guard !state.finished, !state.closeRequested, !state.overflowed else { return (.refused, nil) }
            if !state.pending.isEmpty && state.pendingCount + message.count > bufferLimit {
                switch behind {
                case .drop:
                    state.overflowed = true
                    state.pending = []
                    state.pendingCount = 0
                    return (.refused, state.takeWakeUp())
                case .skip:
                    return (.skipped, nil)
                case .replace(let catchUp):
                    state.pending = catchUp()
                    state.pendingCount = state.pending.reduce(0) { $0 + $1.count }
                    return (.replaced, state.takeWakeUp())
                }
            }
            state.pending.append(message)
            state.pendingCount += message.count
            return (.queued, state.takeWakeUp())
        }
        if let wake { wake.loop.post(.streamReady(self)) }
        return delivery
    }

    /// Queues UTF-8 text for the client.
    /// - Returns: as `write(_: [UInt8])`.
    @discardableResult
    public func write(_ text: String) -> Bool {
        write(Array(text.utf8))
    }

    /// Ends the stream once the queued bytes are sent; the connection then serves its next request (or
    /// closes, for HTTP/1.0).
    public func close() {
        let wake = state.withLock { state -> Attachment? in
            guard !state.finished, !state.closeRequested else { return nil }
            state.closeRequested = true
            return state.takeWakeUp()
        }
        if let wake { wake.loop.post(.streamReady(self)) }
    }

    /// Registers `callback` to run once when the stream ends; at once (on this thread) if it already has.
    /// Callbacks otherwise run on the event loop's thread and must not block.
    public func onClose(_ callback: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state -> Bool in
            if state.finished { return true }
            state.callbacks.append(callback)
            return false
        }
        if runNow { callback() }
    }

    // MARK: Event loop side

    /// Whether messages wait to be taken by the connection.
    var hasWaitingMessages: Bool {
        state.withLock { !$0.pending.isEmpty }
    }

    /// The token of the connection the stream is sent on; nil before it is attached.
    var attachmentToken: UInt64? {
        state.withLock { $0.attachment?.token }
    }

    /// Binds the stream to its connection; queued bytes or a pending close are delivered from now on.
    func attach(_ attachment: Attachment) {
        let wake = state.withLock { state -> Attachment? in
            state.attachment = attachment
            let hasWork = !state.pending.isEmpty || state.closeRequested || state.overflowed
            return hasWork ? state.takeWakeUp() : nil
        }
        if let wake { wake.loop.post(.streamReady(self)) }
    }

    /// What the event loop should do next: send `messages` (all that wait, when `messages` is true: the
    /// connection has sent everything before them; else none, and they keep waiting), then end the stream if
    /// `close`, or drop the connection if `overflowed`.
    func take(messages: Bool) -> (messages: [StreamMessage], close: Bool, overflowed: Bool, token: UInt64?) {
        state.withLock { state in
            state.scheduled = false
            var taken: [StreamMessage] = []
            if messages {
                swap(&taken, &state.pending)
                state.pendingCount = 0
            }
            return (taken, state.closeRequested, state.overflowed, state.attachment?.token)
        }
    }

    /// Marks the stream as over and runs the `onClose` callbacks (once).
    func finish() {
        let callbacks = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.finished else { return [] }
            state.finished = true
            state.pending = []
            state.pendingCount = 0
            defer { state.callbacks = [] }
            return state.callbacks
        }
        for callback in callbacks { callback() }
    }
}

/// What became of a message written to a stream (``HTTPStream/write(_:fallingBehind:)``).
public enum StreamDelivery: Sendable, Equatable {
    /// Queued after what waits.
    case queued
    /// The client was behind: what waited was replaced by the writer's catch-up.
    case replaced
    /// The client was behind and the message was left out (no catch-up given).
    case skipped
    /// The stream is closed or its client gone.
    case refused
}
