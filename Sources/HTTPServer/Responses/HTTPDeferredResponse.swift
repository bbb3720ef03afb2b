// HTTPServer — a response that another thread completes
import SystemSupport

/// A response that another thread completes: for work too long for an event loop (an import of a large
/// file), the handler hands it to a worker and returns at once with this; the loop serves its other
/// connections meanwhile, and sends the response when ``complete(_:)`` is called.
///
/// The connection waits for it (later pipelined requests wait in order); a client that leaves first
/// loses nothing but the answer, and a completion after that is ignored.
public final class HTTPDeferredResponse: Sendable {
    private struct State {
        var response: HTTPResponse?
        var attachment: HTTPStream.Attachment?
        var delivered = false
        /// Bytes of the server's budget for request bodies that the request's body holds until the work
        /// is done (the worker has the body), and the server they are owed to.
        var heldBodyBytes = 0
        var budget: ServerContext?
        /// The client's address, whose share of the budget they count in.
        var heldBy: String?
    }

    private let state = System.Locked(State())

    public init() {}

    /// Completes the response; the connection's loop sends it. Only the first call counts.
    /// - Parameter response: a response with a body known in full, or a stream (an export sent as it is
    ///   written); another deferred response is answered `500`.
    public func complete(_ response: HTTPResponse) {
        let (wake, held, budget, address) = state.withLock {
            state -> (HTTPStream.Attachment?, Int, ServerContext?, String?) in
            guard state.response == nil else { return (nil, 0, nil, nil) }
            state.response = response
            defer { (state.heldBodyBytes, state.budget) = (0, nil) }
            return (state.attachment, state.heldBodyBytes, state.budget, state.heldBy)
        }
        budget?.releaseBodyBytes(held, address: address)
        wake?.loop.post(.deferredReady(self))
    }

    /// The response once ``complete(_:)`` has been called; nil before.
    public var response: HTTPResponse? { state.withLock { $0.response } }

    // MARK: Event loop side

    /// Binds the response to its connection, and takes over `bodyBytes` of the server's body budget that
    /// the request's body holds: they are given back when the work completes, whether or not the client
    /// is still there, as the worker holds the body until then. A response already complete gives them
    /// back and is delivered at once.
    func attach(
        _ attachment: HTTPStream.Attachment, holding bodyBytes: Int, from address: String?, of budget: ServerContext
    ) {
        let ready = state.withLock { state -> Bool in
            state.attachment = attachment
            guard state.response == nil else { return true }
            (state.heldBodyBytes, state.budget, state.heldBy) = (bodyBytes, budget, address)
            return false
        }
        if ready {
            budget.releaseBodyBytes(bodyBytes, address: address)
            attachment.loop.post(.deferredReady(self))
        }
    }

    /// The completed response and the connection it is for, once: later calls give nil.
    func take() -> (response: HTTPResponse, token: UInt64)? {
        state.withLock { state in
            guard !state.delivered, let response = state.response, let attachment = state.attachment else {
                return nil
            }
            state.delivered = true
            return (response, attachment.token)
        }
    }
}
