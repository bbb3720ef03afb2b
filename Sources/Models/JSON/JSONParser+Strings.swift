// Models — parses the string whose opening quote is at `index`
import Bytes

extension JSONParser {
    /// Parses the string whose opening quote is at `index` and writes its length and UTF-8 bytes to
    /// ``out``; `index` ends after the closing quote.
    ///
    /// A string without escapes is copied straight from the input; one with escapes is assembled in
    /// ``scratch`` first.
    /// - Throws: ``DocumentSyntaxError`` for a bad escape, a lone surrogate, an unescaped
    ///   control character, invalid UTF-8, or a missing closing quote.
    /// - Complexity: O(length of the string).
    mutating func parseString() throws(DocumentSyntaxError) {
        let start = index + 1
        let end = try scanPlainString(from: start)
        if base[end] == UInt8(ascii: "\"") {
            index = end + 1
            out.appendRun(UnsafeRawBufferPointer(start: base + start, count: end - start))
            return
        }
        try parseStringWithEscapes(from: start, firstSpecial: end)
        scratch.withUnsafeBytes { out.appendRun($0) }
    }

    /// Parses the object key whose opening quote is at `index`, as ``parseString()`` does.
    /// - Returns: The hash of the key's UTF-8 bytes (``keyHash(_:)``).
    mutating func parseKey() throws(DocumentSyntaxError) -> UInt64 {
        let start = index + 1
        let end = try scanPlainString(from: start)
        if base[end] == UInt8(ascii: "\"") {
            index = end + 1
            let bytes = UnsafeRawBufferPointer(start: base + start, count: end - start)
            out.appendRun(bytes)
            return Self.keyHash(bytes)
        }
        try parseStringWithEscapes(from: start, firstSpecial: end)
        return scratch.withUnsafeBytes { bytes in
            out.appendRun(bytes)
            return Self.keyHash(bytes)
        }
    }

    /// A 64-bit hash (FNV-1a) of a key's UTF-8 bytes, to look for duplicate keys.
    @inline(__always)
    static func keyHash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// Finds the first quote, backslash or control character from `start`, checking that
    /// the bytes before it are valid UTF-8.
    ///
    /// Looks at 8 bytes at a time while it can, then at single bytes.
    /// - Returns: Its position.
    @inline(__always)
    private func scanPlainString(from start: Int) throws(DocumentSyntaxError) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = start
        var combinedWords: UInt64 = 0
        var found = false
        while position &+ 8 <= count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            // The high bit of a byte is set when the byte is a quote, a backslash or below 0x20.
            // A borrow can also set it in later bytes, never in an earlier one.
            let flags =
                ((quote &- ones) & ~quote | (backslash &- ones) & ~backslash | (word &- ones &* 0x20) & ~word)
                & highBits
            if flags != 0 {
                let offset = flags.trailingZeroBitCount >> 3
                combinedWords |= word & ((1 &<< UInt64(offset &* 8)) &- 1)
                position &+= offset
                found = true
                break
            }
            combinedWords |= word
            position &+= 8
        }
        var combined: UInt8 = combinedWords & highBits != 0 ? 0x80 : 0
        if !found {
            while position < count {
                let byte = base[position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                combined |= byte
                position += 1
            }
            guard position < count else { throw error("unexpected end of file inside a string", at: count) }
        }
        if combined >= 0x80 { try validateUTF8(from: start, to: position) }
        return position
    }

    /// Decodes a string from `start` whose first backslash or control character is at
    /// `firstSpecial`, the bytes before it already checked, into ``scratch``.
    private mutating func parseStringWithEscapes(
        from start: Int, firstSpecial: Int
    ) throws(DocumentSyntaxError) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: base + start, count: firstSpecial - start))
        var position = firstSpecial
        while true {
            let byte = base[position]
            if byte == UInt8(ascii: "\"") {
                index = position + 1
                return
            }
            if byte < 0x20 {
                let name = "U+" + hex(UInt32(byte), width: 4)
                throw error("the control character \(name) must be escaped inside a string", at: position)
            }
            position = try parseEscape(at: position)
            let runEnd = try scanPlainString(from: position)
            scratch.append(contentsOf: UnsafeBufferPointer(start: base + position, count: runEnd - position))
            position = runEnd
        }
    }

    /// Decodes the escape sequence whose backslash is at `position` into ``scratch``.
    /// - Returns: The position after the escape sequence.
    private mutating func parseEscape(at position: Int) throws(DocumentSyntaxError) -> Int {
        guard position + 1 < count else { throw error("unexpected end of file inside a string", at: count) }
        let simple: UInt8
        switch base[position + 1] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): return try parseUnicodeEscape(at: position)
        default:
            throw error("invalid escape sequence: '\\' followed by \(describeByte(at: position + 1))", at: position)
        }
        scratch.append(simple)
        return position + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, into ``scratch``.
    private mutating func parseUnicodeEscape(at position: Int) throws(DocumentSyntaxError) -> Int {
        let unit = try parseHexQuad(at: position + 2)
        var scalarValue = UInt32(unit)
        var end = position + 6
        if unit >= 0xDC00 && unit <= 0xDFFF {
            throw error(
                "lone low surrogate \\u\(hex(UInt32(unit), width: 4)) without a high surrogate before it",
                at: position)
        }
        if unit >= 0xD800 && unit <= 0xDBFF {
            let isEscape = end + 1 < count && base[end] == UInt8(ascii: "\\") && base[end + 1] == UInt8(ascii: "u")
            guard isEscape else {
                if end >= count || (end + 1 >= count && base[end] == UInt8(ascii: "\\")) {
                    throw error("unexpected end of file inside a string", at: count)
                }
                throw error(
                    "lone high surrogate \\u\(hex(UInt32(unit), width: 4)) not followed by a low surrogate",
                    at: position)
            }
            let low = try parseHexQuad(at: end + 2)
            guard low >= 0xDC00 && low <= 0xDFFF else {
                throw error(
                    "lone high surrogate \\u\(hex(UInt32(unit), width: 4)) not followed by a low surrogate",
                    at: position)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            end += 6
        }
        appendUTF8(scalarValue)
        return end
    }

    /// Reads the four hex digits at `position`.
    private func parseHexQuad(at position: Int) throws(DocumentSyntaxError) -> UInt16 {
        var unit: UInt16 = 0
        for offset in 0..<4 {
            guard position + offset < count else { throw error("unexpected end of file inside a string", at: count) }
            let byte = base[position + offset]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(
                    "invalid \\u escape: expected 4 hex digits, found \(describeByte(at: position + offset))",
                    at: position + offset)
            }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    private mutating func appendUTF8(_ value: UInt32) {
        switch value {
        case ..<0x80:
            scratch.append(UInt8(value))
        case ..<0x800:
            scratch.append(UInt8(0xC0 | value >> 6))
            scratch.append(UInt8(0x80 | value & 0x3F))
        case ..<0x10000:
            scratch.append(UInt8(0xE0 | value >> 12))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | value >> 18))
            scratch.append(UInt8(0x80 | value >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | value >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | value & 0x3F))
        }
    }

    /// Checks that the bytes from `start` up to `end` are well-formed UTF-8 (RFC 3629):
    /// no overlong forms, no surrogates, nothing above U+10FFFF, no sequence cut short.
    /// - Throws: ``DocumentSyntaxError`` at the first byte that is not part of a valid sequence.
    func validateUTF8(from start: Int, to end: Int) throws(DocumentSyntaxError) {
        let bytes = UnsafeBufferPointer(start: base + start, count: end - start)
        if let offset = UTF8Validation.firstInvalidOffset(bytes) { throw invalidUTF8(at: start + offset) }
    }

    private func invalidUTF8(at position: Int) -> DocumentSyntaxError {
        error("invalid UTF-8 byte 0x\(hex(UInt32(base[position]), width: 2)) in a string", at: position)
    }
}
