// Bytes — whether any 16-byte block of a byte run passes a test

/// Whether any 16-byte block of a run of bytes passes a test: the scan behind the escape checks of the HTML
/// and JSON writers, which test 16 bytes with a few vector comparisons.
@usableFromInline package enum BlockScan {
    /// Whether `test` holds for a block of `bytes`: 16 bytes at a time, the last 16 overlapping the ones
    /// before them. Bytes under 16 are gathered into one block (their first and last 8 bytes, their first
    /// and last 4 twice, or their first, middle and last byte beside 0x41 bytes), so `test` must hold for
    /// no block made only of 0x41 (`A`) and bytes of `bytes`.
    /// - Complexity: O(`bytes.count`).
    @inlinable @inline(__always)
    package static func anyBlock(of bytes: UnsafeRawBufferPointer, _ test: (SIMD16<UInt8>) -> Bool) -> Bool {
        let count = bytes.count
        guard count > 0, let base = bytes.baseAddress else { return false }
        if count >= 16 {
            var offset = 0
            while offset &+ 16 < count {
                if test(base.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)) { return true }
                offset &+= 16
            }
            return test(base.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self))
        }
        let lanes: SIMD2<UInt64>
        if count >= 8 {
            lanes = SIMD2(
                base.loadUnaligned(as: UInt64.self), base.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
        } else {
            let word: UInt64
            if count >= 4 {
                let head = UInt64(base.loadUnaligned(as: UInt32.self))
                let tail = UInt64(base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self))
                word = head | tail << 32
            } else {
                word = UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count &- 1]) << 16
                    | 0x4141_4141_4100_0000
            }
            lanes = SIMD2(repeating: word)
        }
        return test(unsafeBitCast(lanes, to: SIMD16<UInt8>.self))
    }

    /// Whether any lane of `matches` is set, read as two words rather than with `any`, which reduces the
    /// lanes one by one.
    @inlinable @inline(__always)
    package static func anyLane(_ matches: SIMDMask<SIMD16<Int8>>) -> Bool {
        let words = unsafeBitCast(matches, to: SIMD2<UInt64>.self)
        return words[0] | words[1] != 0
    }
}
