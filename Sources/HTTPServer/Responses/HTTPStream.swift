// HTTPServer — the body of a streaming response

import Synchronization
import SystemSupport

/// The body of a streaming response (Server-Sent Events and the like), written from any thread.
///
/// `write` queues bytes and wakes the connection's event loop, which sends them as one chunk; no thread waits
/// for the client. What a client has not taken yet is bounded by `bufferLimit`: once more than that waits for
/// it (queued here or unsent on its connection) and more arrives, the client is dropped and `write` returns
/// false from then on. One write larger than the limit is still sent whole to a client that has caught up.
/// `onClose` callbacks run once when the stream ends for any reason: the client left, the server stopped, or
/// `close()` was called.
public final class HTTPStream: Sendable {
    /// Where the stream is being sent; set by the event loop when the response head is written.
    struct Attachment: Sendable {
        let loop: EventLoop
        let token: UInt64
    }

    private struct State {
        var pending: [UInt8] = []
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
    private let state = System.Locked(State())

    /// - Parameters:
    ///   - bufferLimit: the most bytes that may wait for a slow client.
    ///   - farewell: sent last when a graceful stop of the server ends the stream; nothing by default.
    public init(bufferLimit: Int = 1 << 20, farewell: [UInt8] = []) {
        self.bufferLimit = bufferLimit
        self.farewell = farewell
    }

    /// Whether the stream still accepts writes.
    public var isOpen: Bool {
        state.withLock { !$0.finished && !$0.closeRequested && !$0.overflowed }
    }

    /// Queues bytes for the client.
    /// - Parameter bytes: sent as they are (framing is added by the server).
    /// - Returns: false when the stream is closed, the client is gone, or the client is too slow (the
    ///   connection is then dropped).
    /// - Complexity: amortised O(bytes.count); never blocks on the network.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        let (accepted, wake) = state.withLock { state -> (Bool, Attachment?) in
            guard !state.finished, !state.closeRequested, !state.overflowed else { return (false, nil) }
            if !state.pending.isEmpty && state.pending.count + bytes.count > bufferLimit {
                state.overflowed = true
                state.pending = []
                return (false, state.takeWakeUp())
            }
            state.pending.append(contentsOf: bytes)
            return (true, state.takeWakeUp())
        }
        if let wake { wake.loop.post(.streamReady(self)) }
        return accepted
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

    /// Binds the stream to its connection; queued bytes or a pending close are delivered from now on.
    func attach(_ attachment: Attachment) {
        let wake = state.withLock { state -> Attachment? in
            state.attachment = attachment
            let hasWork = !state.pending.isEmpty || state.closeRequested || state.overflowed
            return hasWork ? state.takeWakeUp() : nil
        }
        if let wake { wake.loop.post(.streamReady(self)) }
    }

    /// What the event loop should do next: send `bytes`, then end the stream if `close`, or drop the
    /// connection if `overflowed`.
    func take() -> (bytes: [UInt8], close: Bool, overflowed: Bool, token: UInt64?) {
        state.withLock { state in
            state.scheduled = false
            let bytes = state.pending
            state.pending = []
            return (bytes, state.closeRequested, state.overflowed, state.attachment?.token)
        }
    }

    /// Marks the stream as over and runs the `onClose` callbacks (once).
    func finish() {
        let callbacks = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.finished else { return [] }
            state.finished = true
            state.pending = []
            defer { state.callbacks = [] }
            return state.callbacks
        }
        for callback in callbacks { callback() }
    }
}
