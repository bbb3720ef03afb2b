// ListServer — Models
import Foundation

/// Writes ``FieldValue`` trees as XML property lists, in the layout of Xcode and plistlib: the standard
/// header and DOCTYPE, one element per line, tab indentation, `<dict/>` and `<array/>` when empty.
///
/// Choices where a value has no exact XML plist form:
/// - `.null`: a dictionary entry whose value is `.null` is left out; `.null` in an array, or as the whole
///   document, is written as an empty `<string></string>`.
/// - `.real`: Swift's shortest round-trip form, which is also Python's `repr` (`1.0`, `0.1`, `1e+16`,
///   `-0.0`); NaN is written `nan` (its sign and payload are lost), infinities `inf` and `-inf`.
///   An integral real keeps its `.0` and reads back as `.real`.
/// - `.date`: `YYYY-MM-DDTHH:MM:SSZ` in UTC; fractions of a second are dropped, and dates outside years
///   0001–9999 are clamped (see ``PropertyListDate``).
/// - strings: `&`, `<` and `>` are escaped as entities, `\r` as `&#13;` (so it survives line-end
///   normalization), and the other C0 control characters except tab and newline as `&#N;`. XML 1.0 has no
///   form at all for those: ``XMLPropertyListReader`` reads them back, strict XML parsers (plistlib's
///   expat) refuse them.
public enum XMLPropertyListWriter {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">

        """

    /// Encodes a value as a complete XML plist document in UTF-8.
    ///
    /// - Parameter value: the document's value.
    /// - Returns: the document's bytes, ending with a newline.
    /// - Complexity: O(size of the value).
    public static func write(_ value: FieldValue) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(256)
        output.append(contentsOf: header.utf8)
        append(value, indent: 0, to: &output)
        output.append(contentsOf: "</plist>\n".utf8)
        return output
    }

    private static func append(_ value: FieldValue, indent: Int, to output: inout [UInt8]) {
        appendTabs(indent, to: &output)
        switch value {
        case .string(let text):
            appendElement("string", text, to: &output)
        case .null:
            output.append(contentsOf: "<string></string>".utf8)
        case .int(let number):
            appendRaw("integer", String(number), to: &output)
        case .real(let number):
            appendRaw("real", format(number), to: &output)
        case .bool(let flag):
            output.append(contentsOf: (flag ? "<true/>" : "<false/>").utf8)
        case .date(let date):
            appendRaw("date", PropertyListDate.format(date), to: &output)
        case .data(let bytes):
            appendData(bytes, indent: indent, to: &output)
        case .array(let items):
            if items.isEmpty {
                output.append(contentsOf: "<array/>".utf8)
                break
            }
            output.append(contentsOf: "<array>\n".utf8)
            for item in items { append(item, indent: indent + 1, to: &output) }
            appendTabs(indent, to: &output)
            output.append(contentsOf: "</array>".utf8)
        case .dict(let fields):
            guard fields.contains(where: { !$0.value.isNull }) else {
                output.append(contentsOf: "<dict/>".utf8)
                break
            }
            output.append(contentsOf: "<dict>\n".utf8)
            for field in fields {
                if field.value.isNull { continue }
                appendTabs(indent + 1, to: &output)
                appendElement("key", field.key, to: &output)
                output.append(0x0A)
                append(field.value, indent: indent + 1, to: &output)
            }
            appendTabs(indent, to: &output)
            output.append(contentsOf: "</dict>".utf8)
        }
        output.append(0x0A)
    }

    /// The text of a `<real>`: Python's `repr` form.
    static func format(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        return number.description
    }

    private static func appendTabs(_ count: Int, to output: inout [UInt8]) {
        for _ in 0..<count { output.append(0x09) }
    }

    private static func appendRaw(_ name: String, _ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        output.append(contentsOf: text.utf8)
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    private static func appendElement(_ name: String, _ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
        appendEscaped(text, to: &output)
        output.append(contentsOf: "</".utf8)
        output.append(contentsOf: name.utf8)
        output.append(UInt8(ascii: ">"))
    }

    /// Appends the UTF-8 of `text` with markup characters and control characters escaped.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
            case 0x09, 0x0A: output.append(byte)
            case 0x00..<0x20: output.append(contentsOf: "&#\(byte);".utf8)
            default: output.append(byte)
            }
        }
    }

    /// `<data>`, then base64 lines indented like the tag, then `</data>`, as plistlib lays it out: lines of
    /// at most 76 columns counting a tab as 8, and never fewer than 16 characters.
    private static func appendData(_ bytes: [UInt8], indent: Int, to output: inout [UInt8]) {
        output.append(contentsOf: "<data>\n".utf8)
        let lineLength = max(16, 76 - 8 * indent) / 4 * 4
        let chunk = lineLength / 4 * 3
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            appendTabs(indent, to: &output)
            PropertyListBase64.encode(bytes, start..<end, into: &output)
            output.append(0x0A)
            start = end
        }
        appendTabs(indent, to: &output)
        output.append(contentsOf: "</data>".utf8)
    }
}
