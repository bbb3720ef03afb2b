// ListServer — the bytes of a ``JSONOutput`` in a ``ByteStorage``
import Models

/// The bytes of a ``JSONOutput`` in a ``ByteStorage``, and the writers for the values it holds.
///
/// A buffer cannot be copied: it is the one owner of its storage, so the writers below store into it
/// with no check that it is shared first.
///
/// What it writes is byte for byte what ``JSONWriter`` writes for the same values: strings,
/// integers, booleans, null, arrays and dictionaries are written here (a string that needs no escape
/// is copied as it is); the rarer cases (strings with characters to escape, reals, dates, data) are
/// written by ``JSONWriter`` and copied in.
struct JSONBuffer: ~Copyable {
    private let storage: ByteStorage

    init(capacity: Int) {
        storage = ByteStorage(capacity: capacity)
    }

    /// The bytes written so far, copied.
    /// - Complexity: O(n).
    var bytes: [UInt8] { storage.bytes }

    /// Appends one byte.
    @inline(__always)
    func append(_ byte: UInt8) {
        storage.append(byte)
    }

    /// Appends `bytes`.
    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        storage.append(bytes)
    }

    @inline(__always)
    func append(_ literal: StaticString) {
        storage.append(literal)
    }

    func append(_ bytes: [UInt8]) {
        storage.append(bytes)
    }

    // MARK: Values

    /// Writes `value` as ``JSONWriter`` writes it.
    /// - Complexity: O(size of the tree); nested containers recurse one level per level.
    func write(_ value: FieldValue) {
        switch value {
        case .string(let text): writeString(text)
        case .int(let number): writeInteger(number)
        case .bool(let flag): append(flag ? "true" : "false")
        case .null: append("null")
        case .dict(let fields): write(fields)
        case .array(let items):
            append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { append(UInt8(ascii: ",")) }
                write(item)
            }
            append(UInt8(ascii: "]"))
        case .real, .date, .data:
            append(JSONWriter.write(value))
        }
    }

    /// Writes a dictionary, keys in their order.
    func write(_ fields: Fields) {
        append(UInt8(ascii: "{"))
        var position = 0
        fields.forEachMember { key, value in
            if position > 0 { append(UInt8(ascii: ",")) }
            position += 1
            writeString(utf8: key)
            append(UInt8(ascii: ":"))
            switch value {
            case .string(let text): writeString(utf8: text)
            case .value(let value): write(value)
            }
        }
        append(UInt8(ascii: "}"))
    }

    /// Writes `text` quoted: copied as it is when no byte needs an escape, else escaped by ``JSONWriter``.
    /// - Complexity: O(UTF-8 length of `text`).
    func writeString(_ text: String) {
        var text = text
        text.withUTF8 { writeString(utf8: UnsafeRawBufferPointer($0)) }
    }

    /// Writes the UTF-8 bytes `utf8` quoted, as ``writeString(_:)`` writes a string.
    /// - Complexity: O(length of `utf8`).
    @inline(__always)
    func writeString(utf8: UnsafeRawBufferPointer) {
        let bytes = utf8.assumingMemoryBound(to: UInt8.self)
        guard JSONWriter.firstSpecial(in: bytes, from: 0) != bytes.count else {
            append(UInt8(ascii: "\""))
            append(utf8)
            append(UInt8(ascii: "\""))
            return
        }
        var escaped: [UInt8] = []
        JSONWriter.writeString(utf8: utf8, into: &escaped)
        append(escaped)
    }

    /// Writes `value` in decimal.
    func writeInteger(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        storage.appendDecimal(value.magnitude)
    }
}
