// Models — A compact, lossless binary encoding of ``Fields`` for storage
import Foundation

/// A compact, lossless binary encoding of ``Fields`` for storage.
///
/// Layout: one format byte (`1`), then the dictionary body: a varint count and, for each
/// field, its key (varint byte length + UTF-8) and its value. A value is a tag byte and a
/// payload:
///
/// | tag | value | payload |
/// |---|---|---|
/// | 0 | null | none |
/// | 1, 2 | false, true | none |
/// | 3 | int | zigzag varint |
/// | 4 | real | the 8 bytes of the IEEE 754 bit pattern, little-endian |
/// | 5 | date | as real, seconds since 2001-01-01 (`Date`'s own storage, so no rounding) |
/// | 6 | string | varint byte length + UTF-8 |
/// | 7 | data | varint byte length + bytes |
/// | 8 | array | varint count + values |
/// | 9 | dict | varint count + (key, value) pairs, in order |
///
/// Varints are unsigned LEB128 (7 bits a byte, low bits first). Decoding checks every length
/// against the bytes left, validates UTF-8 and refuses nesting deeper than ``maximumDepth``,
/// so corrupt input throws a ``DecodingError`` and never traps.
public enum PackedFields {
    /// The first byte of every encoding.
    public static let formatVersion: UInt8 = 1

    /// The deepest nesting of arrays and dictionaries inside a row that ``decode(_:)-([UInt8])``
    /// accepts; the row's own dictionary is level 0.
    public static let maximumDepth = 512

    /// Why bytes could not be decoded.
    public struct DecodingError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The byte offset where decoding stopped.
        public var offset: Int
        public var message: String

        public init(offset: Int, message: String) {
            self.offset = offset
            self.message = message
        }

        public var description: String { "packed fields, byte \(offset): \(message)" }
    }

    @usableFromInline
    enum Tag: UInt8 {
        case null = 0
        case falseValue = 1
        case trueValue = 2
        case int = 3
        case real = 4
        case date = 5
        case string = 6
        case data = 7
        case array = 8
        case dict = 9
    }

    /// Encodes `fields` into a new byte array.
    /// - Parameter fields: The dictionary to encode; key order is kept.
    /// - Returns: The encoding, starting with ``formatVersion``.
    /// - Complexity: O(size of the tree).
    public static func encode(_ fields: Fields) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64)
        encode(fields, into: &bytes)
        return bytes
    }

    /// Appends the encoding of `fields` to `bytes`, so one buffer can be reused across rows.
    /// - Parameters:
    ///   - fields: The dictionary to encode; key order is kept.
    ///   - bytes: The buffer the encoding is appended to.
    /// - Complexity: O(size of the tree).
    public static func encode(_ fields: Fields, into bytes: inout [UInt8]) {
        bytes.append(formatVersion)
        appendBody(of: fields, to: &bytes)
    }

    /// Decodes one encoding made by ``encode(_:)``.
    /// - Parameter bytes: Exactly one encoding, no more, no less.
    /// - Returns: The fields as they were encoded.
    /// - Throws: ``DecodingError`` when the bytes are truncated, have trailing bytes, an unknown
    ///   tag or format, invalid UTF-8, a varint too long, or nesting deeper than ``maximumDepth``.
    /// - Complexity: O(number of bytes).
    public static func decode(_ bytes: [UInt8]) throws(DecodingError) -> Fields {
        let result: Result<Fields, DecodingError> = bytes.withUnsafeBytes { buffer in
            do throws(DecodingError) { return .success(try decode(buffer)) } catch { return .failure(error) }
        }
        return try result.get()
    }

    /// Decodes one encoding made by ``encode(_:)``: checks it, then copies its body into new storage.
    /// - Parameter bytes: Exactly one encoding, no more, no less.
    /// - Returns: The fields as they were encoded.
    /// - Throws: ``DecodingError`` as ``decode(_:)-([UInt8])`` does.
    /// - Complexity: O(number of bytes).
    @usableFromInline
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> Fields {
        let body = try checkedBody(bytes)
        return Fields(storage: FieldsStorage.make(copying: body), start: 0, end: body.count)
    }

    /// The body of one encoding (after its format byte), once every byte of it is checked.
    /// - Throws: ``DecodingError`` as ``decode(_:)-([UInt8])`` does.
    static func checkedBody(_ bytes: UnsafeRawBufferPointer) throws(DecodingError) -> UnsafeRawBufferPointer {
        var reader = PackedReader(bytes)
        let format = try reader.byte()
        guard format == formatVersion else {
            throw DecodingError(offset: 0, message: "unknown format \(format), expected \(formatVersion)")
        }
        try reader.checkBody(depth: 0)
        guard reader.isAtEnd else {
            throw DecodingError(offset: reader.offset, message: "\(reader.remaining) trailing bytes")
        }
        return UnsafeRawBufferPointer(rebasing: bytes[1...])
    }
}
