// Models — writes `text` as a quoted JSON string
import Bytes

extension JSONByteWriter {
    /// Writes `text` as a quoted JSON string.
    ///
    /// Escapes `"`, `\` and control characters (`\n`, `\r`, `\t`, `\b`, `\f`, others as `\u00XX`),
    /// and `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`; copies everything else as UTF-8.
    @usableFromInline
    package mutating func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(utf8: $0) }
    }

    /// Writes the UTF-8 bytes `utf8` as a quoted JSON string, escaped as ``writeString(_:)`` does:
    /// copied as they are when no byte needs an escape (the inlined case), else escaped in place.
    /// - Complexity: O(`utf8.count`).
    @inlinable @inline(__always)
    package mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        guard !JSONWriter.needsEscape(utf8) else { return writeEscapedString(utf8) }
        storage.appendQuoted(UnsafeRawBufferPointer(utf8), quote: UInt8(ascii: "\""))
    }

    /// Writes the UTF-8 bytes `utf8` as an object key, quoted and escaped as ``writeString(utf8:)``
    /// writes them, and the colon after it.
    @inlinable @inline(__always)
    package mutating func writeKey(utf8: UnsafeBufferPointer<UInt8>) {
        guard !JSONWriter.needsEscape(utf8) else {
            writeEscapedString(utf8)
            return append(UInt8(ascii: ":"))
        }
        storage.appendQuoted(UnsafeRawBufferPointer(utf8), quote: UInt8(ascii: "\""), suffix: UInt8(ascii: ":"))
    }

    /// Writes a key from the code, which needs no escape, quoted, and the colon after it.
    @inlinable @inline(__always)
    package mutating func writeKey(_ name: StaticString) {
        storage.appendQuoted(
            UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), quote: UInt8(ascii: "\""),
            suffix: UInt8(ascii: ":"))
    }

    /// Writes `utf8` quoted, escaping the bytes that need it.
    @usableFromInline
    mutating func writeEscapedString(_ utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var runStart = 0
        while true {
            let position = JSONWriter.firstSpecial(in: utf8, from: runStart)
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
            guard position < utf8.count else { break }
            let length = Self.escapedLength(in: utf8, at: position)
            if length.escaped == 0 {
                append(utf8[position])
            } else if length.consumed == 3 {
                writeUnicodeEscape(utf8[position + 2] == 0xA8 ? 0x2028 : 0x2029)
            } else {
                writeEscape(for: utf8[position])
            }
            runStart = position + length.consumed
        }
        append(UInt8(ascii: "\""))
    }

    /// How the special byte at `position` is written: the bytes it consumes and the length of
    /// its escape, 0 when it is written as it is (a 0xE2 that does not start U+2028 or U+2029).
    private static func escapedLength(
        in utf8: UnsafeBufferPointer<UInt8>, at position: Int
    ) -> (consumed: Int, escaped: Int) {
        switch utf8[position] {
        case 0xE2:
            let isSeparator =
                position + 2 < utf8.count && utf8[position + 1] == 0x80
                && (utf8[position + 2] == 0xA8 || utf8[position + 2] == 0xA9)
            return isSeparator ? (3, 6) : (1, 0)
        case 0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x08, 0x0C: return (1, 2)
        default: return (1, 6)
        }
    }

    private mutating func writeEscape(for byte: UInt8) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x09: short = UInt8(ascii: "t")
        case 0x08: short = UInt8(ascii: "b")
        case 0x0C: short = UInt8(ascii: "f")
        default:
            writeUnicodeEscape(UInt16(byte))
            return
        }
        append(UInt8(ascii: "\\"))
        append(short)
    }

    /// Writes `\uXXXX` with upper-case hex digits.
    private mutating func writeUnicodeEscape(_ unit: UInt16) {
        append(UInt8(ascii: "\\"))
        append(UInt8(ascii: "u"))
        for shift: UInt16 in [12, 8, 4, 0] {
            let nibble = UInt8(truncatingIfNeeded: unit >> shift) & 0xF
            append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10)
        }
    }
}
