// Models — one piece of a body kept gzip-compressed, inflated

/// Inflates the segments of a body kept gzip-compressed one piece a segment (raw deflate, each flushed to a
/// byte boundary from a fresh state, so that none refers to another's bytes).
public enum DeflateSegment {
    /// `segment` inflated, ended by an empty final block (`03 00`) to make it a whole raw deflate stream.
    /// - Parameter count: its bytes before compression.
    /// - Returns: exactly `count` bytes; nil when the segment is damaged or unpacks to another size.
    /// - Complexity: O(count).
    public static func inflate(_ segment: [UInt8], count: Int) -> [UInt8]? {
        try? ZipInflater.inflate(segment + [0x03, 0x00], size: count, entry: "segment")
    }
}
