// Models — A syntax error at byte `offset`

extension JSONParser {
    /// A syntax error at byte `offset`, located as `line L, column C` (both 1-based).
    func error(_ message: String, at offset: Int) -> DocumentSyntaxError {
        let (line, column) = lineAndColumn(of: offset)
        return DocumentSyntaxError(location: "line \(line), column \(column)", message: message)
    }

    /// The 1-based line and column of byte `offset`.
    ///
    /// Lines end at LF, CR LF or a lone CR; columns count Unicode scalars, and the byte
    /// order mark does not count. Only called when reporting an error.
    /// - Complexity: O(offset).
    func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        var position = contentStart
        let end = Swift.min(offset, count)
        while position < end {
            let byte = base[position]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if position + 1 >= count || base[position + 1] != 0x0A {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            position += 1
        }
        return (line, column)
    }

    /// A phrase naming the character at `offset` for an error message:
    /// `'x'`, `'é' (U+00E9)`, `the control character U+0007`, or `the byte 0xFF`.
    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "the end of the file" }
        let byte = base[offset]
        switch byte {
        case 0x21...0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x20:
            return "a space"
        case ..<0x20, 0x7F:
            return "the control character U+\(hex(UInt32(byte), width: 4))"
        default:
            if let scalar = decodeScalar(at: offset) {
                return "'\(Character(scalar))' (U+\(hex(scalar.value, width: 4)))"
            }
            return "the byte 0x\(hex(UInt32(byte), width: 2))"
        }
    }

    /// The scalar whose UTF-8 encoding starts at `offset`, or nil when the bytes there are not valid UTF-8.
    private func decodeScalar(at offset: Int) -> Unicode.Scalar? {
        let available = Swift.min(4, count - offset)
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = UnsafeBufferPointer(start: base + offset, count: available).makeIterator()
        if case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            return Unicode.UTF8.decode(encoded)
        }
        return nil
    }

    /// `value` in upper-case hexadecimal, padded with zeros to `width` digits.
    func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
    }
}
