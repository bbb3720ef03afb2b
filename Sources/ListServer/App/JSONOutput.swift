// ListServer — ListServer
import Models

/// Builds a JSON document into one byte buffer, writing the commas itself.
///
/// Responses on the hot path (windows, dataset lists) are written with it directly, with no
/// intermediate tree. The output is byte for byte what ``JSONWriter`` writes for the same values:
/// strings, integers, booleans, null, arrays and dictionaries are written here straight into the
/// buffer (a string that needs no escape is copied as it is), and the rarer cases (strings with
/// characters to escape, reals, dates, data) are handed to ``JSONWriter``.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// One bit per open container, innermost lowest: whether it holds an element yet. Bit 0 is
    /// the document itself.
    private var hasElement: UInt64 = 0
    private var depth = 0
    private var afterKey = false

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func elementStart() {
        if afterKey {
            afterKey = false
            return
        }
        if hasElement & 1 != 0 { bytes.append(UInt8(ascii: ",")) }
        hasElement |= 1
    }

    private mutating func open(_ bracket: UInt8) {
        elementStart()
        bytes.append(bracket)
        precondition(depth < 63, "JSONOutput: containers nested more than 63 deep")
        depth += 1
        hasElement <<= 1
    }

    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "JSONOutput: closing a container that is not open")
        depth -= 1
        hasElement >>= 1
        bytes.append(bracket)
    }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written is its value.
    mutating func key(_ name: String) {
        elementStart()
        Self.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func string(_ text: String) {
        elementStart()
        Self.writeString(text, into: &bytes)
    }

    mutating func int(_ value: Int64) {
        elementStart()
        Self.writeInteger(value, into: &bytes)
    }

    mutating func int(_ value: Int) { int(Int64(value)) }

    /// A number; integral values are written without a fraction (`44`, not `44.0`).
    mutating func number(_ value: Double) {
        elementStart()
        if value.isFinite, value == value.rounded(), abs(value) < 9e15 {
            Self.writeInteger(Int64(value), into: &bytes)
        } else {
            JSONWriter.writeReal(value, into: &bytes)
        }
    }

    mutating func bool(_ value: Bool) {
        elementStart()
        Self.append(value ? "true" : "false", to: &bytes)
    }

    mutating func null() {
        elementStart()
        Self.append("null", to: &bytes)
    }

    mutating func value(_ value: FieldValue) {
        elementStart()
        Self.write(value, into: &bytes)
    }

    mutating func fields(_ fields: Fields) {
        elementStart()
        Self.write(fields, into: &bytes)
    }

    /// Appends an already encoded JSON value.
    mutating func raw(_ encoded: [UInt8]) {
        elementStart()
        bytes.append(contentsOf: encoded)
    }

    /// `key: value` shorthands.
    mutating func member(_ name: String, _ text: String) { key(name); string(text) }
    mutating func member(_ name: String, _ value: Int64) { key(name); int(value) }
    mutating func member(_ name: String, _ value: Int) { key(name); int(value) }
    mutating func member(_ name: String, number value: Double) { key(name); number(value) }
    mutating func member(_ name: String, _ value: Bool) { key(name); bool(value) }
}

extension JSONOutput {
    /// Appends `value` as ``JSONWriter`` writes it.
    /// - Complexity: O(size of the tree); nested containers recurse one level per level.
    static func write(_ value: FieldValue, into bytes: inout [UInt8]) {
        switch value {
        case .string(let text): writeString(text, into: &bytes)
        case .int(let number): writeInteger(number, into: &bytes)
        case .bool(let flag): append(flag ? "true" : "false", to: &bytes)
        case .null: append("null", to: &bytes)
        case .dict(let fields): write(fields, into: &bytes)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item, into: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .real, .date, .data:
            JSONWriter.write(value, into: &bytes)
        }
    }

    /// Appends a dictionary, keys in their order.
    static func write(_ fields: Fields, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "{"))
        fields.storage.withUnsafeBufferPointer { members in
            for position in members.indices {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(members[position].key, into: &bytes)
                bytes.append(UInt8(ascii: ":"))
                write(members[position].value, into: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Appends `text` quoted: copied as it is when no byte needs an escape (see ``JSONWriter``:
    /// control characters, `"`, `\`, `<`, `>`, `&`, and the lead byte of U+2028/U+2029), else
    /// escaped by ``JSONWriter``.
    /// - Complexity: O(UTF-8 length of `text`).
    static func writeString(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        let copied = text.withUTF8 { utf8 in
            guard !needsEscape(utf8) else { return false }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: utf8)
            bytes.append(UInt8(ascii: "\""))
            return true
        }
        if !copied { JSONWriter.writeString(text, into: &bytes) }
    }

    /// Whether any byte is one that ``JSONWriter`` may escape, looking at 8 bytes at a time: for each
    /// byte value `v` to find, `(x - 0x01…01) & ~x & 0x80…80` flags the bytes of `x = word ^ v·0x01…01`
    /// that are zero (a flag may also follow a true match, never stand alone).
    static func needsEscape(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        var position = 0
        if let base = utf8.baseAddress {
            while position &+ 8 <= utf8.count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22)
                let backslash = word ^ (ones &* 0x5C)
                let less = word ^ (ones &* 0x3C)
                let greater = word ^ (ones &* 0x3E)
                let ampersand = word ^ (ones &* 0x26)
                let separatorLead = word ^ (ones &* 0xE2)
                var flags = (word &- ones &* 0x20) & ~word
                flags |= (quote &- ones) & ~quote | (backslash &- ones) & ~backslash
                flags |= (less &- ones) & ~less | (greater &- ones) & ~greater
                flags |= (ampersand &- ones) & ~ampersand | (separatorLead &- ones) & ~separatorLead
                if flags & highBits != 0 { return true }
                position &+= 8
            }
        }
        while position < utf8.count {
            switch utf8[position] {
            case ..<0x20, 0x22, 0x5C, 0x3C, 0x3E, 0x26, 0xE2: return true
            default: position &+= 1
            }
        }
        return false
    }

    /// Appends `value` in decimal.
    static func writeInteger(_ value: Int64, into bytes: inout [UInt8]) {
        if value >= 0 && value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { scratch in
            var remaining = value.magnitude
            var first = scratch.count
            repeat {
                first -= 1
                scratch[first] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            if value < 0 {
                first -= 1
                scratch[first] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: scratch[first...]))
        }
    }

    private static func append(_ literal: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
