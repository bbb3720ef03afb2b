// Models — the type a kind expects for one key of its rows or groups

/// The type a kind expects for one key of its rows or groups.
public enum FieldType: Sendable, Hashable {
    /// A string, or a number a string property reads as its digits (``FieldValue/text``).
    case string
    /// An integer, or a string of one (`"2"`; ``FieldValue/integer``).
    case integer
    /// An integer or a real, or a string of a plain decimal number (`"23.4"`; ``FieldValue/number``).
    case number
    /// A number or a string (sizes and counts that some files write as text, like `"23.4"` or `"12 MB"`).
    case numberOrString
    /// A time: unix seconds as a number or a string of a plain decimal number (`"1576139886"`), a date, or
    /// a date written as text (`"2026-01-01 10:00:00"`, ISO 8601); finite and within years 1–9999.
    case time
    /// A `BOOL` as key-value coding reads it (``FieldValue/flag``): a boolean, any number, or
    /// `YES`/`NO`, `true`/`false`, `1`/`0` in any case.
    case boolean
    /// An array of strings, or one string; numbers count as their text.
    case stringList
    /// A dictionary.
    case dictionary
    /// One of a few strings, as an enumeration's cases (`value1`, `checkmark`).
    case oneOf([String])
    /// A number (as ``number`` reads it) within a range, such as a row height.
    case numberIn(ClosedRange<Double>)
    /// A list of row actions (``SwipeActions``): `[{title, style?, color?, delete|update|moveTo}]`.
    case swipeActions
    /// A title in one language or several (``LocalizedTitle``): a string, or `{"en": …, "zh-Hans": …}`.
    case title
    /// Any value.
    case any

    /// What an error message says was expected: "a boolean", "an integer", ...
    public var expectation: String {
        switch self {
        case .string: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .numberOrString: "a number or a string"
        case .time: "unix seconds, a date or a date's text (2026-01-01 10:00:00)"
        case .boolean: "a boolean (true or false, YES or NO, 1 or 0, or a number)"
        case .stringList: "an array of strings"
        case .dictionary: "a dictionary"
        case .oneOf(let names): "one of " + names.joined(separator: ", ")
        case .numberIn(let range): "a number from \(FieldValue.real(range.lowerBound).text ?? "") to "
            + (FieldValue.real(range.upperBound).text ?? "")
        case .swipeActions: "an array of row actions"
        case .title: "a title or a dictionary of titles by language"
        case .any: "a value"
        }
    }
}

/// One key a kind knows: its type and whether every row must have it.
public struct FieldRule: Sendable, Hashable {
    public var key: String
    public var type: FieldType
    public var isRequired: Bool

    public init(_ key: String, _ type: FieldType, required: Bool = false) {
        self.key = key
        self.type = type
        self.isRequired = required
    }
}

/// A value that does not fit its rule: where (relative to the dictionary checked) and why.
public struct FieldViolation: Error, Sendable, Hashable {
    /// The key, with an index for list elements (`tags[2]`).
    public var keyPath: String
    public var message: String
}

extension FieldType {
    /// Checks `value` against this type.
    /// - Returns: nil when it fits, else the suffix of the key path (empty or `[i]`) and the message.
    func violation(of value: FieldValue) -> (suffix: String, message: String)? {
        let fits: Bool
        switch self {
        case .any: fits = true
        case .swipeActions: return SwipeActions.violation(in: value)
        case .title: return LocalizedTitle.violation(in: value)
        case .string: fits = value.text != nil
        case .integer: fits = value.integer != nil
        case .number: fits = value.number != nil
        case .numberOrString:
            switch value {
            case .string, .int, .real: fits = true
            default: fits = false
            }
        case .time:
            if let seconds = value.unixTime {
                guard let problem = FieldValue.dateProblem(unixSeconds: seconds) else { return nil }
                // Many apps write milliseconds; key-value coding does not divide them.
                let milliseconds = abs(seconds) >= 1e12 && FieldValue.dateProblem(unixSeconds: seconds / 1000) == nil
                return ("", problem + (milliseconds ? " (it looks like milliseconds: write seconds)" : ""))
            }
            fits = false
        case .boolean: fits = value.flag != nil
        case .dictionary: fits = value.dictValue != nil
        case .oneOf(let names): fits = value.stringValue.map(names.contains) ?? false
        case .numberIn(let range): fits = value.number.map(range.contains) ?? false
        case .stringList:
            if let items = value.arrayValue {
                if let bad = items.firstIndex(where: { $0.text == nil }) {
                    return ("[\(bad)]", "expected a string, found \(items[bad].errorPreview)")
                }
                fits = true
            } else {
                fits = value.text != nil
            }
        }
        return fits ? nil : ("", "expected \(expectation), found \(value.errorPreview)")
    }
}

extension Array where Element == FieldRule {
    /// Checks a dictionary against these rules: required keys present, known keys of the right type,
    /// then every date under any key, nested ones too, finite and within years 1–9999. Keys without a
    /// rule are kept as they are.
    /// - Throws: the first ``FieldViolation``: the rules in their order, then the dates in the
    ///   dictionary's key order.
    /// - Complexity: O(rules × keys + nested values).
    public func check(_ fields: Fields) throws(FieldViolation) {
        try FieldRuleChecker(self).check(fields)
    }
}

extension FieldType {
    /// Whether a packed value fits this type, read from its tag (and a real's bits) alone.
    /// - Returns: true or false when the tag decides; nil when the value must be read out to tell
    ///   (a string that may hold a number, a date, a list, …).
    /// - Complexity: O(1).
    func fits(tag: UInt8, payload cursor: PackedCursor) -> Bool? {
        typealias Tag = PackedFields.Tag
        switch self {
        case .any: return true
        case .boolean:
            // A flag, or an integer as key-value coding reads it into a BOOL; strings and reals are read out.
            return tag == Tag.trueValue.rawValue || tag == Tag.falseValue.rawValue || tag == Tag.int.rawValue ? true : nil
        case .string:
            if tag == Tag.string.rawValue || tag == Tag.int.rawValue { return true }
            if tag == Tag.real.rawValue {
                var cursor = cursor
                return Double(bitPattern: cursor.fixed64()).isFinite ? true : nil
            }
            return nil
        case .integer: return tag == Tag.int.rawValue ? true : nil
        case .number: return tag == Tag.int.rawValue || tag == Tag.real.rawValue ? true : nil
        case .numberOrString:
            return tag == Tag.string.rawValue || tag == Tag.int.rawValue || tag == Tag.real.rawValue ? true : nil
        case .time, .stringList, .dictionary, .oneOf, .numberIn, .swipeActions, .title: return nil
        }
    }
}

extension PackedCursor {
    /// Reads `count` (key, value) pairs and says whether a date is among their values, nested or not.
    /// The cursor ends after the last pair, whatever the answer.
    mutating func pairsContainDate(_ count: Int) -> Bool {
        var found = false
        for _ in 0..<count {
            _ = run()
            if valueContainsDate(tag: byte()) { found = true }
        }
        return found
    }

    /// Reads the payload of a value whose tag was just read and says whether it is or holds a date.
    /// The cursor ends after the value, whatever the answer.
    mutating func valueContainsDate(tag: UInt8) -> Bool {
        switch tag {
        case PackedFields.Tag.date.rawValue:
            skipPayload(tag: tag)
            return true
        case PackedFields.Tag.array.rawValue:
            var found = false
            for _ in 0..<varint() where valueContainsDate(tag: byte()) { found = true }
            return found
        case PackedFields.Tag.dict.rawValue: return pairsContainDate(Int(truncatingIfNeeded: varint()))
        default:
            skipPayload(tag: tag)
            return false
        }
    }
}
