// ListRender — a search text, folded once for matching
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

    /// A query for `text`.
    /// - Returns: nil when `text` is empty: an empty query is no search.
    /// - Complexity: O(n) in the length of `text`.
    public init?(_ text: String) {
        guard !text.isEmpty else { return nil }
        self.text = text
        folded = TextFolding.folded(text)
    }

    /// Two queries are the same search when they fold alike (`Ada`, `ADA`).
    public static func == (lhs: SearchQuery, rhs: SearchQuery) -> Bool { lhs.folded == rhs.folded }

    public func hash(into hasher: inout Hasher) { hasher.combine(folded) }

    /// Whether `text` contains the query, case folded.
    /// - Complexity: O(n · m) at worst for a text of n and a query of m bytes.
    public func matches(_ text: String) -> Bool {
        let bytes = TextFolding.folded(text)
        return bytes.withUnsafeBufferPointer { Self.firstMatch(of: folded, in: $0, from: 0) } != nil
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
            while let found = Self.firstMatch(of: folded, in: bytes, from: position) {
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

    /// The offset of the first occurrence of `needle` in `haystack` at or after `start`, or nil.
    /// - Complexity: O(n · m) at worst; a scan for the first byte (`memchr`) in practice.
    static func firstMatch(of needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let count = needle.count
        guard count > 0, haystack.count - start >= count, let base = haystack.baseAddress else { return nil }
        return needle.withUnsafeBufferPointer { needle in
            let first = needle[0]
            var position = start
            let lastStart = haystack.count - count
            while position <= lastStart {
                guard let hit = memchr(base + position, Int32(first), lastStart - position + 1) else { return nil }
                let offset = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                if count == 1 || memcmp(base + offset + 1, needle.baseAddress! + 1, count - 1) == 0 { return offset }
                position = offset + 1
            }
            return nil
        }
    }
}
