// Models — writes ``FieldValue`` trees as XML property lists
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
        var pieces = DocumentPieces(size: .max)
        return write(value, in: &pieces).first ?? []
    }

    /// Encodes a value as ``write(_:)`` does, handed on in pieces of about `pieceBytes` bytes: cut after an
    /// element once the piece reaches the size, so no buffer holds the whole document (193 MB for a million
    /// rows) nor is copied as it grows.
    /// - Parameter handOff: given each piece as it is cut, the last one too, in order.
    /// - Returns: the pieces, in order; their bytes joined are ``write(_:)``'s.
    /// - Complexity: O(size of the value).
    public static func writePieces(
        _ value: FieldValue, pieceBytes: Int, handOff: (([UInt8]) -> Void)? = nil
    ) -> [[UInt8]] {
        var pieces = DocumentPieces(size: pieceBytes, handOff: handOff)
        return write(value, in: &pieces)
    }

    private static func write(_ value: FieldValue, in pieces: inout DocumentPieces) -> [[UInt8]] {
        var output: [UInt8] = []
        output.reserveCapacity(pieces.size == .max ? 256 : pieces.size + pieces.size / 8)
        output.append(contentsOf: header.utf8)
        append(value, indent: 0, to: &output, pieces: &pieces)
        output.append(contentsOf: "</plist>\n".utf8)
        return pieces.finish(output)
    }

    private static func append(_ value: FieldValue, indent: Int, to output: inout [UInt8], pieces: inout DocumentPieces) {
        appendTabs(indent, to: &output)
        switch value {
        case .string(let text):
            appendElement("<string>", text, "</string>", to: &output)
        case .null:
            appendLiteral("<string></string>", to: &output)
        case .int(let number):
            appendElement("<integer>", String(number), "</integer>", to: &output)
        case .real(let number):
            appendElement("<real>", format(number), "</real>", to: &output)
        case .bool(let flag):
            appendLiteral(flag ? "<true/>" : "<false/>", to: &output)
        case .date(let date):
            appendElement("<date>", PropertyListDate.format(date), "</date>", to: &output)
        case .data(let bytes):
            appendData(bytes, indent: indent, to: &output)
        case .array(let items):
            if items.isEmpty {
                appendLiteral("<array/>", to: &output)
                break
            }
            appendLiteral("<array>\n", to: &output)
            for item in items {
                append(item, indent: indent + 1, to: &output, pieces: &pieces)
                pieces.cut(&output)
            }
            appendTabs(indent, to: &output)
            appendLiteral("</array>", to: &output)
        case .dict(let fields):
            guard fields.contains(where: { !$0.value.isNull }) else {
                appendLiteral("<dict/>", to: &output)
                break
            }
            appendLiteral("<dict>\n", to: &output)
            for field in fields {
                if field.value.isNull { continue }
                appendTabs(indent + 1, to: &output)
                appendElement("<key>", field.key, "</key>", to: &output)
                output.append(0x0A)
                append(field.value, indent: indent + 1, to: &output, pieces: &pieces)
                pieces.cut(&output)
            }
            appendTabs(indent, to: &output)
            appendLiteral("</dict>", to: &output)
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
        output.append(contentsOf: repeatElement(0x09, count: count))
    }

    private static func appendLiteral(_ literal: StaticString, to output: inout [UInt8]) {
        literal.withUTF8Buffer { output.append(contentsOf: $0) }
    }

    private static func appendElement(
        _ open: StaticString, _ text: String, _ close: StaticString, to output: inout [UInt8]
    ) {
        appendLiteral(open, to: &output)
        appendEscaped(text, to: &output)
        appendLiteral(close, to: &output)
    }

    /// Appends the UTF-8 of `text` with markup characters and control characters escaped.
    /// - Complexity: O(n), copying runs of plain bytes at once.
    static func appendEscaped(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "&"): escape = "&amp;"
                case UInt8(ascii: "<"): escape = "&lt;"
                case UInt8(ascii: ">"): escape = "&gt;"
                case 0x09, 0x0A, 0x20...: continue
                default: escape = ""
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
                runStart = index + 1
                if escape.utf8CodeUnitCount > 0 {
                    appendLiteral(escape, to: &output)
                } else {
                    output.append(contentsOf: "&#\(byte);".utf8)
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
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
