// Bytes — decimal digits written straight into a byte allocation

extension ByteStorage {
    /// Appends the decimal digits of `value`, two at a time, straight into the allocation.
    @inlinable @inline(__always)
    package func appendDecimal(_ value: UInt64) {
        // One or two digits (a row's index in its section, most heights) without a call.
        if value < 10 {
            append(UInt8(truncatingIfNeeded: value) &+ 0x30)
        } else if value < 100 {
            if 2 > capacity &- written { grow(toFit: 2) }
            assert(2 <= capacity &- written, "no room for two digits")
            UnsafeMutableRawPointer(base + written).storeBytes(
                of: UnsafeRawPointer(Self.digitPairs.utf8Start).loadUnaligned(
                    fromByteOffset: Int(truncatingIfNeeded: value) &* 2, as: UInt16.self),
                as: UInt16.self)
            written &+= 2
        } else {
            appendLongDecimal(value)
        }
    }

    /// ``appendDecimal(_:)`` for a value of three digits or more.
    @inlinable
    func appendLongDecimal(_ value: UInt64) {
        if Self.longestDecimal > capacity &- written { grow(toFit: Self.longestDecimal) }
        assert(Self.longestDecimal <= capacity &- written, "no room for the digits")
        written &+= Self.writeLongDecimal(value, to: UnsafeMutableRawPointer(base + written))
    }

    /// The most bytes ``writeDecimal(_:to:)`` writes: the digits of `UInt64.max`.
    @inlinable package static var longestDecimal: Int { 20 }

    /// Writes the decimal digits of `value` at `target`, which has room for ``longestDecimal`` bytes.
    /// - Returns: the number of digits written.
    @inlinable @inline(__always)
    package static func writeDecimal(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        if value < 10 {
            target.storeBytes(of: UInt8(truncatingIfNeeded: value) &+ 0x30, as: UInt8.self)
            return 1
        }
        if value < 100 {
            target.storeBytes(
                of: UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(
                    fromByteOffset: Int(truncatingIfNeeded: value) &* 2, as: UInt16.self),
                as: UInt16.self)
            return 2
        }
        return writeLongDecimal(value, to: target)
    }

    /// ``writeDecimal(_:to:)`` for a value of three digits or more (a call, not inlined).
    @inlinable
    static func writeLongDecimal(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        if value < 100_000_000 { return writeEightDigits(value, to: target) }
        let length = Self.decimalLength(value)
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        var rest = value
        var position = length
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position &-= 2
            target.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: pair, as: UInt16.self), toByteOffset: position, as: UInt16.self)
        }
        if rest >= 10 {
            position &-= 2
            target.storeBytes(
                of: pairs.loadUnaligned(fromByteOffset: Int(truncatingIfNeeded: rest) &* 2, as: UInt16.self),
                toByteOffset: position, as: UInt16.self)
        } else {
            target.storeBytes(of: UInt8(truncatingIfNeeded: rest) &+ 0x30, toByteOffset: position &- 1, as: UInt8.self)
        }
        return length
    }

    /// ``writeDecimal(_:to:)`` for a value of three to eight digits (ids, offsets), with no loop and no
    /// table: its eight digits, leading zeros included, are formed in the bytes of one word (the value
    /// split in two halves of four digits, each half in two pairs, each pair in two digits, every split
    /// a multiplication by a reciprocal over all the lanes at once), the leading zeros counted from the
    /// word, and the word stored shifted past them. The store writes 8 bytes; only the digits are
    /// counted as written.
    @inlinable @inline(__always)
    static func writeEightDigits(_ value: UInt64, to target: UnsafeMutableRawPointer) -> Int {
        // Lanes of 32 bits: the first four digits and the last four.
        let halves = value / 10_000 | (value % 10_000) << 32
        // Lanes of 16 bits: each half's hundreds (x / 100 is x × 10,486 >> 20 below 10,000) and the rest.
        let hundreds = ((halves &* 10_486) >> 20) & 0x0000_007F_0000_007F
        let pairs = (halves &- 100 &* hundreds) << 16 | hundreds
        // Lanes of 8 bits: each pair's tens (x / 10 is x × 103 >> 10 below 100) and units; the first digit
        // in the lowest byte, which is memory order once stored little-endian.
        let tens = ((pairs &* 103) >> 10) & 0x000F_000F_000F_000F
        let digits = (pairs &- 10 &* tens) << 8 | tens
        let leadingZeros = digits.trailingZeroBitCount >> 3
        let word = (digits | 0x3030_3030_3030_3030) &>> UInt64(truncatingIfNeeded: leadingZeros &* 8)
        target.storeBytes(of: word.littleEndian, as: UInt64.self)
        return 8 &- leadingZeros
    }

    /// The number of decimal digits of `value` (at least 1): the bit length gives it to within one
    /// (`bits × log10 2`), and one comparison with a power of ten settles it.
    @inlinable @inline(__always)
    static func decimalLength(_ value: UInt64) -> Int {
        let bits = 64 &- (value | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return guess &+ (value >= Self.powerOfTen(guess) ? 1 : 0)
    }

    /// 10^`exponent`, for 0...19 (a switch the compiler turns into a table of constants).
    @inlinable @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1_000
        case 4: 10_000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// `00`, `01`, … `99`: the digits of every pair, so numbers are written two digits a division.
    @usableFromInline static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
}
