// Bytes — runs of bytes read and written in place at an offset

extension UnsafeRawBufferPointer {
    /// The `count` bytes from `offset`, read in place.
    /// - Parameters:
    ///   - offset: Where the run starts; the caller knows the whole run lies within these bytes.
    ///   - count: How many bytes it holds.
    /// - Returns: The run, valid while these bytes are.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func run(at offset: Int, count: Int) -> UnsafeRawBufferPointer {
        // In bounds: the caller's run ends within `self.count`, asserted in debug builds.
        assert(offset >= 0 && count >= 0 && count <= self.count &- offset, "a run past the bytes")
        return UnsafeRawBufferPointer(rebasing: self[offset..<offset &+ count])
    }
}

extension UnsafeMutableRawBufferPointer {
    /// The `count` bytes from `offset`, read in place.
    /// - Parameters:
    ///   - offset: Where the run starts; the caller knows the whole run lies within these bytes.
    ///   - count: How many bytes it holds.
    /// - Returns: The run, valid while these bytes are.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func run(at offset: Int, count: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(self).run(at: offset, count: count)
    }

    /// Copies `source` into these bytes from `offset` on.
    /// - Parameters:
    ///   - source: The bytes copied; they do not overlap these.
    ///   - offset: Where the copy starts; the caller knows there is room for `source` from there.
    /// - Complexity: O(`source.count`).
    @inlinable @inline(__always)
    package func copy(_ source: UnsafeRawBufferPointer, toByteOffset offset: Int) {
        // In bounds: the caller made room for `source` from `offset`, asserted in debug builds.
        assert(offset >= 0 && source.count <= count &- offset, "a copy past the bytes")
        UnsafeMutableRawBufferPointer(rebasing: self[offset..<offset &+ source.count]).copyMemory(from: source)
    }
}
