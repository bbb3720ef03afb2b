// ListServer — Models

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
/// Every function appends to a caller's buffer, so a response can be built in one allocation.
public enum JSONWriter {
    /// `value` as a JSON document.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: When true, one member per line, indented by 2 spaces per level, with
    ///     `"key": value`; when false, no whitespace at all.
    /// - Returns: The UTF-8 bytes of the document.
    /// - Complexity: O(size of the tree and its strings).
    public static func write(_ value: FieldValue, pretty: Bool = false) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(128)
        write(value, pretty: pretty, into: &buffer)
        return buffer
    }

    /// Appends `value` as JSON to `buffer`.
    /// - Parameters:
    ///   - value: The value to write.
    ///   - pretty: When true, indents by 2 spaces per level; when false, no whitespace.
    ///   - buffer: The bytes to append to; what it holds already is kept.
    /// - Complexity: O(size of the tree and its strings).
    public static func write(_ value: FieldValue, pretty: Bool = false, into buffer: inout [UInt8]) {
        if pretty {
            writePretty(value, depth: 0, into: &buffer)
        } else {
            writeCompact(value, into: &buffer)
        }
    }

    private static func writeCompact(_ value: FieldValue, into buffer: inout [UInt8]) {
        switch value {
        case .array(let items):
            buffer.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                writeCompact(item, into: &buffer)
            }
            buffer.append(UInt8(ascii: "]"))
        case .dict(let fields):
            buffer.append(UInt8(ascii: "{"))
            for (position, field) in fields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                writeString(field.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                writeCompact(field.value, into: &buffer)
            }
            buffer.append(UInt8(ascii: "}"))
        default:
            writeScalar(value, into: &buffer)
        }
    }

    private static func writePretty(_ value: FieldValue, depth: Int, into buffer: inout [UInt8]) {
        switch value {
        case .array(let items) where !items.isEmpty:
            buffer.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                writeNewline(depth: depth + 1, into: &buffer)
                writePretty(item, depth: depth + 1, into: &buffer)
            }
            writeNewline(depth: depth, into: &buffer)
            buffer.append(UInt8(ascii: "]"))
        case .dict(let fields) where !fields.isEmpty:
            buffer.append(UInt8(ascii: "{"))
            for (position, field) in fields.enumerated() {
                if position > 0 { buffer.append(UInt8(ascii: ",")) }
                writeNewline(depth: depth + 1, into: &buffer)
                writeString(field.key, into: &buffer)
                buffer.append(UInt8(ascii: ":"))
                buffer.append(UInt8(ascii: " "))
                writePretty(field.value, depth: depth + 1, into: &buffer)
            }
            writeNewline(depth: depth, into: &buffer)
            buffer.append(UInt8(ascii: "}"))
        default:
            writeCompact(value, into: &buffer)
        }
    }

    private static func writeNewline(depth: Int, into buffer: inout [UInt8]) {
        buffer.append(UInt8(ascii: "\n"))
        buffer.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    /// Appends a value that is neither an array nor a dictionary.
    private static func writeScalar(_ value: FieldValue, into buffer: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &buffer)
        case .int(let number): writeInteger(number, into: &buffer)
        case .real(let number): writeReal(number, into: &buffer)
        case .bool(let flag): appendASCII(flag ? "true" : "false", into: &buffer)
        case .null: appendASCII("null", into: &buffer)
        case .date(let date): writeDate(date, into: &buffer)
        case .data(let bytes): writeBase64(bytes, into: &buffer)
        case .array, .dict: writeCompact(value, into: &buffer)
        }
    }

    static func appendASCII(_ text: StaticString, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
