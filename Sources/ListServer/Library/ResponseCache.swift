// ListServer — the window responses written for one dataset version
import ListRender
import Synchronization

/// The window responses written for one dataset version, so that a window asked for again (a page
/// reloaded, several clients at the same place, a benchmark) is sent without being laid out and
/// written again.
///
/// Each ``DatasetEntry`` (one dataset version) has its own cache, so a change, which makes a new
/// entry, can never serve a stale window. The key is the normalised request: the format and the
/// window's numbers and expanded set as parsed, so different spellings of one request share an
/// entry. Bounded by count and bytes; when full, the oldest responses are dropped first.
final class ResponseCache: Sendable {
    /// What a response is a function of, for one dataset version.
    struct Key: Hashable, Sendable {
        enum Format: Hashable, Sendable {
            case json
            case fragment
        }

        var format: Format
        var top: Double
        var height: Double
        var overscan: Double
        var expanded: ExpandedSections
        var hasInsertionRows = false
        /// The width bucket the row heights were estimated for, nil for kinds whose heights do not
        /// depend on the width.
        var width: Double?
        /// The row `top` is measured from, if any.
        var anchor: Int64?
        /// The section whose header `top` is measured from, if any.
        var section: Int?
        /// The search, nil for none.
        var query: SearchQuery?
    }

    private struct State {
        var responses: [Key: [UInt8]] = [:]
        /// Keys in the order they were stored, as a ring: `order[oldest]` goes first.
        var order: [Key?]
        var oldest = 0
        var bytes = 0

        init(capacity: Int) {
            order = Array(repeating: nil, count: capacity)
        }
    }

    /// The most responses kept.
    let maximumCount: Int
    /// The most bytes kept; a response larger than an eighth of it is not kept.
    let maximumBytes: Int
    private let state: Mutex<State>

    init(maximumCount: Int = 256, maximumBytes: Int = 4 << 20) {
        precondition(maximumCount > 0 && maximumBytes > 0, "a response cache must hold something")
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
        state = Mutex(State(capacity: maximumCount))
    }

    /// The number of responses kept.
    var count: Int { state.withLock { $0.responses.count } }

    /// The cached response for `key`, else what `render` writes (kept for next time).
    /// - Parameters:
    ///   - key: the normalised request.
    ///   - render: writes the response; called without the lock held.
    /// - Returns: the response bytes.
    /// - Complexity: O(1) on average, plus `render` on a miss.
    func response(for key: Key, render: () -> [UInt8]) -> [UInt8] {
        if let cached = state.withLock({ $0.responses[key] }) { return cached }
        let bytes = render()
        guard bytes.count <= maximumBytes / 8 else { return bytes }
        state.withLock { state in
            guard state.responses[key] == nil else { return }
            let capacity = state.order.count
            var count = state.responses.count
            while count > 0 && (count == capacity || state.bytes + bytes.count > maximumBytes) {
                if let evicted = state.order[state.oldest], let old = state.responses.removeValue(forKey: evicted) {
                    state.bytes -= old.count
                }
                state.order[state.oldest] = nil
                state.oldest = (state.oldest + 1) % capacity
                count -= 1
            }
            state.order[(state.oldest + count) % capacity] = key
            state.responses[key] = bytes
            state.bytes += bytes.count
        }
        return bytes
    }
}
