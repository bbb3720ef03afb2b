// Web — the image URLs of names met before, found by the names' bytes
import Models

/// The image URLs of names met in earlier windows, found by the bytes a row lends, with no `String` made
/// and no lock taken: a window reads one table, which never changes; names it lacked are added by
/// replacing the table whole (``AssetCatalog/rememberImageNames(_:)``).
///
/// Open addressing over a power-of-two number of slots, at most half full, keyed by the FNV-1a hash of
/// the name's UTF-8 bytes; the bytes are compared on a hash match. The URLs' bytes lie one after another
/// in one allocation the table owns, so a window writes a row's URL from there, with nothing retained.
final class ImageNameTable: Sendable {
    struct Slot: Sendable {
        let hash: UInt64
        let name: [UInt8]
        /// The resolved URL; nil for a name that resolves nowhere.
        let url: String?
    }

    /// The most names a table holds; beyond, a new table starts from the names just met.
    static let limit = 4096

    private let slots: [Slot?]
    let count: Int
    /// Where each slot's URL lies in `urlBytes`: its offset and length; a length of -1 for a name that
    /// resolves nowhere.
    private let urlRanges: [(offset: Int32, count: Int32)]
    /// The URLs' UTF-8 bytes, written once in `init` and only read after.
    private nonisolated(unsafe) let urlBytes: UnsafeMutableRawBufferPointer

    static let empty = ImageNameTable(names: [])

    /// A table of `names`; a later name replaces an earlier one with the same bytes.
    init(names: [Slot]) {
        var capacity = 16
        while capacity < names.count * 2 { capacity *= 2 }
        var slots = [Slot?](repeating: nil, count: capacity)
        var count = 0
        for slot in names {
            var index = Int(truncatingIfNeeded: slot.hash) & (capacity - 1)
            while let existing = slots[index], existing.hash != slot.hash || existing.name != slot.name {
                index = (index + 1) & (capacity - 1)
            }
            if slots[index] == nil { count += 1 }
            slots[index] = slot
        }
        self.slots = slots
        self.count = count
        let byteCount = slots.reduce(0) { $0 + ($1?.url?.utf8.count ?? 0) }
        let urlBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(byteCount, 1), alignment: 1)
        var offset = 0
        urlRanges = slots.map { slot in
            guard let url = slot?.url else { return (0, -1) }
            let start = offset
            for byte in url.utf8 {
                urlBytes[offset] = byte
                offset += 1
            }
            return (Int32(start), Int32(offset - start))
        }
        self.urlBytes = urlBytes
    }

    deinit { urlBytes.deallocate() }

    /// The hash a name is kept under.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The UTF-8 bytes of the URL of a name the table has met (nil inside when it resolves nowhere), or
    /// nil when it has not met it: read where they lie, valid as long as the table is.
    /// - Complexity: O(1) on average, plus O(length) to compare the bytes.
    func url(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> UnsafeRawBufferPointer?? {
        guard let index = index(of: bytes, hash: hash) else { return nil }
        let range = urlRanges[index]
        guard range.count >= 0 else { return .some(nil) }
        let start = urlBytes.baseAddress.unsafelyUnwrapped + Int(range.offset)
        return UnsafeRawBufferPointer(start: start, count: Int(range.count))
    }

    private func index(of bytes: UnsafeRawBufferPointer, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var index = Int(truncatingIfNeeded: hash) & mask
        while let found = slots[index]?.hash {
            if found == hash && Self.equal(slots[index].unsafelyUnwrapped.name, bytes) { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Whether a name's stored bytes are `bytes`.
    static func equal(_ name: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        name.count == bytes.count && name.withUnsafeBytes { Fields.same($0, bytes) }
    }

    /// Every name in the table.
    var names: [Slot] { slots.compactMap { $0 } }
}
