// Models — A cursor over the bytes of a ``PackedFields`` encoding
import Bytes
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

    /// Skips a length-prefixed string after checking that it is well-formed UTF-8.
    mutating func checkString() throws(DecodingError) {
        let start = offset
        let length = try length("string length", minimumBytesEach: 1)
        guard length > 0, let base else { return }
        let buffer = UnsafeBufferPointer(
            start: (base + offset).assumingMemoryBound(to: UInt8.self), count: length)
        guard UTF8Validation.isValid(buffer) else {
            throw DecodingError(offset: start, message: "invalid UTF-8 in a string")
        }
        offset += length
    }

    /// Checks and skips a dictionary body: a count and (key, value) pairs.
    mutating func checkBody(depth: Int) throws(DecodingError) {
        // A pair takes at least 2 bytes: an empty key's length and a tag.
        let pairCount = try length("field count", minimumBytesEach: 2)
        for _ in 0..<pairCount {
            try checkString()
            try checkValue(depth: depth)
        }
    }

    /// Checks and skips one tagged value; `depth` is the nesting level of the container holding it.
    mutating func checkValue(depth: Int) throws(DecodingError) {
        let tagOffset = offset
        let tagByte = try byte()
        guard let tag = PackedFields.Tag(rawValue: tagByte) else {
            throw DecodingError(offset: tagOffset, message: "unknown tag \(tagByte)")
        }
        switch tag {
        case .null, .falseValue, .trueValue: return
        case .int: _ = try varint()
        case .real, .date: _ = try fixed64()
        case .string: try checkString()
        case .data:
            let length = try length("data length", minimumBytesEach: 1)
            offset += length
        case .array:
            try checkDepth(depth + 1, at: tagOffset)
            let itemCount = try length("array count", minimumBytesEach: 1)
            for _ in 0..<itemCount { try checkValue(depth: depth + 1) }
        case .dict:
            try checkDepth(depth + 1, at: tagOffset)
            try checkBody(depth: depth + 1)
        }
    }

    private func checkDepth(_ depth: Int, at tagOffset: Int) throws(DecodingError) {
        guard depth <= PackedFields.maximumDepth else {
            throw DecodingError(
                offset: tagOffset, message: "nesting deeper than \(PackedFields.maximumDepth) levels")
        }
    }
}
