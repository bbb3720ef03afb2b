// Models — the ISO 8601 form of plist `<date>` values
import Foundation

/// The ISO 8601 form of plist `<date>` values (`2024-05-01T12:00:00Z`), converted without a formatter.
///
/// Dates are proleptic Gregorian in UTC with whole seconds; they are written for years 0001 to 9999.
enum PropertyListDate {
    /// Seconds from 0001-01-01T00:00:00Z to 1970-01-01T00:00:00Z, negated.
    static let earliestSeconds: Int64 = -62_135_596_800
    /// Seconds from 1970 to 9999-12-31T23:59:59Z.
    static let latestSeconds: Int64 = 253_402_300_799

    /// Parses the text of a `<date>` element.
    ///
    /// Accepts `YYYY[-MM[-DD[THH[:MM[:SS]]]]]Z` (the full form is what every writer produces; the shorter
    /// ones are what plistlib also reads), surrounded by optional whitespace. The year has four digits or
    /// more, as Apple's reader takes them; years 0 and from 10000 on give dates outside the years a dataset
    /// may hold, which the field rules refuse with their key path.
    /// - Parameter text: the element's text.
    /// - Returns: the date, or nil when the text is not such a date or names an impossible day or time.
    /// - Complexity: O(text length).
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> Date? {
        var start = 0
        var end = text.count
        while start < end, XMLPropertyListParser.isWhitespace(text[start]) { start += 1 }
        while end > start, XMLPropertyListParser.isWhitespace(text[end - 1]) { end -= 1 }
        guard end > start, text[end - 1] == UInt8(ascii: "Z") else { return nil }
        end -= 1

        var index = start
        func number(_ digits: Int) -> Int? {
            guard end - index >= digits else { return nil }
            var value = 0
            for offset in 0..<digits {
                let byte = text[index + offset]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }
        func separator(_ ascii: Unicode.Scalar) -> Bool {
            guard index < end, text[index] == UInt8(ascii: ascii) else { return false }
            index += 1
            return true
        }

        // A year of four digits or more, capped at 10^10 (far past 9999 either way, and no overflow).
        guard let first = number(4) else { return nil }
        var year = first
        while index < end, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
            year = min(year * 10 + Int(text[index] - UInt8(ascii: "0")), 10_000_000_000)
            index += 1
        }
        var (month, day, hour, minute, second) = (1, 1, 0, 0, 0)
        if separator("-") {
            guard let value = number(2) else { return nil }
            month = value
            if separator("-") {
                guard let value = number(2) else { return nil }
                day = value
                if separator("T") {
                    guard let value = number(2) else { return nil }
                    hour = value
                    if separator(":") {
                        guard let value = number(2) else { return nil }
                        minute = value
                        if separator(":") {
                            guard let value = number(2) else { return nil }
                            second = value
                        }
                    }
                }
            }
        }
        guard index == end else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Int(CivilDate(year: Int64(year), month: month, day: day).daysSinceEpoch)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds))
    }

    /// Formats a date as `YYYY-MM-DDTHH:MM:SSZ`.
    ///
    /// Fractions of a second are dropped (rounded down), as plistlib and Apple's writers do. Dates before
    /// year 1 or after year 9999 are clamped to those years' first and last second, and a NaN date is written
    /// as 2001-01-01T00:00:00Z: the format has no room for them.
    /// - Complexity: O(1).
    static func format(_ date: Date) -> String {
        let interval = date.timeIntervalSince1970.rounded(.down)
        let seconds: Int64
        if interval.isNaN {
            seconds = Int64(Date.timeIntervalBetween1970AndReferenceDate)
        } else if interval <= Double(earliestSeconds) {
            seconds = earliestSeconds
        } else if interval >= Double(latestSeconds) {
            seconds = latestSeconds
        } else {
            seconds = Int64(interval)
        }
        let days = Int(seconds.floorDivided(by: 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let date = CivilDate(daysSinceEpoch: Int64(days))
        return padded(Int(date.year), 4) + "-" + padded(date.month, 2) + "-" + padded(date.day, 2) + "T"
            + padded(secondOfDay / 3_600, 2) + ":" + padded(secondOfDay / 60 % 60, 2) + ":"
            + padded(secondOfDay % 60, 2) + "Z"
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension Int64 {
    /// Division rounding towards negative infinity.
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
