// HTTPServer — the Date header's format
import SystemSupport

/// IMF-fixdate formatting (RFC 9110 §5.6.7), e.g. `Sun, 06 Nov 1994 08:49:37 GMT`, from the C library's
/// UTC calendar (``Posix/utcCalendarTime(_:)``).
public enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Formats a time as an IMF-fixdate.
    /// - Parameter secondsSinceEpoch: seconds since 1970-01-01T00:00:00Z (may be negative).
    /// - Returns: the 29-character date.
    /// - Complexity: O(1).
    public static func format(secondsSinceEpoch seconds: Int) -> String {
        let time = System.utcCalendarTime(seconds)
        return "\(weekdays[time.weekday]), \(twoDigits(time.day)) \(months[time.month - 1]) \(time.year) "
            + "\(twoDigits(time.hour)):\(twoDigits(time.minute)):\(twoDigits(time.second)) GMT"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
