// Models — the position of the first byte from `start` that ``JSONWriter`` may escape
import Bytes

extension JSONWriter {
    /// The position of the first byte from `start` that ``JSONWriter`` may escape: a control character,
    /// `"`, `\`, `<`, `>`, `&`, or 0xE2, the lead byte of U+2028 and U+2029 (which it escapes, while other
    /// characters starting with 0xE2 are copied as they are).
    ///
    /// Looks at 8 bytes at a time while it can (``specialFlags(_:)``): the lowest flag is the first match.
    /// - Parameters:
    ///   - utf8: The UTF-8 bytes of a string.
    ///   - start: Where to start looking, from 0 to `utf8.count`.
    /// - Returns: The position of that byte, or `utf8.count` when there is none.
    /// - Complexity: O(`utf8.count - start`).
    @inlinable @inline(__always)
    package static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var position = start
        if let base = utf8.baseAddress {
            while position &+ 8 <= utf8.count {
                let flags = specialFlags(UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                if flags != 0 { return position &+ flags.trailingZeroBitCount >> 3 }
                position &+= 8
            }
        }
        while position < utf8.count {
            // One load from a table of the 256 byte values rather than a chain of comparisons.
            if escapedBytes.utf8Start[Int(utf8[position])] == UInt8(ascii: "1") { return position }
            position &+= 1
        }
        return position
    }

    /// Whether any byte of `utf8` is one ``firstSpecial(in:from:)`` stops at: the question a string that
    /// is copied as it is asks, answered 16 bytes at a time (``BlockScan``) with no loop over single bytes.
    /// - Complexity: O(`utf8.count`).
    @inlinable @inline(__always)
    package static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        BlockScan.anyBlock(of: UnsafeRawBufferPointer(utf8), hasSpecialByte)
    }

    /// Whether any of the 16 bytes in `bytes` is one ``firstSpecial(in:from:)`` stops at: a control
    /// character, `"`, `\`, `&`, 0xE2, or `<` or `>` (the bytes that are 0x3E with their second bit set).
    @inlinable @inline(__always)
    static func hasSpecialByte(_ bytes: SIMD16<UInt8>) -> Bool {
        let control: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16(repeating: 0x20)
        let quote: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x22)
        let backslash: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x5C)
        let ampersand: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x26)
        let separatorLead: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0xE2)
        let angle: SIMDMask<SIMD16<Int8>> = (bytes | SIMD16(repeating: 0x02)) .== SIMD16(repeating: 0x3E)
        return BlockScan.anyLane(control .| quote .| backslash .| ampersand .| separatorLead .| angle)
    }

    /// The high bit of each byte of `word` (loaded from memory, so in memory order on a little-endian
    /// machine) that ``firstSpecial(in:from:)`` stops at, and possibly of bytes after one.
    ///
    /// For each byte value `v` to find, `(x - 0x01…01) & ~x & 0x80…80` flags the zero bytes of
    /// `x = word ^ v·0x01…01`; a flag may also follow a true match (a borrow), never stand before one.
    @inlinable @inline(__always)
    static func specialFlags(_ loaded: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let word = UInt64(littleEndian: loaded)
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let less = word ^ (ones &* 0x3C)
        let greater = word ^ (ones &* 0x3E)
        let ampersand = word ^ (ones &* 0x26)
        let separatorLead = word ^ (ones &* 0xE2)
        var flags = (word &- ones &* 0x20) & ~word
        flags |= (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
        flags |= (less &- ones) & ~less | (greater &- ones) & ~greater
        flags |= (ampersand &- ones) & ~ampersand | (separatorLead &- ones) & ~separatorLead
        return flags & 0x8080_8080_8080_8080
    }

    /// `1` at the position of each byte value ``firstSpecial(in:from:)`` stops at, `0` elsewhere: 256
    /// ASCII digits, control characters first.
    @usableFromInline static let escapedBytes: StaticString =
        "1111111111111111111111111111111100100010000000000000000000001010000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000"
}
