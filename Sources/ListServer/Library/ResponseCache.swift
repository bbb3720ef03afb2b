// ListServer — the window responses written for one dataset version
import Bytes
import ListRender
import Models
import Synchronization

/// The window responses written for one dataset version, so that a window asked for again (a page
/// reloaded, several clients at the same place, a benchmark) is sent without being laid out and
/// written again.
///
/// Each ``DatasetEntry`` (one dataset version) has its own cache, so a change, which makes a new
/// entry, can never serve a stale window. The key is the normalised request: the format and the
/// window's numbers and expanded set as parsed, so different spellings of one request share an
/// entry. Bounded by count and bytes; when full, the oldest responses are dropped first.
///
/// A response is kept the second time its key is asked for while the key is still among the recent
/// ones the cache remembers (``recentKeyCount`` digests, one slot each): a window asked for once, as
/// scrolling asks for most, is written and sent without being stored, and pushes out no response that
/// is asked for again.
final class ResponseCache: Sendable {
    /// What a response is a function of, for one dataset version.
    struct Key: Hashable, Sendable {
        enum Format: Hashable, Sendable {
            case json
            case fragment
        }

        let format: Format
        let top: Double
        let height: Double
        let overscan: Double
        let expanded: ExpandedSections
        let hasInsertionRows: Bool
        /// The width bucket the row heights were estimated for, nil for kinds whose heights do not
        /// depend on the width.
        let width: Double?
        /// The row `top` is measured from, if any.
        let anchor: Int64?
        /// The section whose header `top` is measured from, if any.
        let section: Int?
        /// The search, nil for none.
        let query: SearchQuery?
        /// The language of a fragment's own words.
        let language: UILanguage
        /// The reader's language when the interface does not speak it (a dataset's texts in it come first).
        let reader: String?
        /// A 64-bit hash of everything above (FNV-1a over words and bytes, then an avalanche), computed
        /// once: the cache hashes only this, and a response's entity tag is made of it.
        let digest: UInt64

        init(
            format: Format, top: Double, height: Double, overscan: Double, expanded: ExpandedSections,
            hasInsertionRows: Bool = false, width: Double? = nil, anchor: Int64? = nil, section: Int? = nil,
            query: SearchQuery? = nil, language: UILanguage = .english, reader: String? = nil
        ) {
            self.format = format
            self.top = top
            self.height = height
            self.overscan = overscan
            self.expanded = expanded
            self.hasInsertionRows = hasInsertionRows
            self.width = width
            self.anchor = anchor
            self.section = section
            self.query = query
            self.language = language
            self.reader = reader
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            // The numbers' bits a word at a time, and the expanded set's and the search's bytes: no number
            // is formatted.
            func mix(_ word: UInt64) { hash = (hash ^ word) &* 0x100_0000_01b3 }
            func mix<Bytes: Sequence<UInt8>>(bytes: Bytes) {
                for byte in bytes { mix(UInt64(byte)) }
            }
            mix(format == .json ? 1 : 2)
            mix(top.bitPattern)
            mix(height.bitPattern)
            mix(overscan.bitPattern)
            mix((width ?? -1).bitPattern)
            mix(UInt64(bitPattern: anchor ?? -1))
            mix(UInt64(bitPattern: Int64(section ?? -1)))
            mix(hasInsertionRows ? 1 : 0)
            mix(UInt64(language.rawValue))
            if let reader { mix(bytes: reader.utf8) }
            switch expanded {
            case .all: mix(0xA11)
            case .none: mix(0x0)
            case .ranges: mix(bytes: expanded.description.utf8)
            }
            if let query {
                mix(0xFF)
                mix(bytes: query.folded)
            }
            // Whole words mixed by one multiply leave their high bits in the high bits only: a final
            // avalanche (MurmurHash3's) spreads every input bit over the digest.
            hash ^= hash >> 33
            hash &*= 0xff51_afd7_ed55_8ccd
            hash ^= hash >> 33
            hash &*= 0xc4ce_b9fe_1a85_ec53
            hash ^= hash >> 33
            digest = hash
        }

        func hash(into hasher: inout Hasher) { hasher.combine(digest) }
    }

    /// What a lookup found: the response, or whether the one about to be written is to be kept.
    private enum Lookup {
        case hit([UInt8])
        case keep
        case pass
    }

    private struct State {
        var responses: [Key: [UInt8]] = [:]
        /// Keys in the order they were stored, as a ring: `order[oldest]` goes first.
        var order: [Key?]
        var oldest = 0
        var bytes = 0
        /// The digests of the keys last asked for and not kept, in the slot their digest names.
        var recent: [UInt64]

        /// The ring of keys and the recent digests are made when the lane first stores or is asked.
        init() {
            order = []
            recent = []
        }

        /// Whether `key` was asked for recently, so that its response is worth keeping; if not, it is
        /// remembered (in place of the key whose slot it takes) among `slots` digests.
        mutating func wasAskedForRecently(_ key: Key, slots: Int) -> Bool {
            if recent.isEmpty { recent = Array(repeating: 0, count: slots) }
            let slot = Int(truncatingIfNeeded: key.digest % UInt64(recent.count))
            if recent[slot] == key.digest { return true }
            recent[slot] = key.digest
            return false
        }
    }

    /// The most responses kept.
    let maximumCount: Int
    /// The most bytes kept; a response larger than an eighth of it is not kept.
    let maximumBytes: Int
    /// The most keys remembered as asked for once.
    let recentKeyCount: Int

    /// One lane's responses under a lock of its own.
    private final class Lane: Sendable {
        let state: Mutex<State>
        /// Room after the lock and the state, so that the next lane's lock is not on the same cache line:
        /// threads in different lanes then never write to one line.
        private let padding: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)

        init() {
            state = Mutex(State())
        }
    }

    /// The lanes, each with the limits above: the server's event loops each use their own (`lane` in
    /// ``response(for:lane:render:)``), so that answering a window takes no lock another thread takes
    /// and writes no memory another thread reads.
    private let lanes: [Lane]

    /// - Parameters:
    ///   - maximumCount: the most responses a lane keeps.
    ///   - maximumBytes: the most bytes a lane keeps.
    ///   - recentKeyCount: the most keys a lane remembers as asked for once.
    ///   - lanes: how many lanes there are; a lane number is taken modulo this.
    init(maximumCount: Int = 256, maximumBytes: Int = 4 << 20, recentKeyCount: Int = 4096, lanes: Int = 1) {
        precondition(
            maximumCount > 0 && maximumBytes > 0 && recentKeyCount > 0 && lanes > 0,
            "a response cache must hold something")
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
        self.recentKeyCount = recentKeyCount
        self.lanes = (0..<lanes).map { _ in Lane() }
    }

    /// The number of responses kept, in all lanes.
    var count: Int { lanes.reduce(0) { total, lane in total + lane.state.withLock { $0.responses.count } } }

    /// `bytes`, or a copy of them without the room a writer left at their end (a response written in
    /// place is made with room for more), so that a kept response holds about the memory it counts.
    private static func fitted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity > bytes.count + bytes.count / 8 + 64 else { return bytes }
        return [UInt8](unsafeUninitializedCapacity: bytes.count) { memory, count in
            _ = memory.initialize(from: bytes)
            count = bytes.count
        }
    }

    /// The cached response for `key`, else what `render` writes (kept for next time when `key` was
    /// asked for recently).
    /// - Parameters:
    ///   - key: the normalised request.
    ///   - lane: the lane to look in and keep the response in (an event loop's index).
    ///   - render: writes the response; called without the lock held.
    /// - Returns: the response bytes.
    /// - Complexity: O(1) on average, plus `render` on a miss.
    func response(for key: Key, lane: Int = 0, render: () -> [UInt8]) -> [UInt8] {
        let lane = lanes[lane % lanes.count]
        switch lookup(key, in: lane) {
        case .hit(let cached): return cached
        case .pass: return render()
        case .keep: break
        }
        let bytes = Self.fitted(render())
        keep(bytes, for: key, in: lane)
        return bytes
    }

    /// As ``response(for:lane:render:)``, written at the end of `body` (an empty response writer's body):
    /// the cached response copied there, else what `render` writes there. A response kept for next time is
    /// copied out of `body`; one that is not, as scrolling asks for most, is neither copied nor allocated
    /// here.
    /// - Complexity: O(1) on average plus the cached response's length, or `render` on a miss.
    func write(for key: Key, lane: Int, into body: ByteStorage, render: (ByteStorage) -> Void) {
        assert(body.count == 0, "a response written after another")
        let lane = lanes[lane % lanes.count]
        switch lookup(key, in: lane) {
        case .hit(let cached):
            body.append(cached)
            return
        case .pass:
            render(body)
            return
        case .keep: break
        }
        render(body)
        keep(body.bytes, for: key, in: lane)
    }

    /// Whether `key`'s response is in `lane`, else whether it is worth keeping once written.
    private func lookup(_ key: Key, in lane: Lane) -> Lookup {
        lane.state.withLock { state in
            if let cached = state.responses[key] { return .hit(cached) }
            return state.wasAskedForRecently(key, slots: recentKeyCount) ? .keep : .pass
        }
    }

    /// Keeps `bytes` as `key`'s response in `lane`, dropping the oldest responses to make room; a
    /// response over an eighth of the byte limit is not kept.
    private func keep(_ bytes: [UInt8], for key: Key, in lane: Lane) {
        guard bytes.count <= maximumBytes / 8 else { return }
        lane.state.withLock { state in
            guard state.responses[key] == nil else { return }
            if state.order.isEmpty { state.order = Array(repeating: nil, count: maximumCount) }
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
    }
}
