// Models — `<integer>`, `<real>`, `<date>`, `<data>`, `<true/>` and `<false/>`

/// `<integer>`, `<real>`, `<date>`, `<data>`, `<true/>` and `<false/>`.
extension XMLPropertyListParser {
    /// What an `<integer>` text holds.
    enum IntegerText: Equatable {
        case value(FieldValue)
        case malformed
        case outOfRange
    }

    mutating func readInteger(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        let text = try readText(open)
        switch withBytes(text, Self.parseInteger) {
        case .value(let value): return value
        case .malformed: throw error(at: offset(of: text, in: open), "invalid integer \(quoted(text))")
        case .outOfRange: throw error(at: offset(of: text, in: open), "integer out of range \(quoted(text))")
        }
    }

    mutating func readReal(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        let text = try readText(open)
        guard let value = withBytes(text, Self.parseReal) else {
            throw error(at: offset(of: text, in: open), "invalid real \(quoted(text))")
        }
        return .real(value)
    }

    mutating func readDate(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        let text = try readText(open)
        guard let date = withBytes(text, PropertyListDate.parse) else {
            throw error(at: offset(of: text, in: open), "invalid date \(quoted(text)), expected YYYY-MM-DDTHH:MM:SSZ")
        }
        return .date(date)
    }

    mutating func readData(_ open: Tag) throws(DocumentSyntaxError) -> FieldValue {
        let text = try readText(open)
        let decoded = withBytes(text) { buffer in
            Result { () throws(PropertyListBase64.Failure) in try PropertyListBase64.decode(buffer) }
        }
        switch decoded {
        case .success(let bytes):
            return .data(bytes)
        case .failure(let failure):
            let start = offset(of: text, in: open)
            let at = if case .document = text { start + failure.offset } else { start }
            throw error(at: at, "bad <data>: \(failure.message)")
        }
    }

    /// Reads the rest of `<true>`/`<false>`, which may hold whitespace and comments only.
    mutating func readEmpty(_ open: Tag) throws(DocumentSyntaxError) {
        let text = try readText(open)
        let blank = withBytes(text) { buffer in buffer.allSatisfy(Self.isWhitespace) }
        guard blank else { throw error(at: offset(of: text, in: open), "\(describe(open)) must be empty") }
    }

    /// The text in quotes, clipped, for error messages.
    private func quoted(_ text: Text) -> String {
        "\"" + Self.clip(withBytes(text) { String(decoding: $0, as: UTF8.self) }) + "\""
    }

    private static func trimmed(_ text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var start = 0
        var end = text.count
        while start < end, isWhitespace(text[start]) { start += 1 }
        while end > start, isWhitespace(text[end - 1]) { end -= 1 }
        return start..<end
    }

    /// Parses `[+-]digits` or `[+-]0x hexdigits`, whitespace around allowed.
    ///
    /// Results above `Int64.max` and up to `UInt64.max` are `.real`.
    static func parseInteger(_ text: UnsafeBufferPointer<UInt8>) -> IntegerText {
        let range = trimmed(text)
        var index = range.lowerBound
        guard index < range.upperBound else { return .malformed }
        let negative = text[index] == UInt8(ascii: "-")
        if negative || text[index] == UInt8(ascii: "+") { index += 1 }
        var radix: UInt64 = 10
        if range.upperBound - index >= 2, text[index] == UInt8(ascii: "0"),
            text[index + 1] == UInt8(ascii: "x") || text[index + 1] == UInt8(ascii: "X")
        {
            radix = 16
            index += 2
        }
        guard index < range.upperBound else { return .malformed }
        var magnitude: UInt64 = 0
        var overflow = false
        while index < range.upperBound {
            guard let digit = hexDigit(text[index]), UInt64(digit) < radix else { return .malformed }
            let (product, multiplied) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, added) = product.addingReportingOverflow(UInt64(digit))
            overflow = overflow || multiplied || added
            magnitude = sum
            index += 1
        }
        if overflow { return .outOfRange }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return .outOfRange }
            return .value(.int(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)))
        }
        return .value(magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .real(Double(magnitude)))
    }

    /// Parses a decimal real (`1`, `-2.5`, `.5`, `6.02e23`) or `nan`, `inf`, `infinity` with an optional
    /// sign in any case, whitespace around allowed.
    static func parseReal(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let range = trimmed(text)
        guard !range.isEmpty else { return nil }
        var index = range.lowerBound
        let sign = text[index]
        if sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") { index += 1 }
        let letter = index < range.upperBound ? text[index] | 0x20 : 0
        if letter == UInt8(ascii: "n") || letter == UInt8(ascii: "i") {
            let word = String(decoding: UnsafeBufferPointer(rebasing: text[index..<range.upperBound]), as: UTF8.self)
            let negative = sign == UInt8(ascii: "-")
            switch word.lowercased() {
            case "nan": return negative ? -Double.nan : Double.nan
            case "inf", "infinity": return negative ? -Double.infinity : Double.infinity
            default: return nil
            }
        }
        func digits() -> Int {
            let start = index
            while index < range.upperBound, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
                index += 1
            }
            return index - start
        }
        var mantissaDigits = digits()
        if index < range.upperBound, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if index < range.upperBound, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < range.upperBound, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                index += 1
            }
            guard digits() > 0 else { return nil }
        }
        guard index == range.upperBound else { return nil }
        return Double(String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self))
    }
}
