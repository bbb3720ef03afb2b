// Models — standard base64 (RFC 4648

/// Standard base64 (RFC 4648, `+` and `/`, `=` padding) for plist `<data>` elements.
enum PropertyListBase64 {
    /// Why a `<data>` text is not base64, and where (an offset into the text).
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    private static let alphabet: [UInt8] = Array(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// The 6-bit value of each byte, 0xFF for bytes outside the alphabet.
    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (value, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(value) }
        return table
    }()

    /// Appends the base64 form of `bytes[range]` to `output`, with padding.
    /// - Complexity: O(range.count).
    static func encode(_ bytes: [UInt8], _ range: Range<Int>, into output: inout [UInt8]) {
        var index = range.lowerBound
        while index + 3 <= range.upperBound {
            let chunk = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(chunk >> 18 & 63)])
            output.append(alphabet[Int(chunk >> 12 & 63)])
            output.append(alphabet[Int(chunk >> 6 & 63)])
            output.append(alphabet[Int(chunk & 63)])
            index += 3
        }
        let rest = range.upperBound - index
        guard rest > 0 else { return }
        let chunk = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
        output.append(alphabet[Int(chunk >> 18 & 63)])
        output.append(alphabet[Int(chunk >> 12 & 63)])
        output.append(rest == 2 ? alphabet[Int(chunk >> 6 & 63)] : UInt8(ascii: "="))
        output.append(UInt8(ascii: "="))
    }

    /// Decodes base64 text, skipping XML whitespace anywhere in it.
    ///
    /// Padding is optional, but when present it must be complete and only whitespace may follow it.
    /// - Parameter text: the text of a `<data>` element.
    /// - Returns: the decoded bytes.
    /// - Throws: ``Failure`` at the first byte outside the alphabet, misplaced `=`, or a dangling
    ///   6-bit group (a length of 1 modulo 4).
    /// - Complexity: O(text length).
    static func decode(_ text: UnsafeBufferPointer<UInt8>) throws(Failure) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        var lastOffset = 0
        for (offset, byte) in text.enumerated() {
            if XMLPropertyListParser.isWhitespace(byte) { continue }
            lastOffset = offset
            if byte == UInt8(ascii: "=") {
                guard pending >= 2, pending + padding < 4 else {
                    throw Failure(offset: offset, message: "misplaced '=' in base64 data")
                }
                padding += 1
                continue
            }
            let value = values[Int(byte)]
            guard value != 0xFF else {
                throw Failure(offset: offset, message: "invalid base64 character \(describe(byte))")
            }
            guard padding == 0 else {
                throw Failure(offset: offset, message: "base64 data continues after its '=' padding")
            }
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        switch pending {
        case 0:
            break
        case 2:
            guard padding == 0 || padding == 2 else {
                throw Failure(offset: lastOffset, message: "incomplete base64 padding")
            }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            guard padding <= 1 else { throw Failure(offset: lastOffset, message: "too much base64 padding") }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            throw Failure(offset: lastOffset, message: "base64 data ends with a lone character")
        }
        return output
    }

    /// `'x'` for printable ASCII, `byte 0xNN` otherwise.
    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21, byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte " + hex(byte)
    }

    /// `0x0A`-style rendering of a byte.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 16 ? "0x0" + digits : "0x" + digits
    }
}
