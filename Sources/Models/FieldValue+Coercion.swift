// Models — the value as the property of an iOS model reads it by key-value coding

/// The value as the property of an iOS model reads it by key-value coding: the samples' models hold
/// `send_time`, `size` and `download` as strings that may arrive as numbers, and `online` as an `int`
/// that may arrive as a string. The stored value keeps the type the file had; these accessors say what
/// the model would see, and the field rules accept exactly what they read.
extension FieldValue {
    /// The value as a string property holds it: a string as it is, an integer's digits, a finite real's
    /// shortest text (`23.4`), a whole real without a fraction (`5`, as `NSNumber` describes it).
    /// - Returns: nil for booleans, dates, data, containers, null, and NaN or infinite reals.
    /// - Complexity: O(1), O(n) in the number's digits.
    public var text: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .real(let number):
            guard number.isFinite else { return nil }
            if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        default: return nil
        }
    }

    /// The value as a number property holds it: an integer or a real, or a string that is a plain decimal
    /// number (``isPlainDecimal(_:)``: `"2"`, `"-3"`, `"23.4"`).
    /// - Returns: nil for other types and other strings (`"yes"`, `""`, `" 2"`, `"2x"`, `"1e3"`).
    /// - Complexity: O(n) in the length of a string.
    public var number: Double? {
        switch self {
        case .int(let number): return Double(number)
        case .real(let number): return number
        case .string(let text):
            guard Self.isPlainDecimal(text), let number = Double(text), number.isFinite else { return nil }
            return number
        default: return nil
        }
    }

    /// The value as an integer property holds it: an integer, or a string of an optional `-` and digits
    /// that fits in 64 bits (`"2"`, `"-3"`).
    /// - Returns: nil for other types, reals, and other strings (`"2.5"`, `"yes"`, `""`).
    /// - Complexity: O(n) in the length of a string.
    public var integer: Int64? {
        switch self {
        case .int(let number): return number
        case .string(let text):
            guard Self.isPlainDecimal(text), !text.utf8.contains(UInt8(ascii: ".")) else { return nil }
            return Int64(text)
        default: return nil
        }
    }

    /// Whether `text` is a plain decimal number: an optional `-`, one or more ASCII digits, and optionally a
    /// `.` followed by one or more digits. No whitespace, `+`, exponent, or leading or trailing `.`.
    /// - Complexity: O(n) in the length of the text.
    public static func isPlainDecimal(_ text: String) -> Bool {
        var bytes = text.utf8[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let whole = bytes.prefix(while: isDigit)
        guard !whole.isEmpty else { return false }
        let rest = bytes[whole.endIndex...]
        guard let point = rest.first else { return true }
        let fraction = rest.dropFirst()
        return point == UInt8(ascii: ".") && !fraction.isEmpty && fraction.allSatisfy(isDigit)
    }
}

extension FieldValue {
    /// The value as a `BOOL` property holds it by key-value coding: a boolean as it is, any number (0 is
    /// false, anything else true, as `-[NSNumber boolValue]` reads it), or one of the strings people write
    /// for one, in any case: `YES`/`NO`, `true`/`false`, `1`/`0`. Real QQ friend files store `vip` as
    /// `<integer>1</integer>`.
    /// - Returns: nil for other strings (`"many"`, `""`), NaN, dates, data, containers and null.
    /// - Complexity: O(1).
    public var flag: Bool? {
        switch self {
        case .bool(let flag): return flag
        case .int(let number): return number != 0
        case .real(let number): return number.isNaN ? nil : number != 0
        case .string(let text): return Self.flag(spelled: text.utf8)
        default: return nil
        }
    }

    /// The flag a string spells (``flag``), read from its UTF-8 bytes: `yes`, `true`, `1` or `no`, `false`,
    /// `0`, in any case; nil for anything else.
    /// - Complexity: O(1): longer texts are refused by their length.
    public static func flag<Text: Collection<UInt8>>(spelled text: Text) -> Bool? {
        guard text.count <= 5 else { return nil }
        var lowered: [UInt8] = []
        lowered.reserveCapacity(text.count)
        for byte in text { lowered.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
        switch lowered {
        case Array("yes".utf8), Array("true".utf8), Array("1".utf8): return true
        case Array("no".utf8), Array("false".utf8), Array("0".utf8): return false
        default: return nil
        }
    }
}
