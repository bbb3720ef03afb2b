// ListRender — a search text, folded once for matching
import Bytes
import Foundation

/// A search text, folded once (``TextFolding``) for matching row texts and for marking matches in
/// the cells that show them.
///
/// ```swift
/// let query = SearchQuery("ÉCOLE")!
/// query.ranges(in: "Une école")   // [4..<11]: the UTF-8 bytes of "école"
/// ```
public struct SearchQuery: Sendable, Hashable {
    /// The text as the client sent it.
    public let text: String
    /// The folded UTF-8 of `text`; never empty, never contains 0xFF (no UTF-8 does).
    public let folded: [UInt8]
    /// The offsets in `folded` of the two bytes a scan looks for first: the two likely rarest in text
    /// (the same offset for a one-byte query).
    let rareOffset: Int
    let pairOffset: Int

    /// A query for `text`.
    /// - Returns: nil when `text` is empty: an empty query is no search.
    /// - Complexity: O(n) in the length of `text`.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.text = text
        let folded = TextFolding.folded(text)
        self.folded = folded
        let rare = folded.indices.max { Self.rarity(folded[$0]) < Self.rarity(folded[$1]) } ?? 0
        rareOffset = rare
        pairOffset = folded.indices.filter { $0 != rare }.max { Self.rarity(folded[$0]) < Self.rarity(folded[$1]) } ?? rare
    }

    private static let letterRanks: [UInt8] = [
        2, 19, 11, 10, 0, 14, 16, 8, 4, 23, 21, 9, 13, 5, 3, 15, 24, 7, 6, 1, 12, 20, 17, 22, 18, 25,
    ]

    /// How rare a byte is in folded text, higher for rarer: lower-case letters by their frequency in
    /// English, then digits and punctuation; among UTF-8 bytes, continuation bytes and the lead bytes
    /// of Latin-1 and CJK are common, other lead bytes rare; space is the commonest.
    static func rarity(_ byte: UInt8) -> Int {
        // a…z ranked from e (0), the commonest letter in English, to z (25): e t a o i n s r h l d c u m …
        switch byte {
        case UInt8(ascii: " "): return 0
        case UInt8(ascii: "a")...UInt8(ascii: "z"):
            return 4 + Int(letterRanks[Int(byte - UInt8(ascii: "a"))])
        case 0x80...0xBF: return 8
        case 0xC3, 0xE3...0xE9: return 10
        case 0xC0...0xFE: return 36
        default: return 34
        }
    }

    /// Two queries are the same search when they fold alike (`Ada`, `ADA`).
    public static func == (lhs: SearchQuery, rhs: SearchQuery) -> Bool { lhs.folded == rhs.folded }

    public func hash(into hasher: inout Hasher) { hasher.combine(folded) }

    /// Whether `text` contains the query, case folded.
    /// - Complexity: O(n · m) at worst for a text of n and a query of m bytes.
    public func matches(_ text: String) -> Bool {
        let bytes = TextFolding.folded(text)
        return bytes.withUnsafeBufferPointer { firstMatch(in: $0, from: 0) } != nil
    }

    /// The UTF-8 ranges of `text` that the query matches, left to right, none overlapping: each
    /// covers whole scalars (a match that starts or ends inside a scalar's fold takes the scalar).
    /// - Returns: the ranges, empty when the query does not occur.
    /// - Complexity: O(n · m) at worst for a text of n and a query of m bytes.
    public func ranges(in text: String) -> [Range<Int>] {
        let (bytes, origins) = TextFolding.foldedWithOrigins(text)
        let length = text.utf8.count
        var ranges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { bytes in
            var position = 0
            while let found = firstMatch(in: bytes, from: position) {
                let last = found + folded.count - 1
                var after = last + 1
                while after < origins.count && origins[after] == origins[last] { after += 1 }
                let range = origins[found]..<(after < origins.count ? origins[after] : length)
                if let previous = ranges.last, previous.upperBound > range.lowerBound {
                    ranges[ranges.count - 1] = previous.lowerBound..<range.upperBound
                } else {
                    ranges.append(range)
                }
                position = found + folded.count
            }
        }
        return ranges
    }

    /// The offset of the first occurrence of the query in folded `haystack` at or after `start`, or
    /// nil. Sixteen candidate starts at a time are tested for the query's two rarest bytes at once
    /// (two SIMD compares), and only a start that has both is compared whole (`ByteComparison`); a one-byte
    /// query is a `memchr`.
    /// - Complexity: O(n · m) at worst for n bytes and a query of m; about n / 16 steps in practice.
    func firstMatch(in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = folded.count
        guard haystack.count - start >= count, let base = haystack.baseAddress else { return nil }
        return folded.withUnsafeBufferPointer { needle in
            if count == 1 {
                guard let hit = memchr(base + start, Int32(needle[0]), haystack.count - start) else { return nil }
                return base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            }
            let (rare, pair) = (rareOffset, pairOffset)
            let rareByte = SIMD16<UInt8>(repeating: needle[rare])
            let pairByte = SIMD16<UInt8>(repeating: needle[pair])
            let raw = UnsafeRawPointer(base)
            let lastStart = haystack.count - count
            var position = start
            // Loads reach position + 15 + max(rare, pair) ≤ lastStart + count - 1 < haystack.count.
            while position + 15 <= lastStart {
                let rares = raw.loadUnaligned(fromByteOffset: position + rare, as: SIMD16<UInt8>.self) .== rareByte
                let pairs = raw.loadUnaligned(fromByteOffset: position + pair, as: SIMD16<UInt8>.self) .== pairByte
                let candidates = rares .& pairs
                if any(candidates) {
                    for lane in 0..<16 where candidates[lane] {
                        if ByteComparison.same(haystack, at: position + lane, needle) { return position + lane }
                    }
                }
                position += 16
            }
            while position <= lastStart {
                if base[position + rare] == needle[rare] && ByteComparison.same(haystack, at: position, needle) {
                    return position
                }
                position += 1
            }
            return nil
        }
    }
}
