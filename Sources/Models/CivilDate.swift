// Models — A proleptic Gregorian calendar date in UTC

/// A proleptic Gregorian calendar date in UTC, computed from a day count with integer arithmetic only
/// (Howard Hinnant's days-from-civil algorithms), so rendering a date needs no formatter or time zone.
public struct CivilDate: Sendable, Hashable {
    public var year: Int64
    /// 1...12.
    public var month: Int
    /// 1...31.
    public var day: Int

    /// Creates a date from its parts; they are not validated.
    public init(year: Int64, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `days` days after 1970-01-01 (negative before it).
    /// - Complexity: O(1).
    public init(daysSinceEpoch days: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// The UTC date of a unix time.
    /// - Parameter unixTime: seconds since 1970-01-01T00:00:00Z.
    /// - Returns: the date, or nil when the time is not finite or beyond ±100 million years.
    public init?(unixTime: Double) {
        guard unixTime.isFinite, abs(unixTime) < 3e15 else { return nil }
        self.init(daysSinceEpoch: Int64((unixTime / 86_400).rounded(.down)))
    }

    /// The number of days from 1970-01-01 to this date (negative before it).
    /// - Complexity: O(1).
    public var daysSinceEpoch: Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date as `yyyy-MM-dd` (years below 1000 zero-padded to four digits, negative years with `-`).
    public var formatted: String {
        var text = year < 0 ? "-" : ""
        text += padded(Int64(year.magnitude), width: 4)
        text += "-" + padded(Int64(month), width: 2) + "-" + padded(Int64(day), width: 2)
        return text
    }

    private func padded(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
