// Models — the object keys seen recently in a parse

/// The object keys seen recently in a parse, so that the same key in a million rows is
/// decoded once and every row shares one `String` (and, for keys longer than 15 bytes,
/// one allocation).
///
/// A direct-mapped table: each key hashes to one slot, and a slot holds the last key that
/// hashed there. Keys without escapes go through it; every key gets a ``hash(_:)``, which
/// the parser uses to look for duplicate keys without comparing strings.
struct JSONKeyCache: ~Copyable {
    private struct Entry {
        /// The key's first 16 bytes, little-endian, zero-padded: with `length` they
        /// identify a key of up to 16 bytes exactly.
        var low: UInt64
        var high: UInt64
        var length: Int
        var hash: UInt64
        var key: String
    }

    /// Keys longer than this are decoded every time.
    static let maximumKeyLength = 64
    private static let slotBits = 8

    private let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: 1 << Self.slotBits)
        entries.initialize(repeating: Entry(low: 0, high: 0, length: -1, hash: 0, key: ""), count: 1 << Self.slotBits)
    }

    deinit {
        entries.deinitialize(count: 1 << Self.slotBits)
        entries.deallocate()
    }

    /// The key spelled by `bytes`, which must be valid UTF-8 without escapes, and its hash.
    /// - Parameters:
    ///   - bytes: The key's bytes inside the document.
    ///   - readable: How many bytes may be read from `bytes.baseAddress` (at least `bytes.count`).
    /// - Complexity: O(bytes.count).
    mutating func key(for bytes: UnsafeBufferPointer<UInt8>, readable: Int) -> (key: String, hash: UInt64) {
        let length = bytes.count
        if length <= 16 {
            let (low, high) = readable >= 16 ? Self.loadPrefix(fast: bytes) : Self.loadPrefix(bytes)
            let hash = Self.mix(low, high, length)
            let entry = entries + Self.slot(hash)
            if entry.pointee.length == length && entry.pointee.low == low && entry.pointee.high == high {
                return (entry.pointee.key, hash)
            }
            let key = String(decoding: bytes, as: UTF8.self)
            entry.pointee = Entry(low: low, high: high, length: length, hash: hash, key: key)
            return (key, hash)
        }
        let hash = Self.hash(bytes)
        guard length <= Self.maximumKeyLength else { return (String(decoding: bytes, as: UTF8.self), hash) }
        let entry = entries + Self.slot(hash)
        if entry.pointee.hash == hash && entry.pointee.length == length && Self.equals(entry.pointee.key, bytes) {
            return (entry.pointee.key, hash)
        }
        let key = String(decoding: bytes, as: UTF8.self)
        entry.pointee = Entry(low: 0, high: 0, length: length, hash: hash, key: key)
        return (key, hash)
    }

    /// The 64-bit hash of a key's UTF-8 bytes, the same whichever way the key was decoded.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        if bytes.count <= 16 {
            let (low, high) = loadPrefix(bytes)
            return mix(low, high, bytes.count)
        }
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash >> UInt64(64 - slotBits))
    }

    @inline(__always)
    private static func mix(_ low: UInt64, _ high: UInt64, _ length: Int) -> UInt64 {
        var hash = (low &* 0x9E37_79B9_7F4A_7C15) ^ (high &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(length)
        hash ^= hash >> 29
        hash &*= 0x1656_67B1_9E37_79F9
        hash ^= hash >> 32
        return hash
    }

    /// The first 16 bytes (at most) of `bytes`, read with two loads; 16 bytes must be readable.
    @inline(__always)
    private static func loadPrefix(fast bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
        let high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let length = bytes.count
        if length >= 16 { return (low, high) }
        if length >= 8 { return (low, high & (UInt64(1) << UInt64((length - 8) * 8) &- 1)) }
        return (low & (UInt64(1) << UInt64(length * 8) &- 1), 0)
    }

    /// The first 16 bytes (at most) of `bytes`, read one by one.
    private static func loadPrefix(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<Swift.min(bytes.count, 16) {
            let byte = UInt64(bytes[offset])
            if offset < 8 {
                low |= byte << UInt64(offset * 8)
            } else {
                high |= byte << UInt64((offset - 8) * 8)
            }
        }
        return (low, high)
    }

    private static func equals(_ key: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var key = key
        return key.withUTF8 { stored in
            guard stored.count == bytes.count else { return false }
            for offset in 0..<stored.count where stored[offset] != bytes[offset] { return false }
            return true
        }
    }
}
