// Models — writes ``FieldValue`` trees as binary property lists
import Foundation

/// Writes ``FieldValue`` trees as binary property lists (`bplist00`) that plistlib and Apple's readers
/// accept.
///
/// Equal strings (compared by Unicode scalars) and the two booleans are written once and shared, which
/// covers the dictionary keys repeated in every row; numbers, dates, data and containers are written where
/// they occur (sharing a million distinct row ids would cost more than it saves). Objects are written
/// children first, so the top object is the last one.
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
    /// - Complexity: O(size of the value), plus hashing of the shared scalars.
    public static func write(_ value: FieldValue) -> [UInt8] {
        var encoder = Encoder(referenceSize: referenceSize(forCount: countObjects(value)))
        let top = encoder.add(value)
        return encoder.finish(top: top)
    }

    /// An upper bound of the number of objects (before sharing).
    private static func countObjects(_ value: FieldValue) -> Int {
        switch value {
        case .array(let items): return items.reduce(1) { $0 + countObjects($1) }
        case .dict(let fields):
            return fields.reduce(1) { total, field in
                field.value.isNull ? total : total + 1 + countObjects(field.value)
            }
        default: return 1
        }
    }

    /// The number of bytes needed for values up to `count - 1`: 1, 2, 4 or 8.
    static func referenceSize(forCount count: Int) -> Int {
        bytesFor(UInt64(max(count, 1) - 1))
    }

    static func bytesFor(_ value: UInt64) -> Int {
        value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8
    }
}
