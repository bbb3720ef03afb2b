// ListServer — Models

/// The object keys seen recently in a parse, so that the same key in a million rows is
/// decoded once and every row shares one `String` (and, for keys longer than 15 bytes,
/// one allocation).
///
/// A direct-mapped table: each key hashes to one slot, and a slot holds the last key that
/// hashed there. Keys without escapes go through it; every key gets a hash, which the
/// parser uses to look for duplicate keys without comparing strings.
struct JSONKeyCache {
    private struct Entry {
        var hash: UInt64
        /// The key's first 16 bytes, little-endian, zero-padded: with `length` and `hash`
        /// they identify a key of up to 16 bytes exactly.
        var prefix: (UInt64, UInt64)
        var length: Int
        var key: String
    }

    /// Keys longer than this are decoded every time.
    static let maximumKeyLength = 64
    private static let slotBits = 8

    private var entries = [Entry](
        repeating: Entry(hash: 0, prefix: (0, 0), length: -1, key: ""), count: 1 << slotBits)

    /// The key spelled by `bytes`, which must be valid UTF-8 without escapes, and its hash.
    /// - Complexity: O(bytes.count).
    @inline(__always)
    mutating func key(for bytes: UnsafeBufferPointer<UInt8>) -> (key: String, hash: UInt64) {
        guard bytes.count <= Self.maximumKeyLength else {
            return (String(decoding: bytes, as: UTF8.self), Self.hash(bytes).hash)
        }
        let (hash, prefix) = Self.hash(bytes)
        let slot = Int(truncatingIfNeeded: hash >> UInt64(64 - Self.slotBits))
        let entry = entries[slot]
        if entry.hash == hash && entry.length == bytes.count && entry.prefix == prefix
            && (bytes.count <= 16 || Self.equals(entry.key, bytes)) {
            return (entry.key, hash)
        }
        let key = String(decoding: bytes, as: UTF8.self)
        entries[slot] = Entry(hash: hash, prefix: prefix, length: bytes.count, key: key)
        return (key, hash)
    }

    /// The 64-bit FNV-1a hash of `bytes`, and their first 16 bytes packed in two words.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, prefix: (UInt64, UInt64)) {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        var low: UInt64 = 0
        var high: UInt64 = 0
        for offset in 0..<bytes.count {
            let byte = UInt64(bytes[offset])
            hash = (hash ^ byte) &* 0x0000_0100_0000_01B3
            if offset < 8 {
                low |= byte << UInt64(offset * 8)
            } else if offset < 16 {
                high |= byte << UInt64((offset - 8) * 8)
            }
        }
        return (hash, (low, high))
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
