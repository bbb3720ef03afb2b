// Models — writes ``FieldValue`` trees as JSON (RFC 8259) bytes, UTF-8
import Foundation

/// Writes ``FieldValue`` trees as JSON (RFC 8259) bytes, UTF-8.
///
/// - Strings escape `"`, `\` and control characters (`\n`, `\r`, `\t`, `\b`, `\f`, others as
///   `\u00XX`), and also `<`, `>`, `&`, U+2028 and U+2029 as `\uXXXX`, so the output can sit
///   inside an HTML `<script>` element. Other non-ASCII characters are written as UTF-8.
/// - Integers are written as integers. Reals are written in their shortest form that reads back
///   as the same `Double`, always with a fraction or an exponent (`3.0`), so they read back as
///   reals; infinities and NaN, which JSON cannot hold, are written as `null`.
/// - Dates are written as ISO 8601 strings in UTC (`2024-05-01T12:00:00Z`, with milliseconds
///   when the date has a fraction of a second); data is written as a base64 string.
/// - Dictionaries keep their key order.
///
/// Every function appends to a caller's buffer, so a response can be built in one array.
public enum JSONWriter {
    /// `value` as a JSON document.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: When true, one member per line, indented by 2 spaces per level, with
    ///     `"key": value`; when false, no whitespace at all.
    /// - Returns: The UTF-8 bytes of the document.
    /// - Complexity: O(size of the tree and its strings).
    public static func write(_ value: FieldValue, pretty: Bool = false) -> [UInt8] {
        var writer = JSONByteWriter()
        writer.write(value, pretty: pretty, depth: 0)
        return writer.bytes
    }

    /// `value` as a JSON document, handed on in pieces of about `pieceBytes` bytes (cut after an array's
    /// element), so that no buffer holds the whole of a large document nor is copied as it grows.
    /// - Parameter handOff: given each piece as it is cut, the last one too, in order.
    /// - Returns: the pieces, in order; their bytes joined are ``write(_:pretty:)``'s.
    /// - Complexity: O(size of the tree and its strings).
    public static func writePieces(
        _ value: FieldValue, pretty: Bool = false, pieceBytes: Int, handOff: (([UInt8]) -> Void)? = nil
    ) -> [[UInt8]] {
        var writer = JSONByteWriter(capacity: min(pieceBytes, 1 << 24) + 4096)
        var pieces: DocumentPieces? = DocumentPieces(size: pieceBytes, handOff: handOff)
        writer.write(value, pretty: pretty, depth: 0, pieces: &pieces)
        return pieces!.finish(writer.bytes)
    }

    /// Appends `value` as JSON to `buffer`.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: When true, indents by 2 spaces per level; when false, no whitespace.
    ///   - buffer: The bytes to append to; what it holds already is kept.
    /// - Complexity: O(size of the tree and its strings). Arrays and dictionaries are nested
    ///   through recursion, one level per level of the tree.
    public static func write(_ value: FieldValue, pretty: Bool = false, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter()
        writer.write(value, pretty: pretty, depth: 0)
        writer.copy(into: &buffer)
    }

    /// Appends `text` as a quoted JSON string, escaped as described for ``JSONWriter``.
    /// - Parameters:
    ///   - text: The string to write.
    ///   - buffer: The bytes to append to.
    /// - Complexity: O(UTF-8 length of `text`).
    public static func writeString(_ text: String, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        writer.writeString(text)
        writer.copy(into: &buffer)
    }

    /// Appends the UTF-8 bytes `utf8` as a quoted JSON string, escaped as ``writeString(_:into:)`` does.
    /// - Parameters:
    ///   - utf8: Well-formed UTF-8, such as a string ``Fields/forEachMember(_:)`` lends.
    ///   - buffer: The bytes to append to.
    @usableFromInline
    package static func writeString(utf8: UnsafeRawBufferPointer, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: utf8.count + 2)
        writer.writeString(utf8: utf8.assumingMemoryBound(to: UInt8.self))
        writer.copy(into: &buffer)
    }

    /// Appends `value` in decimal.
    /// - Parameters:
    ///   - value: The integer to write.
    ///   - buffer: The bytes to append to.
    public static func writeInteger(_ value: Int64, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        writer.writeInteger(value)
        writer.copy(into: &buffer)
    }

    /// Appends `value` in its shortest form that reads back as the same `Double`, with a
    /// fraction or an exponent (`3.0`, `0.1`, `1e+100`); `null` when it is infinite or NaN.
    /// - Parameters:
    ///   - value: The real to write.
    ///   - buffer: The bytes to append to.
    public static func writeReal(_ value: Double, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        writer.writeReal(value)
        writer.copy(into: &buffer)
    }

    /// Appends `date` as a quoted ISO 8601 timestamp in UTC: `"2024-05-01T12:00:00Z"`, or
    /// `"2024-05-01T12:00:00.250Z"` when it has a fraction of a second (milliseconds, rounded
    /// down). Years before 1 or after 9999 get a sign or more digits; a date more than 10¹³
    /// seconds from 1970, or not finite, is written as `null`.
    /// - Parameters:
    ///   - date: The date to write.
    ///   - buffer: The bytes to append to.
    public static func writeDate(_ date: Date, into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        writer.writeDate(date)
        writer.copy(into: &buffer)
    }

    /// Appends `bytes` as a quoted base64 string (RFC 4648, standard alphabet, with padding).
    /// - Parameters:
    ///   - bytes: The data to write.
    ///   - buffer: The bytes to append to.
    /// - Complexity: O(bytes.count).
    public static func writeBase64(_ bytes: [UInt8], into buffer: inout [UInt8]) {
        var writer = JSONByteWriter(capacity: 64)
        bytes.withUnsafeBytes { writer.writeBase64($0) }
        writer.copy(into: &buffer)
    }
}
