// HTTPServer — byte classes of RFC 9110/9112 and small byte helpers shared by the parser
import Bytes
import Glibc

/// Byte classes of RFC 9110/9112 and small byte helpers shared by the parser, the headers and the paths.
///
/// Each class is a 128-bit set (two 64-bit masks); bytes ≥ 0x80 are outside every set except field values.
public enum HTTPBytes {
    public static let cr = UInt8(ascii: "\r")
    public static let lf = UInt8(ascii: "\n")
    public static let space = UInt8(ascii: " ")
    public static let tab = UInt8(ascii: "\t")
    public static let colon = UInt8(ascii: ":")
    public static let percent = UInt8(ascii: "%")
    public static let slash = UInt8(ascii: "/")
    public static let question = UInt8(ascii: "?")

    @inline(__always)
    private static func member(_ byte: UInt8, _ low: UInt64, _ high: UInt64) -> Bool {
        if byte < 64 { return (low >> UInt64(byte)) & 1 != 0 }
        if byte < 128 { return (high >> UInt64(byte - 64)) & 1 != 0 }
        return false
    }

    /// `tchar`: the bytes of methods, header names and transfer codings.
    @inline(__always)
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        member(byte, 0x03ff_6cfa_0000_0000, 0x57ff_ffff_c7ff_fffe)
    }

    /// Bytes allowed in a request target: visible ASCII except `#` (a fragment is never sent).
    @inline(__always)
    public static func isTargetByte(_ byte: UInt8) -> Bool {
        member(byte, 0xffff_fff6_0000_0000, 0x7fff_ffff_ffff_ffff)
    }

    /// Bytes allowed inside a field value: HTAB, SP, visible ASCII and obs-text (0x80–0xFF).
    @inline(__always)
    public static func isFieldValueByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || member(byte, 0xffff_ffff_0000_0200, 0x7fff_ffff_ffff_ffff)
    }

    /// Bytes allowed in a `Host` value: reg-name, IP literals and a port.
    @inline(__always)
    public static func isHostByte(_ byte: UInt8) -> Bool {
        member(byte, 0x2fff_7ff2_0000_0000, 0x47ff_fffe_afff_fffe)
    }

    /// The value of a hexadecimal digit.
    /// - Returns: nil when `byte` is not one.
    @inline(__always)
    public static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    @inline(__always)
    public static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// ASCII case-insensitive equality of two byte sequences.
    /// - Complexity: O(n).
    public static func equalsIgnoringCase<A: Collection, B: Collection>(_ a: A, _ b: B) -> Bool
    where A.Element == UInt8, B.Element == UInt8 {
        guard a.count == b.count else { return false }
        for (x, y) in zip(a, b) where lowercased(x) != lowercased(y) { return false }
        return true
    }

    /// Whether two byte runs are equal ASCII case-insensitively, as a header field's name and a name asked for.
    /// - Complexity: O(n), with no generic iteration: one `ByteComparison.same` when they are written alike.
    @inline(__always)
    public static func equalsIgnoringCase(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        guard a.count == b.count else { return false }
        if ByteComparison.same(a, b) { return true }
        for index in 0..<a.count where lowercased(a[index]) != lowercased(b[index]) { return false }
        return true
    }

    /// Whether `bytes` are `lowercase`, a lower-case ASCII literal, compared ASCII case-insensitively.
    /// - Complexity: O(n), with no generic iteration: for the names and values read on every response.
    @inline(__always)
    public static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, lowercase: StaticString) -> Bool {
        // Most are written in lower case already: one comparison of the bytes as they are.
        let expected = UnsafeRawBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount)
        return equalsIgnoringCase(bytes, expected)
    }

    /// The index of the first `byte` in `bytes[start..<end]` (to the end when `end` is nil), found by
    /// `memchr`.
    /// - Returns: nil when there is none.
    /// - Complexity: O(end - start).
    @inline(__always)
    public static func firstIndex(
        of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int, to end: Int? = nil
    ) -> Int? {
        let end = end ?? bytes.count
        guard let base = bytes.baseAddress, start < end else { return nil }
        precondition(start >= 0 && end <= bytes.count, "a range past the bytes")
        guard let found = memchr(base + start, Int32(byte), end - start) else { return nil }
        return UnsafeRawPointer(found) - base
    }

    /// Whether `byte` is trimmed from the ends of a field value: a space, a tab, or the CR and LF that end
    /// its line.
    @inline(__always)
    static func isTrimmed(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == cr || byte == lf
    }

    /// `bytes` without leading and trailing spaces and tabs.
    public static func trimmingWhitespace<C: BidirectionalCollection>(_ bytes: C) -> C.SubSequence where C.Element == UInt8 {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == space || bytes[start] == tab { start = bytes.index(after: start) }
        while end > start {
            let last = bytes.index(before: end)
            guard bytes[last] == space || bytes[last] == tab else { break }
            end = last
        }
        return bytes[start..<end]
    }

    /// Parses a non-negative decimal number made only of digits.
    /// - Returns: nil when empty, when any byte is not a digit, or above 10^15.
    public static func decimal<C: Collection>(_ bytes: C) -> Int? where C.Element == UInt8 {
        guard !bytes.isEmpty, bytes.count <= 15 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
