// Models — exact powers of ten a `Double` holds, for the fast conversion path

extension JSONParser {
    /// Exact powers of ten a `Double` holds, for the fast conversion path.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses the number at `index` following the RFC 8259 grammar
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// - Returns: `.int` for an integer literal (no fraction, no exponent) that fits `Int64`,
    ///   `.real` for anything else, including integer literals too large for `Int64`.
    /// - Throws: ``DocumentSyntaxError`` for a malformed number, or a real whose magnitude
    ///   is beyond `Double` (it would read as infinity, which JSON cannot write back).
    /// - Complexity: O(length of the literal).
    mutating func parseNumber() throws(DocumentSyntaxError) -> FieldValue {
        let start = index
        var position = index
        let isNegative = base[position] == UInt8(ascii: "-")
        if isNegative { position += 1 }
        var mantissa: UInt64 = 0
        var isExact = true
        var isInteger = true
        var fractionDigits = 0
        guard position < count else { throw error("unexpected end of file inside a number", at: count) }
        let first = base[position]
        if first == UInt8(ascii: "0") {
            position += 1
            if position < count && Self.isDigit(base[position]) {
                throw error("leading zeros are not allowed in a number", at: start)
            }
        } else if Self.isDigit(first) {
            while position < count && Self.isDigit(base[position]) {
                Self.accumulate(base[position], into: &mantissa, isExact: &isExact)
                position += 1
            }
        } else {
            throw error("expected a digit after '-', found \(describeByte(at: position))", at: position)
        }
        if position < count && base[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            try requireDigit(at: position, after: "the decimal point")
            while position < count && Self.isDigit(base[position]) {
                Self.accumulate(base[position], into: &mantissa, isExact: &isExact)
                if isExact { fractionDigits += 1 }
                position += 1
            }
        }
        var exponent = 0
        if position < count && (base[position] == UInt8(ascii: "e") || base[position] == UInt8(ascii: "E")) {
            isInteger = false
            position += 1
            var isNegativeExponent = false
            if position < count && (base[position] == UInt8(ascii: "+") || base[position] == UInt8(ascii: "-")) {
                isNegativeExponent = base[position] == UInt8(ascii: "-")
                position += 1
            }
            try requireDigit(at: position, after: "the exponent marker")
            while position < count && Self.isDigit(base[position]) {
                exponent = Swift.min(exponent * 10 + Int(base[position] - UInt8(ascii: "0")), 1_000_000)
                position += 1
            }
            if isNegativeExponent { exponent = -exponent }
        }
        index = position
        if isInteger && isExact {
            if !isNegative && mantissa <= UInt64(Int64.max) { return .int(Int64(mantissa)) }
            if isNegative && mantissa <= Int64.min.magnitude { return .int(Int64(truncatingIfNeeded: 0 &- mantissa)) }
        }
        let scale = exponent - fractionDigits
        if isExact && mantissa <= 1 << 53 && scale >= -22 && scale <= 22 {
            // Both operands are exact doubles, so one IEEE operation rounds correctly.
            let magnitude = Double(mantissa)
            let result =
                scale < 0
                ? magnitude / Self.exactPowersOfTen[-scale]
                : magnitude * Self.exactPowersOfTen[scale]
            return .real(isNegative ? -result : result)
        }
        return .real(try convertSlowly(from: start, to: position))
    }

    /// Converts the literal between `start` and `end` with the standard library's correctly
    /// rounded parser: the path for long mantissas and large exponents.
    private func convertSlowly(from start: Int, to end: Int) throws(DocumentSyntaxError) -> Double {
        let text = String(decoding: UnsafeBufferPointer(start: base + start, count: end - start), as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            throw error("the number \(shown) is too large for a 64-bit floating-point value", at: start)
        }
        return value
    }

    private func requireDigit(at position: Int, after what: String) throws(DocumentSyntaxError) {
        guard position < count else { throw error("unexpected end of file inside a number", at: count) }
        guard Self.isDigit(base[position]) else {
            throw error("expected a digit after \(what), found \(describeByte(at: position))", at: position)
        }
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Appends a decimal digit to `mantissa` while it stays exact in 64 bits.
    @inline(__always)
    private static func accumulate(_ digit: UInt8, into mantissa: inout UInt64, isExact: inout Bool) {
        guard isExact else { return }
        let (times10, overflow1) = mantissa.multipliedReportingOverflow(by: 10)
        let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit &- UInt8(ascii: "0")))
        if overflow1 || overflow2 {
            isExact = false
        } else {
            mantissa = sum
        }
    }
}
