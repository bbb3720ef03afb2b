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

    /// Whether the run of `bytes` that starts at `offset` and is as long as `other` has `other`'s bytes.
    /// - Parameters:
    ///   - bytes: The bytes that hold the run.
    ///   - offset: Where the run starts; the caller has checked that the whole run lies within `bytes`.
    ///   - other: The bytes it is compared with.
    /// - Complexity: O(`other.count`).
    @inlinable @inline(__always)
    package static func same(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, _ other: UnsafeRawBufferPointer
    ) -> Bool {
        // In bounds: the caller checked the run against `bytes`' count, which this asserts in debug builds.
        assert(offset >= 0 && other.count <= bytes.count &- offset, "a run past the bytes")
        return same(UnsafeRawBufferPointer(rebasing: bytes[offset..<offset &+ other.count]), other)
    }

    /// Whether the run of `bytes` that starts at `offset` is the UTF-8 bytes of `key`.
    /// - Parameters:
    ///   - bytes: The bytes that hold the run.
    ///   - offset: Where the run starts; the caller has checked that the whole run lies within `bytes`.
    ///   - key: The literal it is compared with.
    /// - Complexity: O(length of `key`).
    @inlinable @inline(__always)
    package static func same(_ bytes: UnsafeRawBufferPointer, at offset: Int, _ key: StaticString) -> Bool {
        same(bytes, at: offset, UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    }

    /// Whether the run of `bytes` that starts at `offset` and is as long as `other` has `other`'s bytes.
    /// - Parameters:
    ///   - bytes: The bytes that hold the run.
    ///   - offset: Where the run starts; the caller has checked that the whole run lies within `bytes`.
    ///   - other: The bytes it is compared with.
    /// - Complexity: O(`other.count`).
    @inlinable @inline(__always)
    package static func same(
        _ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        same(UnsafeRawBufferPointer(bytes), at: offset, UnsafeRawBufferPointer(other))
    }

    /// Whether the run of `bytes` that starts at `offset` is the UTF-8 bytes of `key`.
    /// - Parameters:
    ///   - bytes: The bytes that hold the run.
    ///   - offset: Where the run starts; the caller has checked that the whole run lies within `bytes`.
    ///   - key: The literal it is compared with.
    /// - Complexity: O(length of `key`).
    @inlinable @inline(__always)
    package static func same(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, _ key: StaticString) -> Bool {
        same(UnsafeRawBufferPointer(bytes), at: offset, key)
    }
}
