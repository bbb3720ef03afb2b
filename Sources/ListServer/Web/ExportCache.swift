// Web — exports kept per dataset version and format
import Synchronization

/// Exports kept per dataset version and format, so that an export asked again is sent from the bytes
/// built once (a million rows as an XML plist is 193 MB and seconds of a worker's time).
///
/// A version's exports are found by its entry's tag, which no other version has: a kept export is never
/// stale, and the exports of versions gone age out. At most ``byteLimit`` bytes are kept, the least
/// recently used going first.
final class ExportCache: Sendable {
    /// What an export is of: the version (its entry's tag), the format asked for and the pane.
    struct Key: Hashable, Sendable, CustomStringConvertible {
        let tag: String
        let format: String
        let pane: String

        var description: String { "\(tag) \(format) \(pane)" }
    }

    /// The most bytes kept.
    let byteLimit: Int
    private let state = Mutex(State())

    private struct State {
        var bodies: [Key: (bytes: [UInt8], used: UInt64)] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    init(byteLimit: Int = 256 << 20) {
        self.byteLimit = byteLimit
    }

    /// The export kept for `key`; nil when there is none.
    /// - Complexity: O(1) on average (the bytes are shared, not copied).
    func bytes(for key: Key) -> [UInt8]? {
        state.withLock { state in
            guard let kept = state.bodies[key] else { return nil }
            state.clock += 1
            state.bodies[key] = (kept.bytes, state.clock)
            return kept.bytes
        }
    }

    /// Keeps `bytes` as the export for `key`, letting the least recently used go to stay within
    /// ``byteLimit``; an export larger than the limit is not kept.
    /// - Complexity: O(kept exports) when one must go, else O(1) on average.
    func keep(_ bytes: [UInt8], for key: Key) {
        guard bytes.count <= byteLimit else { return }
        state.withLock { state in
            if let old = state.bodies.removeValue(forKey: key) { state.bytes -= old.bytes.count }
            while state.bytes + bytes.count > byteLimit,
                let oldest = state.bodies.min(by: { $0.value.used < $1.value.used })
            {
                state.bodies[oldest.key] = nil
                state.bytes -= oldest.value.bytes.count
            }
            state.clock += 1
            state.bodies[key] = (bytes, state.clock)
            state.bytes += bytes.count
        }
    }
}
