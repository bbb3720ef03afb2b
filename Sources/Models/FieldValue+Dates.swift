// Models — dates a dataset can hold
import Foundation

/// Dates a dataset can hold: finite, and within years 1–9999 in UTC, the years a plist `<date>` can
/// write. The readers keep whatever a file holds (a binary plist date is any `Double`, NaN included);
/// the field rules refuse the rest with the value's key path.
extension FieldValue {
    /// The first unix time (1970 seconds) of year 1, 0001-01-01T00:00:00Z.
    static let earliestDateSeconds = Double(PropertyListDate.earliestSeconds)
    /// The first unix time after year 9999, 10000-01-01T00:00:00Z.
    static let endOfDatesSeconds = Double(PropertyListDate.latestSeconds + 1)

    /// Why a time cannot be stored as a date.
    /// - Parameter seconds: a unix time.
    /// - Returns: nil when it is finite and within years 1–9999, else the message
    ///   (`the date is not finite`, `the date is outside years 1–9999`).
    /// - Complexity: O(1).
    public static func dateProblem(unixSeconds seconds: Double) -> String? {
        guard seconds.isFinite else { return "the date is not finite" }
        guard seconds >= earliestDateSeconds, seconds < endOfDatesSeconds else {
            return "the date is outside years 1–9999"
        }
        return nil
    }

    /// The first date in this value, the value itself or one nested in its arrays and dictionaries, that
    /// is not finite or outside years 1–9999.
    /// - Returns: nil when every date is usable, else where the date is relative to this value (empty,
    ///   `[2]`, `.when`, `[0].when`) and the message.
    /// - Complexity: O(n) in the number of nested values.
    func dateViolation() -> (suffix: String, message: String)? {
        switch self {
        case .date(let date):
            return Self.dateProblem(unixSeconds: date.timeIntervalSince1970).map { ("", $0) }
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let (suffix, message) = item.dateViolation() { return ("[\(index)]" + suffix, message) }
            }
            return nil
        case .dict(let fields):
            for field in fields {
                if let (suffix, message) = field.value.dateViolation() { return ("." + field.key + suffix, message) }
            }
            return nil
        case .string, .int, .real, .bool, .data, .null:
            return nil
        }
    }
}

extension FieldValue {
    /// The value as a time: a date's seconds since 1970, a number (or a string of a plain decimal number) as
    /// unix seconds, or a date written as text (``CivilDate/unixTime(parsing:)``: `2026-01-01 10:00:00`,
    /// ISO 8601).
    /// - Returns: nil for any other value.
    /// - Complexity: O(n) in the length of a string.
    public var unixTime: Double? {
        switch self {
        case .date(let date): return date.timeIntervalSince1970
        case .string(let text): return number ?? CivilDate.unixTime(parsing: text)
        default: return number
        }
    }
}
