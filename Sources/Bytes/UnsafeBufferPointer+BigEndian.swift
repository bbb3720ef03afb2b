// Bytes — big-endian unsigned integers read in place

extension UnsafeBufferPointer<UInt8> {
    /// The big-endian unsigned integer of `size` bytes at `offset`, read in place (the widths of binary
    /// property lists' offsets, counts and references).
    /// - Parameters:
    ///   - offset: Where the integer starts; the caller knows its `size` bytes lie within the buffer.
    ///   - size: Its width in bytes, 1 to 8.
    /// - Returns: The integer, widened to 64 bits.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package func bigEndianInteger(at offset: Int, size: Int) -> UInt64 {
        // In bounds: the caller's `size` bytes end within `count`, asserted in debug builds.
        assert(offset >= 0 && size >= 1 && size <= 8 && size <= count &- offset, "an integer past the bytes")
        let start = UnsafeRawPointer(baseAddress.unsafelyUnwrapped + offset)
        switch size {
        case 1:
            return UInt64(start.load(as: UInt8.self))
        case 2:
            return UInt64(UInt16(bigEndian: start.loadUnaligned(as: UInt16.self)))
        case 4:
            return UInt64(UInt32(bigEndian: start.loadUnaligned(as: UInt32.self)))
        case 8:
            return UInt64(bigEndian: start.loadUnaligned(as: UInt64.self))
        default:
            var value: UInt64 = 0
            for index in 0..<size { value = value << 8 | UInt64(start.load(fromByteOffset: index, as: UInt8.self)) }
            return value
        }
    }
}
