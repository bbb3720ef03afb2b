// Models — A cursor over the bytes of a ``PackedFields`` encoding
import Foundation

/// A cursor over the bytes of a ``PackedFields`` encoding.
///
/// Every read checks the bytes left first, so a corrupt or truncated buffer throws
/// ``PackedFields/DecodingError`` instead of reading out of bounds.
struct PackedReader {
    typealias DecodingError = PackedFields.DecodingError

    private let base: UnsafeRawPointer?
    private let count: Int
    private(set) var offset = 0

    init(_ bytes: UnsafeRawBufferPointer) {
        base = bytes.baseAddress
        count = bytes.count
    }

    var isAtEnd: Bool { offset == count }
    var remaining: Int { count - offset }

    private func truncated(_ what: String) -> DecodingError {
        DecodingError(offset: offset, message: "truncated \(what)")
    }

    @inline(__always)
    mutating func byte() throws(DecodingError) -> UInt8 {
        guard offset < count, let base else { throw truncated("input") }
        let value = base.load(fromByteOffset: offset, as: UInt8.self)
        offset += 1
        return value
    }

    /// Reads an unsigned LEB128 varint of at most 10 bytes.
    @inline(__always)
    mutating func varint() throws(DecodingError) -> UInt64 {
        guard let base else { throw truncated("varint") }
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard offset < count else { throw truncated("varint") }
            let byte = base.load(fromByteOffset: offset, as: UInt8.self)
            offset += 1
            if shift == 63 && byte > 1 {
                throw DecodingError(offset: offset - 1, message: "varint overflows 64 bits")
            }
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
        }
    }

    /// Reads a varint length or count and checks that at least `minimumBytesEach` bytes per
    /// element are left, so a corrupt count can neither overflow nor reserve huge memory.
    @inline(__always)
    mutating func length(_ what: String, minimumBytesEach: Int) throws(DecodingError) -> Int {
        let start = offset
        let value = try varint()
        guard value <= UInt64(remaining / minimumBytesEach) else {
            throw DecodingError(offset: start, message: "\(what) \(value) runs past the end")
        }
        return Int(value)
    }

    mutating func fixed64() throws(DecodingError) -> UInt64 {
        guard remaining >= 8, let base else { throw truncated("8-byte value") }
        let value = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset += 8
        return UInt64(littleEndian: value)
    }

    mutating func string() throws(DecodingError) -> String {
        let start = offset
        let length = try length("string length", minimumBytesEach: 1)
        guard length > 0, let base else { return "" }
        let buffer = UnsafeBufferPointer(
            start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
        guard UTF8Validation.isValid(buffer) else {
            throw DecodingError(offset: start, message: "invalid UTF-8 in a string")
        }
        offset += length
        // Validated above, so this decoding repairs nothing; it is much faster than
        // `String(validating:as:)` on short strings.
        return String(decoding: buffer, as: UTF8.self)
    }

    mutating func blob() throws(DecodingError) -> [UInt8] {
        let length = try length("data length", minimumBytesEach: 1)
        guard length > 0, let base else { return [] }
        let bytes = [UInt8](UnsafeRawBufferPointer(start: base + offset, count: length))
        offset += length
        return bytes
    }

    /// Reads a dictionary body: a count and (key, value) pairs.
    mutating func fieldsBody(depth: Int) throws(DecodingError) -> Fields {
        // A pair takes at least 2 bytes: an empty key's length and a tag.
        let pairCount = try length("field count", minimumBytesEach: 2)
        var storage: [Field] = []
        storage.reserveCapacity(pairCount)
        for _ in 0..<pairCount {
            let key = try string()
            let value = try value(depth: depth)
            storage.append(Field(key, value))
        }
        return Fields(storage)
    }

    /// Reads one tagged value; `depth` is the nesting level of the container holding it.
    mutating func value(depth: Int) throws(DecodingError) -> FieldValue {
        let tagOffset = offset
        let tagByte = try byte()
        guard let tag = PackedFields.Tag(rawValue: tagByte) else {
            throw DecodingError(offset: tagOffset, message: "unknown tag \(tagByte)")
        }
        switch tag {
        case .null: return .null
        case .falseValue: return .bool(false)
        case .trueValue: return .bool(true)
        case .int:
            let zigzag = try varint()
            return .int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case .real: return .real(Double(bitPattern: try fixed64()))
        case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try fixed64())))
        case .string: return .string(try string())
        case .data: return .data(try blob())
        case .array:
            try checkDepth(depth + 1, at: tagOffset)
            let itemCount = try length("array count", minimumBytesEach: 1)
            var items: [FieldValue] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount { items.append(try value(depth: depth + 1)) }
            return .array(items)
        case .dict:
            try checkDepth(depth + 1, at: tagOffset)
            return .dict(try fieldsBody(depth: depth + 1))
        }
    }

    private func checkDepth(_ depth: Int, at tagOffset: Int) throws(DecodingError) {
        guard depth <= PackedFields.maximumDepth else {
            throw DecodingError(
                offset: tagOffset, message: "nesting deeper than \(PackedFields.maximumDepth) levels")
        }
    }
}
