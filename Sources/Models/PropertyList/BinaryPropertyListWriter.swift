// Models — writes ``FieldValue`` trees as binary property lists
import Foundation

/// Writes ``FieldValue`` trees as binary property lists (`bplist00`) that plistlib and Apple's readers
/// accept, laid out as Python's `plistlib` lays them out, so that a file written by plistlib is written
/// back byte for byte.
///
/// Like plistlib: objects are numbered parents first (a dictionary, then its keys, then its values), so
/// the top object is object 0; equal scalars of one type (strings by Unicode scalars, integers, reals,
/// booleans, dates, data) are written once and shared; containers never are. References take 1, 2, 4 or
/// 8 bytes as the object count needs (fewer than 2⁸ objects: 1 byte), offsets as the offset table's
/// position needs.
///
/// Choices where a value has no exact binary plist form, the same as ``XMLPropertyListWriter``: a
/// dictionary entry whose value is `.null` is left out, and `.null` elsewhere is written as an empty string
/// (the `0x00` null object is not part of `bplist00` for Apple's readers). Reals are always 8 bytes,
/// integers the smallest of 1, 2, 4 (non-negative values) or 8 bytes, strings ASCII when they can be and
/// UTF-16BE otherwise.
public enum BinaryPropertyListWriter {
    /// Encodes a value as a complete binary plist.
    ///
    /// - Parameter value: the top object.
    /// - Returns: the file's bytes.
    /// - Complexity: O(size of the value), plus hashing of the scalars.
    public static func write(_ value: FieldValue) -> [UInt8] {
        writePieces(value, pieceBytes: .max).first ?? []
    }

    /// Encodes a value as ``write(_:)`` does, handed on in pieces of about `pieceBytes` bytes (cut between
    /// objects), so no buffer holds the whole file nor is copied as it grows.
    /// - Parameter handOff: given each piece as it is cut, the last one too, in order.
    /// - Returns: the pieces, in order; their bytes joined are ``write(_:)``'s.
    /// - Complexity: O(size of the value), plus hashing of the scalars.
    public static func writePieces(
        _ value: FieldValue, pieceBytes: Int, handOff: (([UInt8]) -> Void)? = nil
    ) -> [[UInt8]] {
        var table = ObjectTable()
        _ = table.flatten(value)
        var encoder = Encoder(
            referenceSize: bytesFor(count: table.objects.count), pieceBytes: pieceBytes, handOff: handOff)
        for object in table.objects {
            encoder.write(object)
            encoder.pieces.cut(&encoder.output)
        }
        return encoder.finish(top: 0)
    }

    /// The number of bytes plistlib gives a count or an offset: 1 below 2⁸, 2 below 2¹⁶, 4 below 2³²,
    /// else 8.
    static func bytesFor(count: Int) -> Int {
        count < 1 << 8 ? 1 : count < 1 << 16 ? 2 : count < 1 << 32 ? 4 : 8
    }

    static func bytesFor(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}
