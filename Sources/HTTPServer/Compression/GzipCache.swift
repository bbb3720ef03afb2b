// HTTPServer — compressed bodies kept by path and entity tag, within a byte budget
import SystemSupport

/// Compressed bodies kept by request path and strong entity tag, so that a body is compressed once, not on
/// every request: a static file until it changes, a window while it is asked for again. Shared by every
/// event loop of a server, behind one lock held only to look up or store.
///
/// A strong entity tag names the bytes of one representation of its resource (RFC 9110 §8.8.1), so the
/// path and the tag (and, as a check, the identity length) name the compressed bytes too.
///
/// At most `byteLimit` bytes (the arrays' capacities) and `entryLimit` entries are kept; an entry larger
/// than an eighth of `byteLimit` is not kept. When one more does not fit, entries go in CLOCK order (second
/// chance): the hand passes over entries used since it last passed, clearing their mark, and removes the
/// first unmarked one, so that files asked for on every page stay while windows asked for once go.
final class GzipCache: Sendable {
    struct Key: Hashable, Sendable {
        let path: String
        let etag: String
        let identityCount: Int
    }

    private struct Entry {
        let key: Key
        let bytes: [UInt8]
        var used = false
    }

    private struct State {
        var slots: [Entry?] = []
        var free: [Int] = []
        var index: [Key: Int] = [:]
        var hand = 0
        var byteCount = 0
    }

    let byteLimit: Int
    let entryLimit: Int
    private let state = System.Locked(State())

    /// - Parameters:
    ///   - byteLimit: the most bytes kept, counted as the capacities of their arrays.
    ///   - entryLimit: the most entries kept.
    init(byteLimit: Int, entryLimit: Int = 4096) {
        self.byteLimit = Swift.max(0, byteLimit)
        self.entryLimit = Swift.max(1, entryLimit)
    }

    /// The compressed bytes kept for `key`, marked as used.
    /// - Returns: nil when none are kept.
    /// - Complexity: O(1) besides hashing the key.
    func bytes(for key: Key) -> [UInt8]? {
        state.withLock { state in
            guard let slot = state.index[key] else { return nil }
            state.slots[slot]!.used = true
            return state.slots[slot]!.bytes
        }
    }

    /// Keeps `bytes` for `key`, removing entries as needed (see the type); does nothing when they are
    /// larger than an eighth of the budget or an entry for `key` is kept already.
    /// - Complexity: amortised O(1): the hand moves at most once round the slots per entry removed, and
    ///   clears a mark each time it passes one.
    func keep(_ bytes: [UInt8], for key: Key) {
        guard bytes.capacity <= byteLimit / 8 else { return }
        state.withLock { state in
            guard state.index[key] == nil else { return }
            while !state.index.isEmpty
                && (state.byteCount + bytes.capacity > byteLimit || state.index.count >= entryLimit)
            {
                Self.removeOne(&state)
            }
            let entry = Entry(key: key, bytes: bytes)
            if let slot = state.free.popLast() {
                state.slots[slot] = entry
                state.index[key] = slot
            } else {
                state.slots.append(entry)
                state.index[key] = state.slots.count - 1
            }
            state.byteCount += bytes.capacity
            Self.checkInvariants(state)
        }
    }

    /// How many entries are kept, and the bytes their arrays take (their capacities).
    var usage: (entries: Int, bytes: Int) {
        state.withLock { ($0.index.count, $0.byteCount) }
    }

    /// Removes the first entry at or after the hand that is not marked used, clearing the marks it passes.
    private static func removeOne(_ state: inout State) {
        while true {
            if state.hand >= state.slots.count { state.hand = 0 }
            let slot = state.hand
            state.hand += 1
            guard let entry = state.slots[slot] else { continue }
            if entry.used {
                state.slots[slot]!.used = false
                continue
            }
            state.slots[slot] = nil
            state.free.append(slot)
            state.index[entry.key] = nil
            state.byteCount -= entry.bytes.capacity
            return
        }
    }

    /// In debug builds: the index and the slots agree, and the byte count is the sum of their capacities.
    private static func checkInvariants(_ state: State) {
        #if DEBUG
            guard state.slots.count <= 64 else { return }
            var bytes = 0
            var entries = 0
            for (slot, entry) in state.slots.enumerated() {
                guard let entry else { continue }
                assert(state.index[entry.key] == slot, "an entry the index does not name")
                bytes += entry.bytes.capacity
                entries += 1
            }
            assert(entries == state.index.count && bytes == state.byteCount, "counts that disagree with the slots")
            assert(entries + state.free.count == state.slots.count, "a slot neither used nor free")
        #endif
    }
}
