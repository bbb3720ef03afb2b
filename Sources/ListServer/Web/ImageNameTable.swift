// Web — the image URLs of names met before, found by the names' bytes
import Bytes
import Models

/// The image URLs of names met in earlier windows, found by the bytes a row lends, with no `String` made
/// and no lock taken: a window reads one table, which never changes; names it lacked are added by
/// replacing the table whole (``AssetCatalog/rememberImageNames(_:)``).
///
/// Open addressing over a power-of-two number of entries, at most half full, in one allocation the table
/// owns. A name of up to 16 bytes is its own key: its length and two words that hold all its bytes
/// (``Key``), compared whole, so finding it reads no byte of the name twice and follows no pointer; a
/// longer name is also compared byte for byte with its copy in the table. The URLs' bytes lie one after
/// another in another allocation, so a window writes a row's URL from there, with nothing retained.
final class ImageNameTable: Sendable {
    struct Slot: Sendable {
        let hash: UInt64
        let name: [UInt8]
        /// The resolved URL; nil for a name that resolves nowhere.
        let url: String?
    }

    /// A name as the table finds it: its length and two words that together hold every byte of a name
    /// of up to 16 bytes (the first and last 8, or for a shorter name its first and last 4, or its first,
    /// middle and last byte), which are then a key as exact as the bytes themselves.
    struct Key: Equatable {
        let count: Int
        let head: UInt64
        let tail: UInt64

        @inline(__always)
        init(_ bytes: UnsafeRawBufferPointer) {
            let count = bytes.count
            self.count = count
            if count >= 8 {
                head = bytes.loadUnaligned(as: UInt64.self)
                tail = bytes.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            } else if count >= 4 {
                head = UInt64(bytes.loadUnaligned(as: UInt32.self))
                tail = UInt64(bytes.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
            } else if count > 0 {
                head = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
                tail = 0
            } else {
                head = 0
                tail = 0
            }
        }

        /// The longest name a key holds whole.
        static let exactLength = 16

        /// Whether the key alone says which name it is (the name has at most ``exactLength`` bytes).
        var isExact: Bool { count <= Self.exactLength }
    }

    /// One entry: a name's key and hash, where its URL lies, and for a name longer than 16 bytes where
    /// its bytes lie.
    private struct Entry {
        var hash: UInt64
        var key: Key
        /// The URL's offset and length in `urlBytes`; a length of -1 for a name that resolves nowhere.
        var urlOffset: Int32
        var urlCount: Int32
        /// A long name's offset in `nameBytes`.
        var nameOffset: Int32
        /// Whether the entry holds a name.
        var isUsed: Bool
    }

    /// The most names a table holds; beyond, a new table starts from the names just met.
    static let limit = 4096

    /// The names the table holds, for a table made after it.
    private let slots: [Slot]
    let count: Int
    private let mask: Int
    private nonisolated(unsafe) let entries: UnsafeMutableBufferPointer<Entry>
    /// The URLs' UTF-8 bytes, and the bytes of the names longer than 16 bytes, each one after another,
    /// written once in `init` and only read after.
    private nonisolated(unsafe) let urlBytes: UnsafeMutableRawBufferPointer
    private nonisolated(unsafe) let nameBytes: UnsafeMutableRawBufferPointer

    static let empty = ImageNameTable(names: [])

    /// A table of `names`; a later name replaces an earlier one with the same bytes.
    init(names: [Slot]) {
        var capacity = 16
        while capacity < names.count * 2 { capacity *= 2 }
        mask = capacity - 1
        // Where each name goes, the later of two equal names replacing the earlier.
        var placed = [Int?](repeating: nil, count: capacity)
        var count = 0
        for (position, slot) in names.enumerated() {
            var index = Int(truncatingIfNeeded: slot.hash) & mask
            while let existing = placed[index], names[existing].hash != slot.hash || names[existing].name != slot.name {
                index = (index + 1) & mask
            }
            if placed[index] == nil { count += 1 }
            placed[index] = position
        }
        self.count = count
        slots = placed.compactMap { $0.map { names[$0] } }
        let urlByteCount = slots.reduce(0) { $0 + ($1.url?.utf8.count ?? 0) }
        let nameByteCount = slots.reduce(0) { $0 + ($1.name.count > Key.exactLength ? $1.name.count : 0) }
        let urlBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(urlByteCount, 1), alignment: 1)
        let nameBytes = UnsafeMutableRawBufferPointer.allocate(byteCount: max(nameByteCount, 1), alignment: 1)
        let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: capacity)
        let unused = Entry(
            hash: 0, key: Key(UnsafeRawBufferPointer(start: nil, count: 0)), urlOffset: 0, urlCount: -1, nameOffset: 0,
            isUsed: false)
        entries.initialize(repeating: unused)
        var urlOffset = 0
        var nameOffset = 0
        for (index, position) in placed.enumerated() {
            guard let position else { continue }
            let slot = names[position]
            let key = slot.name.withUnsafeBytes(Key.init)
            var entry = Entry(
                hash: slot.hash, key: key, urlOffset: Int32(urlOffset),
                urlCount: -1, nameOffset: Int32(nameOffset), isUsed: true)
            if let url = slot.url {
                let utf8 = Array(url.utf8)
                // In bounds: `urlBytes` holds every placed name's URL, counted before it was allocated.
                utf8.withUnsafeBytes { urlBytes.copy($0, toByteOffset: urlOffset) }
                entry.urlCount = Int32(utf8.count)
                urlOffset += utf8.count
            }
            if !key.isExact {
                // In bounds: `nameBytes` holds every placed inexact name, counted before it was allocated.
                slot.name.withUnsafeBytes { nameBytes.copy($0, toByteOffset: nameOffset) }
                nameOffset += slot.name.count
            }
            entries[index] = entry
        }
        self.entries = entries
        self.urlBytes = urlBytes
        self.nameBytes = nameBytes
    }

    deinit {
        entries.deallocate()
        urlBytes.deallocate()
        nameBytes.deallocate()
    }

    /// The hash a name is kept under: of its ``Key`` for a name of up to 16 bytes (one full-width product),
    /// else FNV-1a over its bytes.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        hash(bytes, key: Key(bytes))
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeRawBufferPointer, key: Key) -> UInt64 {
        guard key.isExact else {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            return hash
        }
        // The two halves of one full-width product: every bit of either word reaches the low bits that
        // pick an entry (names that differ only in their last byte do not share one).
        let product = (key.head ^ 0x9e37_79b9_7f4a_7c15 ^ UInt64(truncatingIfNeeded: key.count))
            .multipliedFullWidth(by: key.tail ^ 0xc2b2_ae3d_27d4_eb4f)
        return product.high ^ product.low
    }

    /// The UTF-8 bytes of the URL of a name the table has met (nil inside when it resolves nowhere), or
    /// nil when it has not met it: read where they lie, valid as long as the table is.
    /// - Complexity: O(1) on average, plus O(length) to compare a name longer than 16 bytes.
    func url(for bytes: UnsafeRawBufferPointer, hash: UInt64) -> UnsafeRawBufferPointer?? {
        url(for: bytes, key: Key(bytes), hash: hash)
    }

    /// ``url(for:hash:)`` for a name whose key is made already.
    @inline(__always)
    func url(for bytes: UnsafeRawBufferPointer, key: Key, hash: UInt64) -> UnsafeRawBufferPointer?? {
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = entries[index]
            guard entry.isUsed else { return nil }
            // In bounds: an inexact entry's name was copied into `nameBytes` at its offset when the table was made.
            if entry.hash == hash && entry.key == key
                && (key.isExact
                    || ByteComparison.same(nameBytes.run(at: Int(entry.nameOffset), count: key.count), bytes))
            {
                guard entry.urlCount >= 0 else { return .some(nil) }
                // In bounds: an entry's URL was copied into `urlBytes` at its offset when the table was made.
                return urlBytes.run(at: Int(entry.urlOffset), count: Int(entry.urlCount))
            }
            index = (index &+ 1) & mask
        }
    }

    /// Whether a name's stored bytes are `bytes`.
    static func equal(_ name: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
        name.count == bytes.count && name.withUnsafeBytes { ByteComparison.same($0, bytes) }
    }

    /// Every name in the table.
    var names: [Slot] { slots }
}
