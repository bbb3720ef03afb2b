// ListServer — Models
import Foundation

extension JSONWriter {
    /// Appends `value` in decimal.
    /// - Parameters:
    ///   - value: The integer to write.
    ///   - buffer: The bytes to append to.
    public static func writeInteger(_ value: Int64, into buffer: inout [UInt8]) {
        if value < 0 { buffer.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var first = 20
            repeat {
                first -= 1
                digits[first] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: digits[first..<20]))
        }
    }

    /// Appends `value` in its shortest form that reads back as the same `Double`, with a
    /// fraction or an exponent so it reads back as a real (`3.0`, `0.1`, `1e+100`);
    /// `null` when it is infinite or NaN.
    /// - Parameters:
    ///   - value: The real to write.
    ///   - buffer: The bytes to append to.
    public static func writeReal(_ value: Double, into buffer: inout [UInt8]) {
        guard value.isFinite else {
            appendASCII("null", into: &buffer)
            return
        }
        let text = value.description
        let start = buffer.count
        buffer.append(contentsOf: text.utf8)
        let written = buffer[start...]
        if !written.contains(UInt8(ascii: ".")) && !written.contains(UInt8(ascii: "e"))
            && !written.contains(UInt8(ascii: "E"))
        {
            buffer.append(UInt8(ascii: "."))
            buffer.append(UInt8(ascii: "0"))
        }
    }

    /// Appends `date` as a quoted ISO 8601 timestamp in UTC: `"2024-05-01T12:00:00Z"`, or
    /// `"2024-05-01T12:00:00.250Z"` when it has a fraction of a second (milliseconds,
    /// rounded down). Years before 1 or after 9999 get a sign or more digits; a date more than
    /// 10¹³ seconds from 1970, or not finite, is written as `null`.
    /// - Parameters:
    ///   - date: The date to write.
    ///   - buffer: The bytes to append to.
    public static func writeDate(_ date: Date, into buffer: inout [UInt8]) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval.magnitude < 1e13 else {
            appendASCII("null", into: &buffer)
            return
        }
        let totalMilliseconds = Int64((interval * 1000).rounded(.down))
        let (seconds, milliseconds) = floorDivision(totalMilliseconds, 1000)
        let (days, secondOfDay) = floorDivision(seconds, 86_400)
        let (year, month, day) = civilDate(daysSince1970: days)
        buffer.append(UInt8(ascii: "\""))
        if year < 0 { buffer.append(UInt8(ascii: "-")) }
        appendPadded(year.magnitude, width: 4, into: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendPadded(UInt64(month), width: 2, into: &buffer)
        buffer.append(UInt8(ascii: "-"))
        appendPadded(UInt64(day), width: 2, into: &buffer)
        buffer.append(UInt8(ascii: "T"))
        appendPadded(UInt64(secondOfDay / 3600), width: 2, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendPadded(UInt64(secondOfDay / 60 % 60), width: 2, into: &buffer)
        buffer.append(UInt8(ascii: ":"))
        appendPadded(UInt64(secondOfDay % 60), width: 2, into: &buffer)
        if milliseconds > 0 {
            buffer.append(UInt8(ascii: "."))
            appendPadded(UInt64(milliseconds), width: 3, into: &buffer)
        }
        buffer.append(UInt8(ascii: "Z"))
        buffer.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` as a quoted base64 string (RFC 4648, standard alphabet, with padding).
    /// - Parameters:
    ///   - bytes: The data to write.
    ///   - buffer: The bytes to append to.
    /// - Complexity: O(bytes.count).
    public static func writeBase64(_ bytes: [UInt8], into buffer: inout [UInt8]) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let symbols = alphabet.utf8Start
        buffer.append(UInt8(ascii: "\""))
        buffer.reserveCapacity(buffer.count + (bytes.count + 2) / 3 * 4 + 1)
        var position = 0
        while position < bytes.count {
            let remaining = bytes.count - position
            let first = UInt32(bytes[position])
            let second = remaining > 1 ? UInt32(bytes[position + 1]) : 0
            let third = remaining > 2 ? UInt32(bytes[position + 2]) : 0
            let group = first << 16 | second << 8 | third
            buffer.append(symbols[Int(group >> 18 & 0x3F)])
            buffer.append(symbols[Int(group >> 12 & 0x3F)])
            buffer.append(remaining > 1 ? symbols[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
            buffer.append(remaining > 2 ? symbols[Int(group & 0x3F)] : UInt8(ascii: "="))
            position += 3
        }
        buffer.append(UInt8(ascii: "\""))
    }

    /// The quotient rounded towards minus infinity, and the non-negative remainder.
    private static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = dividend % divisor
        return remainder < 0 ? (dividend / divisor - 1, remainder + divisor) : (dividend / divisor, remainder)
    }

    /// The proleptic Gregorian year, month (1–12) and day (1–31) of a day counted from 1970-01-01.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func appendPadded(_ value: UInt64, width: Int, into buffer: inout [UInt8]) {
        var digits = String(value)
        if digits.utf8.count < width {
            digits = String(repeating: "0", count: width - digits.utf8.count) + digits
        }
        buffer.append(contentsOf: digits.utf8)
    }
}
