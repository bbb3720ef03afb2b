// Models — the position of the first byte from `start` that ``JSONWriter`` may escape

extension JSONWriter {
    /// The position of the first byte from `start` that ``JSONWriter`` may escape: a control character,
    /// `"`, `\`, `<`, `>`, `&`, or 0xE2, the lead byte of U+2028 and U+2029 (which it escapes, while other
    /// characters starting with 0xE2 are copied as they are).
    ///
    /// Looks at 8 bytes at a time while it can: for each byte value `v` to find,
    /// `(x - 0x01…01) & ~x & 0x80…80` flags the zero bytes of `x = word ^ v·0x01…01`. A flag may also
    /// follow a true match (a borrow), never stand before one, so the lowest flag is the first match.
    /// - Parameters:
    ///   - utf8: The UTF-8 bytes of a string.
    ///   - start: Where to start looking, from 0 to `utf8.count`.
    /// - Returns: The position of that byte, or `utf8.count` when there is none.
    /// - Complexity: O(`utf8.count - start`).
    @inlinable @inline(__always)
    public static func firstSpecial(in utf8: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = start
        if let base = utf8.baseAddress {
            while position &+ 8 <= utf8.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
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
                flags &= highBits
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

    /// `1` at the position of each byte value ``firstSpecial(in:from:)`` stops at, `0` elsewhere: 256
    /// ASCII digits, control characters first.
    @usableFromInline static let escapedBytes: StaticString =
        "1111111111111111111111111111111100100010000000000000000000001010000000000000000000000000000010000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000"
}
