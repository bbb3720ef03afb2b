// Models — writes `value` in decimal
import Bytes
import Foundation

extension JSONByteWriter {
    /// Writes `value` in decimal.
    @inlinable
    package mutating func writeInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        storage.appendDecimal(value.magnitude)
    }

    /// Writes `value` in its shortest form that reads back as the same `Double`, with a
    /// fraction or an exponent (`3.0`, `0.1`, `1e+100`); `null` when it is not finite.
    /// Writes `value` as a number, integral values without a fraction (`44`, not `44.0`).
    @inlinable @inline(__always)
    package mutating func writeNumber(_ value: Double) {
        // Integral below 2^53: the truncation is the value itself (no rounding call).
        if abs(value) < 9e15, value == Double(Int64(value)) {
            writeInteger(Int64(value))
        } else {
            writeReal(value)
        }
    }

    @usableFromInline

    package mutating func writeReal(_ value: Double) {
        guard value.isFinite else { return append("null") }
        var text = value.description
        let plain = text.withUTF8 { utf8 in
            append(utf8)
            return !utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        }
        if plain { append(".0") }
    }

    /// Writes `date` as a quoted ISO 8601 timestamp in UTC: `"2024-05-01T12:00:00Z"`, with
    /// milliseconds (rounded down) when it has a fraction of a second; `null` when it is
    /// more than 10¹³ seconds from 1970 or not finite.
    @usableFromInline
    package mutating func writeDate(_ date: Date) {
        let interval = date.timeIntervalSince1970
        guard interval.isFinite, interval.magnitude < 1e13 else { return append("null") }
        let totalMilliseconds = Int64((interval * 1000).rounded(.down))
        let (seconds, milliseconds) = Self.floorDivision(totalMilliseconds, 1000)
        let (days, secondOfDay) = Self.floorDivision(seconds, 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        let (year, month, day) = (date.year, date.month, date.day)
        append(UInt8(ascii: "\""))
        if year < 0 { append(UInt8(ascii: "-")) }
        writeDigits(year.magnitude, minimumWidth: 4)
        append(UInt8(ascii: "-"))
        writeDigits(UInt64(month), minimumWidth: 2)
        append(UInt8(ascii: "-"))
        writeDigits(UInt64(day), minimumWidth: 2)
        append(UInt8(ascii: "T"))
        writeDigits(UInt64(secondOfDay / 3600), minimumWidth: 2)
        append(UInt8(ascii: ":"))
        writeDigits(UInt64(secondOfDay / 60 % 60), minimumWidth: 2)
        append(UInt8(ascii: ":"))
        writeDigits(UInt64(secondOfDay % 60), minimumWidth: 2)
        if milliseconds > 0 {
            append(UInt8(ascii: "."))
            writeDigits(UInt64(milliseconds), minimumWidth: 3)
        }
        append("Z\"")
    }

    /// Writes `bytes` as a quoted base64 string (RFC 4648, standard alphabet, with padding).
    @usableFromInline
    package mutating func writeBase64(_ bytes: UnsafeRawBufferPointer) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let symbols = alphabet.utf8Start
        append(UInt8(ascii: "\""))
        var position = 0
        while position < bytes.count {
            let remaining = bytes.count - position
            let first = UInt32(bytes[position])
            let second = remaining > 1 ? UInt32(bytes[position + 1]) : 0
            let third = remaining > 2 ? UInt32(bytes[position + 2]) : 0
            let group = first << 16 | second << 8 | third
            append(symbols[Int(group >> 18 & 0x3F)])
            append(symbols[Int(group >> 12 & 0x3F)])
            append(remaining > 1 ? symbols[Int(group >> 6 & 0x3F)] : UInt8(ascii: "="))
            append(remaining > 2 ? symbols[Int(group & 0x3F)] : UInt8(ascii: "="))
            position += 3
        }
        append(UInt8(ascii: "\""))
    }

    /// Writes `value` in decimal, padded with zeros to `minimumWidth` digits (at most 20).
    private mutating func writeDigits(_ value: UInt64, minimumWidth: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var remaining = value
            var first = scratch.count
            repeat {
                first -= 1
                scratch[first] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0 || scratch.count - first < minimumWidth
            append(
                UnsafeBufferPointer(
                    start: scratch.baseAddress!.assumingMemoryBound(to: UInt8.self) + first,
                    count: scratch.count - first))
        }
    }

    /// The quotient rounded towards minus infinity, and the non-negative remainder.
    private static func floorDivision(_ dividend: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let remainder = dividend % divisor
        return remainder < 0 ? (dividend / divisor - 1, remainder + divisor) : (dividend / divisor, remainder)
    }
}
