// Models — strict decoding of the text in property lists
import Bytes

/// Strict decoding of the text in property lists: UTF-8 that must be valid (no silent U+FFFD repair) and
/// the UTF-16BE strings of binary plists.
enum PropertyListText {
    /// The string of `bytes`, or nil when they are not valid UTF-8 (overlong forms, surrogates, values past
    /// U+10FFFF and truncated sequences are all invalid).
    /// - Complexity: O(n), eight ASCII bytes at a time.
    static func string(fromUTF8 bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard UTF8Validation.isValid(bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string of `count` big-endian UTF-16 code units at `bytes`, or nil when a surrogate is unpaired.
    ///
    /// - Parameter scratch: a buffer reused between calls for the UTF-8 form.
    /// - Complexity: O(count).
    static func string(fromUTF16BigEndian bytes: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> String? {
        scratch.removeAll(keepingCapacity: true)
        let count = bytes.count / 2
        var index = 0
        while index < count {
            let unit = UInt32(bytes[2 * index]) << 8 | UInt32(bytes[2 * index + 1])
            index += 1
            var scalar = unit
            if unit & 0xF800 == 0xD800 {
                guard unit < 0xDC00, index < count else { return nil }
                let trail = UInt32(bytes[2 * index]) << 8 | UInt32(bytes[2 * index + 1])
                guard trail & 0xFC00 == 0xDC00 else { return nil }
                index += 1
                scalar = 0x10000 + ((unit - 0xD800) << 10 | (trail - 0xDC00))
            }
            appendUTF8(scalar, to: &scratch)
        }
        return scratch.withUnsafeBufferPointer { String(decoding: $0, as: UTF8.self) }
    }

    private static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
