// ListServer — ListServer
import Models

/// The bytes of a ``JSONOutput``: a growing allocation written with plain stores and copies, and the
/// writers for the values it holds. Only an output that holds the sole reference writes to it (copy
/// on write).
///
/// What it writes is byte for byte what ``JSONWriter`` writes for the same values: strings,
/// integers, booleans, null, arrays and dictionaries are written here (a string that needs no escape
/// is copied as it is); the rarer cases (strings with characters to escape, reals, dates, data) are
/// written by ``JSONWriter`` and copied in.
final class JSONBuffer {
    private var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far, copied.
    var bytes: [UInt8] { [UInt8](UnsafeBufferPointer(start: base, count: count)) }

    func copy() -> JSONBuffer {
        let copy = JSONBuffer(capacity: capacity)
        copy.base.update(from: base, count: count)
        copy.count = count
        return copy
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        base[count] = byte
        count &+= 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let length = bytes.count
        if length > capacity &- count { grow(toFit: length) }
        let target = UnsafeMutableRawPointer(base + count)
        if length <= 64 {
            // Short pieces (most markup and text) are copied 8 bytes at a time here rather than through a
            // call to memmove; the last word may overlap the one before it.
            if length >= 8 {
                var offset = 0
                while offset &+ 8 < length {
                    target.storeBytes(of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self),
                        toByteOffset: offset, as: UInt64.self)
                    offset &+= 8
                }
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                    toByteOffset: length &- 8, as: UInt64.self)
            } else {
                for offset in 0..<length {
                    target.storeBytes(of: source.load(fromByteOffset: offset, as: UInt8.self),
                        toByteOffset: offset, as: UInt8.self)
                }
            }
        } else {
            target.copyMemory(from: source, byteCount: length)
        }
        count &+= length
    }

    func append(_ literal: StaticString) {
        append(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Grows the allocation, at least doubling it, so that `extra` more bytes fit.
    private func grow(toFit extra: Int) {
        let newCapacity = Swift.max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
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
        fields.storage.withUnsafeBufferPointer { members in
            for position in members.indices {
                if position > 0 { append(UInt8(ascii: ",")) }
                writeString(members[position].key)
                append(UInt8(ascii: ":"))
                write(members[position].value)
            }
        }
        append(UInt8(ascii: "}"))
    }

    /// Writes `text` quoted: copied as it is when no byte needs an escape, else escaped by ``JSONWriter``.
    /// - Complexity: O(UTF-8 length of `text`).
    func writeString(_ text: String) {
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 in
            guard !Self.needsEscape(utf8) else { return false }
            append(UInt8(ascii: "\""))
            append(UnsafeRawBufferPointer(utf8))
            append(UInt8(ascii: "\""))
            return true
        }
        guard copied != true else { return }
        var escaped: [UInt8] = []
        JSONWriter.writeString(text, into: &escaped)
        append(escaped)
    }

    /// Writes `value` in decimal.
    func writeInteger(_ value: Int64) {
        if value >= 0 && value < 10 {
            append(UInt8(ascii: "0") + UInt8(value))
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
            append(UnsafeRawBufferPointer(rebasing: scratch[first...]))
        }
    }

    /// Whether any byte is one that ``JSONWriter`` may escape (control characters, `"`, `\`, `<`, `>`,
    /// `&`, and 0xE2, the lead byte of U+2028 and U+2029), looking at 8 bytes at a time: for each byte
    /// value `v` to find, `(x - 0x01…01) & ~x & 0x80…80` flags the zero bytes of `x = word ^ v·0x01…01`
    /// (a flag may also follow a true match, never stand alone).
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
}
