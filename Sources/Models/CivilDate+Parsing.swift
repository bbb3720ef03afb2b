// Models — dates written as text, as message lists write their send times

extension CivilDate {
    /// The unix time a date written as text names, in the forms message lists write: `yyyy-MM-dd`,
    /// `yyyy-MM-dd HH:mm`, `yyyy-MM-dd HH:mm:ss` (with `/` or `.` between the date's parts too), and ISO 8601
    /// (`2026-01-01T10:00:00Z`, `…T10:00:00.250+08:00`). A time without a zone is read as UTC, as the page
    /// shows dates in UTC.
    /// - Returns: nil for any other text, or a date with a month, day or time out of range.
    /// - Complexity: O(n) in the length of the text.
    public static func unixTime(parsing text: String) -> Double? {
        var reader = DateTextReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), let separator = reader.byte(in: "-/."),
            let month = reader.number(digits: 2), reader.byte(in: [separator]) != nil, let day = reader.number(digits: 2),
            (1...12).contains(month), (1...CivilDate.days(inMonth: month, year: year)).contains(day)
        else { return nil }
        var seconds = Double(CivilDate(year: Int64(year), month: month, day: day).daysSinceEpoch) * 86_400
        if reader.isAtEnd { return seconds }
        guard reader.byte(in: "T ") != nil, let hour = reader.number(digits: 2), reader.byte(in: ":") != nil,
            let minute = reader.number(digits: 2), hour < 24, minute < 60
        else { return nil }
        var second = 0.0
        if reader.byte(in: ":") != nil {
            guard let whole = reader.number(digits: 2), whole < 61 else { return nil }
            second = Double(whole)
            if reader.byte(in: ".,") != nil {
                guard let (fraction, digits) = reader.fraction() else { return nil }
                second += fraction / pow10(digits)
            }
        }
        seconds += Double(hour * 3600 + minute * 60) + second
        if reader.isAtEnd { return seconds }
        if reader.byte(in: "Z") != nil { return reader.isAtEnd ? seconds : nil }
        guard let sign = reader.byte(in: "+-"), let zoneHours = reader.number(digits: 2) else { return nil }
        _ = reader.byte(in: ":")
        let zoneMinutes = reader.number(digits: 2) ?? 0
        guard reader.isAtEnd, zoneHours < 24, zoneMinutes < 60 else { return nil }
        let offset = Double(zoneHours * 3600 + zoneMinutes * 60)
        return sign == UInt8(ascii: "+") ? seconds - offset : seconds + offset
    }

    /// The number of days of `month` (1…12) in `year`, in the proleptic Gregorian calendar.
    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { value, _ in value * 10 }
    }
}

/// Reads a date's text byte by byte.
private struct DateTextReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var isAtEnd: Bool { index == bytes.count }

    /// The next `digits` ASCII digits as a number, or nil (reading nothing) when there are fewer.
    mutating func number(digits: Int) -> Int? {
        guard index + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[index..<(index + digits)] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        index += digits
        return value
    }

    /// The digits of a fraction, at most 9 of them counted, and how many were read; nil when there is none.
    mutating func fraction() -> (Double, Int)? {
        var value = 0.0
        var count = 0
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
            if count < 9 {
                value = value * 10 + Double(bytes[index] - UInt8(ascii: "0"))
                count += 1
            }
            index += 1
        }
        return count > 0 ? (value, count) : nil
    }

    /// The next byte when it is one of `choices`, nil (reading nothing) otherwise.
    mutating func byte(in choices: String) -> UInt8? {
        byte(in: Array(choices.utf8))
    }

    mutating func byte(in choices: [UInt8]) -> UInt8? {
        guard index < bytes.count, choices.contains(bytes[index]) else { return nil }
        defer { index += 1 }
        return bytes[index]
    }
}
