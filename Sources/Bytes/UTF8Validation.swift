// Bytes — strict UTF-8 validation shared by the readers

/// Strict UTF-8 validation shared by the readers (JSON, property lists, packed rows): ASCII runs are
/// checked 8 bytes at a time, other sequences against the well-formed byte table of the Unicode
/// standard (no overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut short).
@usableFromInline package enum UTF8Validation {
    /// Whether `bytes` is well-formed UTF-8.
    /// - Complexity: O(number of bytes).
    @inlinable @inline(__always)
    package static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        firstInvalidOffset(bytes) == nil
    }

    /// The offset of the first byte that does not start a well-formed sequence, nil when all do.
    /// - Complexity: O(number of bytes).
    @inlinable
    package static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count {
                // In bounds: `index + 8 <= count`, and `base` holds `count` bytes.
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    index += 8
                    continue
                }
            }
            let lead = base[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0:
                length = 3
                low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED:
                length = 3
                high = 0x9F
            case 0xF0:
                length = 4
                low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4:
                length = 4
                high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            // In bounds: the sequence's `length` bytes end at or before `count`.
            assert(index + length <= bytes.count)
            let second = base[index + 1]
            guard second >= low && second <= high else { return index }
            for offset in 2..<length where base[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }
}
