// Bytes — equality of short runs of bytes, compared in place

/// Equality of short runs of bytes (field keys, query parameter names and values), compared in place.
@usableFromInline package enum ByteComparison {
    /// Whether two runs of bytes are equal, compared in place 8 bytes at a time: keys are short, and a
    /// call to `memcmp` costs more than comparing them.
    /// - Complexity: O(`left.count`).
    @inlinable @inline(__always)
    package static func same(_ left: UnsafeRawBufferPointer, _ right: UnsafeRawBufferPointer) -> Bool {
        let count = left.count
        guard count == right.count else { return false }
        var offset = 0
        // In bounds: every load ends at or before `count`, the length of both runs.
        while offset &+ 8 <= count {
            guard left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                == right.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset &+= 8
        }
        while offset < count {
            guard left[offset] == right[offset] else { return false }
            offset &+= 1
        }
        return true
    }

    /// Whether `bytes` are the UTF-8 bytes of `key`.
    /// - Complexity: O(length of `key`).
    @inlinable @inline(__always)
    package static func same(_ bytes: UnsafeRawBufferPointer, _ key: StaticString) -> Bool {
        same(bytes, UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }
}
