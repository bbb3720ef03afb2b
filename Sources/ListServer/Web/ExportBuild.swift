// Web — an export being written, sent to its clients as its pieces are cut
import HTTPServer
import Synchronization

/// An export being written on a worker, which every request for it while it is written follows: each piece
/// the writer cuts (``DocumentFormat/writePieces(_:pieceBytes:handOff:)``) is written to every follower's
/// stream as it is cut, and a follower that comes later is given the pieces cut so far first. So the first
/// bytes of a 193 MB export reach the client while the rest is being written, rather than seconds later.
///
/// The pieces are held once, here and then in the ``ExportCache``: a follower's stream holds them by reference
/// (``StreamMessage``), so a client slower than the writer costs references, not a second copy of the export,
/// and the worker never waits for a client.
final class ExportBuild: Sendable {
    private struct State {
        var pieces: [StreamMessage] = []
        var count = 0
        var followers: [HTTPStream] = []
        var finished = false
        var isSent = false
    }

    private let state = Mutex(State())

    /// The bytes cut so far.
    var count: Int { state.withLock { $0.count } }

    /// Whether the export is sent as it is written (``markSent()``): until then, a request for it waits for
    /// the worker writing it, to be answered as its other requests are.
    var isSent: Bool { state.withLock { $0.isSent } }

    /// Notes that the export is sent as it is written from now on.
    func markSent() {
        state.withLock { $0.isSent = true }
    }

    /// A stream that follows the export: the pieces cut so far, then each piece as it is cut, closed after
    /// the last one.
    /// - Complexity: O(pieces cut so far); the pieces are queued by reference.
    func follow() -> HTTPStream {
        // The pieces are held here by reference: what waits for a slow client is no copy, so it is not bounded
        // again by the stream.
        let stream = HTTPStream(bufferLimit: Int.max >> 1, endsOnlyWhenClosed: true)
        state.withLock { state in
            for piece in state.pieces { stream.write(piece) }
            if state.finished { stream.close() } else { state.followers.append(stream) }
        }
        return stream
    }

    /// Adds the next piece, written to every follower at once; a follower whose client left is let go.
    /// - Complexity: O(followers).
    func append(_ bytes: [UInt8]) {
        let piece = StreamMessage(bytes)
        state.withLock { state in
            state.pieces.append(piece)
            state.count += bytes.count
            state.followers.removeAll { !$0.write(piece) }
        }
    }

    /// Ends the export: every follower's stream closes once it has sent the pieces.
    func finish() {
        let followers = state.withLock { state -> [HTTPStream] in
            state.finished = true
            defer { state.followers = [] }
            return state.followers
        }
        for stream in followers { stream.close() }
    }
}
