// Web — exports kept per dataset version and format
import HTTPServer
import Models
import Synchronization

/// Exports kept per dataset version and format, so that an export asked again is sent from the bytes
/// built once (a million rows as an XML plist is 193 MB and seconds of a worker's time). An export is kept
/// as the pieces its writer made (``DocumentFormat/writePieces(_:pieceBytes:)``), which every connection
/// sending it holds by reference.
///
/// A version's exports are found by its entry's tag, which no other version has: a kept export is never
/// stale, and the exports of versions gone age out. At most ``byteLimit`` bytes are kept, the least
/// recently used going first. When they do not fit, the exports longer than ``compressedAbove`` are kept
/// gzip-compressed (``GzipPieces``) before any goes, so that a million rows' plist and JSON (193 MB and
/// 117 MB) are both kept rather than each making the other go: sent as kept to clients that accept gzip,
/// inflated on a worker for the others. Exports that fit are kept as written, and cost nothing to send. An export being written is found here too (``ExportBuild``), so that a request
/// for it follows it rather than writing it again.
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
    /// The bytes an export's writer cuts before its clients are answered with what is cut so far and then
    /// each piece as it is cut (``ExportBuild``); an export shorter than this is answered whole, with its
    /// length (and compressed for clients that accept gzip, as a body of at most
    /// ``ResponseCompression/maximumBytes`` is, 8 MiB by default).
    let streamedAfter: Int
    /// The bytes above which an export is kept compressed when the exports do not fit together.
    let compressedAbove: Int
    /// Called on the worker after each piece an export's writer cuts, with the bytes cut so far: a test's
    /// hold on the writer. Nil outside tests.
    let pieceCut: (@Sendable (_ count: Int) -> Void)?
    /// Exports built and kept, in all (`listserver_exports_built_total`): an export asked again of the same
    /// version is not built again.
    let builtCount = Atomic<Int>(0)
    private let state = Mutex(State())

    private struct State {
        var bodies: [Key: (body: Kept, count: Int, used: UInt64)] = [:]
        var builds: [Key: ExportBuild] = [:]
        var bytes = 0
        var clock: UInt64 = 0
    }

    /// The bytes of the exports kept now.
    var keptBytes: Int { state.withLock { $0.bytes } }

    /// An export as it is kept: its pieces, or the same compressed.
    enum Kept: Sendable {
        case pieces([[UInt8]])
        case gzip(GzipPieces)
    }

    init(
        byteLimit: Int = 256 << 20, streamedAfter: Int = 8 << 20, compressedAbove: Int = 32 << 20,
        pieceCut: (@Sendable (_ count: Int) -> Void)? = nil
    ) {
        self.byteLimit = byteLimit
        self.streamedAfter = streamedAfter
        self.compressedAbove = compressedAbove
        self.pieceCut = pieceCut
    }

    /// The export kept for `key`, in pieces; nil when there is none, or it is kept compressed.
    /// - Complexity: O(1) on average (the pieces are shared, not copied).
    func pieces(for key: Key) -> [[UInt8]]? {
        guard case .pieces(let pieces) = lookUp(key).kept else { return nil }
        return pieces
    }

    /// What there is of the export for `key`: the export when it is kept, else the build writing it now.
    /// - Complexity: O(1) on average.
    func lookUp(_ key: Key) -> (kept: Kept?, build: ExportBuild?) {
        state.withLock { state in
            guard let kept = state.bodies[key] else { return (nil, state.builds[key]) }
            state.clock += 1
            state.bodies[key] = (kept.body, kept.count, state.clock)
            return (kept.body, nil)
        }
    }

    /// Notes `build` as writing the export for `key`, until ``keep(_:for:)`` keeps its pieces.
    func start(_ build: ExportBuild, for key: Key) {
        state.withLock { $0.builds[key] = build }
    }

    /// The export kept for `key` as one buffer (an export kept in one piece, as a bundle's archive is, is not
    /// copied); nil when there is none.
    func bytes(for key: Key) -> [UInt8]? {
        guard let pieces = pieces(for: key) else { return nil }
        return pieces.count == 1 ? pieces[0] : Array(pieces.joined())
    }

    /// Keeps `bytes` as the export for `key`, in one piece, never compressed (a ZIP archive already is).
    func keep(_ bytes: [UInt8], for key: Key) {
        keep([bytes], for: key, compressing: false)
    }

    /// Keeps `pieces` as the export for `key`, letting the least recently used go to stay within
    /// ``byteLimit``; an export larger than the limit even compressed is not kept. When the kept exports and
    /// this one do not fit together, those longer than ``compressedAbove`` (this one too) are compressed first,
    /// on the calling thread (a worker), and only what still does not fit goes. The build that wrote the
    /// pieces is forgotten in the same step that keeps them, so that a request finds one or the other.
    /// - Parameter compressing: false for bytes that do not compress (a ZIP archive).
    /// - Complexity: O(pieces), and O(kept exports) when one must go; O(bytes) of the exports compressed.
    func keep(_ pieces: [[UInt8]], for key: Key, compressing: Bool = true) {
        builtCount.add(1, ordering: .relaxed)
        var count = pieces.reduce(0) { $0 + $1.count }
        var body = Kept.pieces(pieces)
        // The kept exports that may be compressed to make room, when there is too little.
        let compressible = state.withLock { state -> [(key: Key, pieces: [[UInt8]])] in
            let kept = state.bytes - (state.bodies[key]?.count ?? 0)
            guard compressing, kept + count > byteLimit else { return [] }
            return state.bodies.compactMap { entry in
                guard entry.key != key, entry.value.count > compressedAbove, case .pieces(let pieces) = entry.value.body
                else { return nil }
                return (entry.key, pieces)
            }
        }
        if compressing, count > compressedAbove, !compressible.isEmpty || count > byteLimit,
            let compressed = GzipPieces(compressing: pieces)
        {
            body = .gzip(compressed)
            count = compressed.count
        }
        let compressed = compressible.compactMap { entry in
            GzipPieces(compressing: entry.pieces).map { (entry.key, entry.pieces.count, $0) }
        }
        state.withLock { state in
            state.builds[key] = nil
            for (kept, pieceCount, gzip) in compressed {
                // Unless it went meanwhile, or was kept again.
                guard let entry = state.bodies[kept], case .pieces(let pieces) = entry.body, pieces.count == pieceCount
                else { continue }
                state.bodies[kept] = (.gzip(gzip), gzip.count, entry.used)
                state.bytes += gzip.count - entry.count
            }
            guard count <= byteLimit else { return }
            if let old = state.bodies.removeValue(forKey: key) { state.bytes -= old.count }
            while state.bytes + count > byteLimit,
                let oldest = state.bodies.min(by: { $0.value.used < $1.value.used })
            {
                state.bodies[oldest.key] = nil
                state.bytes -= oldest.value.count
            }
            state.clock += 1
            state.bodies[key] = (body, count, state.clock)
            state.bytes += count
        }
    }
}
