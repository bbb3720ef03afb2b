// Models — writes field values, and dictionaries straight from their packed bytes
import Bytes
import Foundation

extension JSONByteWriter {
    /// Writes `value` compactly, with no whitespace.
    /// - Complexity: O(size of the tree).
    @usableFromInline
    package mutating func write(_ value: FieldValue) {
        write(value, pretty: false, depth: 0)
    }

    /// Writes `fields` as a compact JSON object, keys in their order, read straight from the packed
    /// bytes: no key, string or value is read out on the way.
    /// - Complexity: O(packed bytes of `fields`); nested containers recurse one level per level.
    @usableFromInline
    package mutating func write(_ fields: Fields) {
        withExtendedLifetime(fields.storage) {
            var (cursor, count) = fields.firstPair()
            writeObject(&cursor, count: count)
        }
    }

    /// Writes the fields of `row` as ``write(_:)-(Fields)`` does, reading them where the row lies: the
    /// row is not copied, so its storage is not retained, and whoever lent the pointer keeps the row,
    /// and so its bytes, alive while this runs.
    /// - Complexity: O(packed bytes of the fields).
    @usableFromInline
    package mutating func writeFields(of row: UnsafePointer<Row>) {
        var (cursor, count) = row.pointee.fields.firstPair()
        writeObject(&cursor, count: count)
    }

    /// Writes `value`; `depth` is its nesting level, for the indentation of pretty output.
    mutating func write(_ value: FieldValue, pretty: Bool, depth: Int) {
        var whole: DocumentPieces?
        write(value, pretty: pretty, depth: depth, pieces: &whole)
    }

    /// Writes `value` as ``write(_:pretty:depth:)`` does, cutting what is written into `pieces` after each
    /// element of an array once it has reached their size (nil: never).
    mutating func write(_ value: FieldValue, pretty: Bool, depth: Int, pieces: inout DocumentPieces?) {
        switch value {
        case .array(let items):
            guard !items.isEmpty else { return append("[]") }
            append(UInt8(ascii: "["))
            items.withUnsafeBufferPointer { items in
                for position in items.indices {
                    if position > 0 { append(UInt8(ascii: ",")) }
                    if pretty { writeNewline(depth: depth + 1) }
                    write(items[position], pretty: pretty, depth: depth + 1, pieces: &pieces)
                    if pieces != nil { pieces!.cut(storage) }
                }
            }
            if pretty { writeNewline(depth: depth) }
            append(UInt8(ascii: "]"))
        case .dict(let fields) where !pretty: write(fields)
        case .dict(let fields):
            guard !fields.isEmpty else { return append("{}") }
            append(UInt8(ascii: "{"))
            var position = 0
            fields.forEachMember { key, value in
                if position > 0 { append(UInt8(ascii: ",")) }
                position += 1
                writeNewline(depth: depth + 1)
                writeString(utf8: key.assumingMemoryBound(to: UInt8.self))
                append(": ")
                switch value {
                case .string(let text): writeString(utf8: text.assumingMemoryBound(to: UInt8.self))
                case .value(let value): write(value, pretty: true, depth: depth + 1, pieces: &pieces)
                }
            }
            writeNewline(depth: depth)
            append(UInt8(ascii: "}"))
        case .string(let text): writeString(text)
        case .int(let number): writeInteger(number)
        case .real(let number): writeReal(number)
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        case .date(let date): writeDate(date)
        case .data(let bytes): bytes.withUnsafeBytes { writeBase64($0) }
        }
    }

    /// Writes the object whose `count` pairs start at `cursor`, and moves `cursor` past them.
    private mutating func writeObject(_ cursor: inout PackedCursor, count: Int) {
        append(UInt8(ascii: "{"))
        for position in 0..<count {
            if position > 0 { append(UInt8(ascii: ",")) }
            writeKey(utf8: cursor.run().assumingMemoryBound(to: UInt8.self))
            // Strings and flags, most of a row's values, are written here; the rest by `writeValue`.
            let tag = cursor.byte()
            switch tag {
            case PackedFields.Tag.string.rawValue: writeString(utf8: cursor.run().assumingMemoryBound(to: UInt8.self))
            case PackedFields.Tag.trueValue.rawValue: append("true")
            case PackedFields.Tag.falseValue.rawValue: append("false")
            default: writeValue(&cursor, tag: tag)
            }
        }
        append(UInt8(ascii: "}"))
    }

    /// Writes the value whose tag was just read at `cursor`, and moves `cursor` past its payload.
    private mutating func writeValue(_ cursor: inout PackedCursor, tag: UInt8) {
        switch tag {
        case PackedFields.Tag.string.rawValue: writeString(utf8: cursor.run().assumingMemoryBound(to: UInt8.self))
        case PackedFields.Tag.int.rawValue:
            let zigzag = cursor.varint()
            writeInteger(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case PackedFields.Tag.trueValue.rawValue: append("true")
        case PackedFields.Tag.falseValue.rawValue: append("false")
        case PackedFields.Tag.null.rawValue: append("null")
        case PackedFields.Tag.real.rawValue: writeReal(Double(bitPattern: cursor.fixed64()))
        case PackedFields.Tag.date.rawValue:
            writeDate(Date(timeIntervalSinceReferenceDate: Double(bitPattern: cursor.fixed64())))
        case PackedFields.Tag.data.rawValue: writeBase64(cursor.run())
        case PackedFields.Tag.array.rawValue:
            append(UInt8(ascii: "["))
            for position in 0..<Int(truncatingIfNeeded: cursor.varint()) {
                if position > 0 { append(UInt8(ascii: ",")) }
                writeValue(&cursor, tag: cursor.byte())
            }
            append(UInt8(ascii: "]"))
        default:
            writeObject(&cursor, count: Int(truncatingIfNeeded: cursor.varint()))
        }
    }

    private mutating func writeNewline(depth: Int) {
        append(UInt8(ascii: "\n"))
        append(repeating: UInt8(ascii: " "), count: 2 * depth)
    }
}
