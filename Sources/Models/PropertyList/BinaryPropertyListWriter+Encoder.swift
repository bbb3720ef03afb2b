// Models — the objects of a binary property list, numbered and written as plistlib does
import Foundation

extension BinaryPropertyListWriter {
    /// One object of the file: a scalar, or a container with the numbers of its children.
    enum Object {
        case scalar(FieldValue)
        case array([Int])
        case dictionary(keys: [Int], values: [Int])
    }

    /// A scalar as plistlib compares them when it shares objects: by type, then value (reals and dates
    /// by their bits, so that -0.0 is not written as 0.0).
    enum ScalarKey: Hashable {
        case string(PropertyListKey)
        case integer(Int64)
        case real(UInt64)
        case boolean(Bool)
        case date(UInt64)
        case data([UInt8])
    }

    /// The objects of a value, numbered parents first with equal scalars shared.
    struct ObjectTable {
        var objects: [Object] = []
        private var scalars: [ScalarKey: Int] = [:]

        /// Numbers `value` and everything in it.
        /// - Returns: the object number of `value`.
        /// - Complexity: O(size of the value).
        mutating func flatten(_ value: FieldValue) -> Int {
            switch value {
            case .array(let items):
                let number = objects.count
                objects.append(.array([]))
                let children = items.map { flatten($0) }
                objects[number] = .array(children)
                return number
            case .dict(let fields):
                let number = objects.count
                objects.append(.dictionary(keys: [], values: []))
                let kept = fields.filter { !$0.value.isNull }
                let keys = kept.map { flatten(.string($0.key)) }
                let values = kept.map { flatten($0.value) }
                objects[number] = .dictionary(keys: keys, values: values)
                return number
            case .null:
                return flatten(.string(""))
            default:
                let key = Self.key(of: value)
                if let existing = scalars[key] { return existing }
                objects.append(.scalar(value))
                scalars[key] = objects.count - 1
                return objects.count - 1
            }
        }

        private static func key(of value: FieldValue) -> ScalarKey {
            switch value {
            case .string(let text): .string(PropertyListKey(text))
            case .int(let number): .integer(number)
            case .real(let number): .real(number.bitPattern)
            case .bool(let flag): .boolean(flag)
            case .date(let date): .date(date.timeIntervalSinceReferenceDate.bitPattern)
            case .data(let bytes): .data(bytes)
            case .array, .dict, .null: preconditionFailure("containers and null are not shared scalars")
            }
        }
    }

    /// The file being written, with the offset of each object.
    struct Encoder {
        let referenceSize: Int
        /// The bytes written since the last piece was cut.
        var output: [UInt8] = Array("bplist00".utf8)
        /// The pieces cut so far.
        var pieces: DocumentPieces
        var offsets: [Int] = []

        init(referenceSize: Int, pieceBytes: Int = .max, handOff: (([UInt8]) -> Void)? = nil) {
            self.referenceSize = referenceSize
            pieces = DocumentPieces(size: pieceBytes, handOff: handOff)
        }

        /// Writes the next object.
        mutating func write(_ object: Object) {
            offsets.append(pieces.count + output.count)
            switch object {
            case .array(let children):
                appendMarker(0xA0, length: children.count)
                for child in children { appendUInt(UInt64(child), size: referenceSize) }
            case .dictionary(let keys, let values):
                appendMarker(0xD0, length: keys.count)
                for key in keys { appendUInt(UInt64(key), size: referenceSize) }
                for value in values { appendUInt(UInt64(value), size: referenceSize) }
            case .scalar(let value):
                switch value {
                case .string(let text): appendString(text)
                case .int(let number): appendInteger(number)
                case .real(let number):
                    output.append(0x23)
                    appendUInt(number.bitPattern, size: 8)
                case .bool(let flag): output.append(flag ? 0x09 : 0x08)
                case .date(let date):
                    output.append(0x33)
                    appendUInt(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
                case .data(let bytes):
                    appendMarker(0x40, length: bytes.count)
                    output.append(contentsOf: bytes)
                case .array, .dict, .null: preconditionFailure("containers and null are not scalars")
                }
            }
        }

        /// Appends the offset table and the trailer.
        mutating func finish(top: Int) -> [[UInt8]] {
            let tableStart = pieces.count + output.count
            let offsetSize = BinaryPropertyListWriter.bytesFor(count: tableStart)
            for offset in offsets { appendUInt(UInt64(offset), size: offsetSize) }
            output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
            appendUInt(UInt64(offsets.count), size: 8)
            appendUInt(UInt64(top), size: 8)
            appendUInt(UInt64(tableStart), size: 8)
            return pieces.finish(output)
        }

        mutating func appendUInt(_ value: UInt64, size: Int) {
            switch size {
            case 1:
                output.append(UInt8(truncatingIfNeeded: value))
            case 2:
                output.append(UInt8(truncatingIfNeeded: value >> 8))
                output.append(UInt8(truncatingIfNeeded: value))
            default:
                withUnsafeBytes(of: value.bigEndian) { output.append(contentsOf: $0.suffix(size)) }
            }
        }

        mutating func appendInteger(_ number: Int64) {
            let size = number < 0 ? 8 : BinaryPropertyListWriter.bytesFor(UInt64(number))
            output.append(0x10 | UInt8(size.trailingZeroBitCount))
            appendUInt(UInt64(bitPattern: number), size: size)
        }

        /// A marker with the length in its low nibble, or `0x_F` followed by an integer object.
        mutating func appendMarker(_ marker: UInt8, length: Int) {
            if length < 15 {
                output.append(marker | UInt8(length))
            } else {
                output.append(marker | 0x0F)
                appendInteger(Int64(length))
            }
        }

        mutating func appendString(_ text: String) {
            var copy = text
            let isASCII = copy.withUTF8 { bytes in
                guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
                appendMarker(0x50, length: bytes.count)
                output.append(contentsOf: bytes)
                return true
            }
            guard !isASCII else { return }
            appendMarker(0x60, length: text.utf16.count)
            for unit in text.utf16 {
                output.append(UInt8(truncatingIfNeeded: unit >> 8))
                output.append(UInt8(truncatingIfNeeded: unit))
            }
        }
    }
}
