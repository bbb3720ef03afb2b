// Models — appends the varint count and the (key, value) pairs of `fields`
import Foundation

extension PackedFields {
    /// Appends the varint count and the (key, value) pairs of `fields`: their packed body as it is.
    static func appendBody(of fields: Fields, to bytes: inout [UInt8]) {
        fields.withPackedBody { bytes.append(contentsOf: $0) }
    }

    /// Appends the varint count and the (key, value) pairs of `fields`.
    static func appendBody(of fields: UnsafeBufferPointer<Field>, to bytes: inout [UInt8]) {
        appendVarint(UInt64(fields.count), to: &bytes)
        for field in fields {
            appendUTF8(field.key, to: &bytes)
            appendValue(field.value, to: &bytes)
        }
    }

    /// Appends a tag byte and the payload of `value`.
    static func appendValue(_ value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .null:
            bytes.append(Tag.null.rawValue)
        case .bool(let flag):
            bytes.append(flag ? Tag.trueValue.rawValue : Tag.falseValue.rawValue)
        case .int(let number):
            bytes.append(Tag.int.rawValue)
            appendVarint(UInt64(bitPattern: (number << 1) ^ (number >> 63)), to: &bytes)
        case .real(let number):
            bytes.append(Tag.real.rawValue)
            appendFixed64(number.bitPattern, to: &bytes)
        case .date(let date):
            bytes.append(Tag.date.rawValue)
            appendFixed64(date.timeIntervalSinceReferenceDate.bitPattern, to: &bytes)
        case .string(let text):
            bytes.append(Tag.string.rawValue)
            appendUTF8(text, to: &bytes)
        case .data(let blob):
            bytes.append(Tag.data.rawValue)
            appendVarint(UInt64(blob.count), to: &bytes)
            bytes.append(contentsOf: blob)
        case .array(let items):
            bytes.append(Tag.array.rawValue)
            appendVarint(UInt64(items.count), to: &bytes)
            for item in items { appendValue(item, to: &bytes) }
        case .dict(let fields):
            bytes.append(Tag.dict.rawValue)
            appendBody(of: fields, to: &bytes)
        }
    }

    /// Appends `value` as an unsigned LEB128 varint (1 to 10 bytes).
    @inline(__always)
    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var rest = value
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends the 8 bytes of `value`, least significant first.
    @inline(__always)
    static func appendFixed64(_ value: UInt64, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends the varint byte length and the UTF-8 bytes of `text`.
    static func appendUTF8(_ text: String, to bytes: inout [UInt8]) {
        let utf8 = text.utf8
        let written: Bool? = utf8.withContiguousStorageIfAvailable { buffer in
            appendVarint(UInt64(buffer.count), to: &bytes)
            bytes.append(contentsOf: buffer)
            return true
        }
        if written == nil {
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }
}
