// ListServer — Models

extension JSONWriter {
    /// Appends `text` as a quoted JSON string.
    ///
    /// Escapes `"`, `\` and control characters, and `<`, `>`, `&`, U+2028 and U+2029 so the
    /// output is safe inside an HTML `<script>` element; everything else is copied as UTF-8.
    /// - Parameters:
    ///   - text: The string to write.
    ///   - buffer: The bytes to append to.
    /// - Complexity: O(UTF-8 length of `text`).
    public static func writeString(_ text: String, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in appendEscaped(utf8, into: &buffer) }
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends the escaped form of the UTF-8 bytes `utf8`, without quotes.
    private static func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>, into buffer: inout [UInt8]) {
        var runStart = 0
        var position = 0
        let count = utf8.count
        while position < count {
            let byte = utf8[position]
            let needsEscape: Bool
            switch byte {
            case ..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"),
                UInt8(ascii: "&"):
                needsEscape = true
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9.
                needsEscape =
                    position + 2 < count && utf8[position + 1] == 0x80
                    && (utf8[position + 2] == 0xA8 || utf8[position + 2] == 0xA9)
            default:
                needsEscape = false
            }
            guard needsEscape else {
                position += 1
                continue
            }
            if position > runStart {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<position]))
            }
            if byte == 0xE2 {
                appendUnicodeEscape(utf8[position + 2] == 0xA8 ? 0x2028 : 0x2029, into: &buffer)
                position += 3
            } else {
                appendEscape(for: byte, into: &buffer)
                position += 1
            }
            runStart = position
        }
        if count > runStart {
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<count]))
        }
    }

    private static func appendEscape(for byte: UInt8, into buffer: inout [UInt8]) {
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
            appendUnicodeEscape(UInt16(byte), into: &buffer)
            return
        }
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(short)
    }

    /// Appends `\uXXXX` with upper-case hex digits.
    private static func appendUnicodeEscape(_ unit: UInt16, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\\"))
        buffer.append(UInt8(ascii: "u"))
        for shift in stride(from: 12, through: 0, by: -4) {
            buffer.append(hexDigit(UInt8(truncatingIfNeeded: unit >> UInt16(shift)) & 0xF))
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "A") + nibble - 10
    }
}
