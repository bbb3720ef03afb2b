// ListServer — the layouts a dataset version derived for its clients, kept within a memory budget
import ListRender
import Synchronization

/// The layouts a dataset version derived for its clients' expanded sets, editing mode and widths, kept so
/// that the next window asking for one costs a window, and bounded by the memory they hold as well as by
/// their number: a client rotating through widths of a million rows of self-sizing heights makes a layout
/// of its own each time (about 10 MB), and the least recently used go first. The layout kept last always
/// stays, whatever its size, so that a table larger than the budget is laid out once per width, not once
/// per window.
final class DerivedLayouts: Sendable {
    /// What a derived layout is a function of.
    struct Key: Hashable, Sendable {
        var expanded: ExpandedSections
        var hasInsertionRows: Bool
        var width: Double?
    }

    /// The most layouts kept.
    let countLimit: Int
    /// The most bytes kept (``TableLayout/storageBytes(countingRows:)``), but for the layout kept last.
    let byteLimit: Int
    private let state = Mutex(State())

    private struct State {
        var layouts: [Key: (layout: SharedLayout, bytes: Int, used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    init(countLimit: Int = 32, byteLimit: Int = 64 << 20) {
        precondition(countLimit > 0 && byteLimit >= 0, "a cache keeps at least its last layout")
        self.countLimit = countLimit
        self.byteLimit = byteLimit
    }

    /// The bytes the layouts kept now hold, and their number.
    var kept: (bytes: Int, count: Int) { state.withLock { ($0.bytes, $0.layouts.count) } }

    /// Whether a layout is kept for `key`.
    /// - Complexity: O(1) on average.
    func contains(_ key: Key) -> Bool { state.withLock { $0.layouts[key] != nil } }

    /// The layout kept for `key`, marked as used now; nil when there is none.
    /// - Complexity: O(1) on average.
    func layout(for key: Key) -> SharedLayout? {
        state.withLock { state in
            guard let kept = state.layouts[key] else { return nil }
            state.clock += 1
            state.layouts[key]?.used = state.clock
            return kept.layout
        }
    }

    /// Keeps `layout` for `key` as holding `bytes`, letting the least recently used others go until the
    /// layouts kept are within both limits.
    /// - Complexity: O(k) for each layout that goes, k the layouts kept (at most ``countLimit``).
    func keep(_ layout: SharedLayout, bytes: Int, for key: Key) {
        state.withLock { state in
            if let old = state.layouts.removeValue(forKey: key) { state.bytes -= old.bytes }
            while !state.layouts.isEmpty,
                state.layouts.count >= countLimit || state.bytes + bytes > byteLimit,
                let oldest = state.layouts.min(by: { $0.value.used < $1.value.used })
            {
                state.layouts[oldest.key] = nil
                state.bytes -= oldest.value.bytes
            }
            state.clock += 1
            state.layouts[key] = (layout, bytes, state.clock)
            state.bytes += bytes
        }
    }
}
