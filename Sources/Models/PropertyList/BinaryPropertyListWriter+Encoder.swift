// Models — the object area being written, with the offset of each object
import Foundation

extension BinaryPropertyListWriter {
    /// The object area being written, with the offset of each object.
    struct Encoder {
        let referenceSize: Int
        var output: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        /// Strings already written, by their scalars.
        var strings: [PropertyListKey: Int] = [:]
        /// The objects of `false` and `true` once written.
        var booleans: [Int?] = [nil, nil]

        init(referenceSize: Int) {
            self.referenceSize = referenceSize
        }

        /// Writes `value` (children first) and returns its object number.
        mutating func add(_ value: FieldValue) -> Int {
            switch value {
            case .string(let text):
                return addString(text)
            case .null:
                return addString("")
            case .int(let number):
                return addObject { $0.appendInteger(number) }
            case .real(let number):
                return addObject { encoder in
                    encoder.output.append(0x23)
                    encoder.appendUInt(number.bitPattern, size: 8)
                }
            case .bool(let flag):
                if let existing = booleans[flag ? 1 : 0] { return existing }
                let object = addObject { $0.output.append(flag ? 0x09 : 0x08) }
                booleans[flag ? 1 : 0] = object
                return object
            case .date(let date):
                return addObject { encoder in
                    encoder.output.append(0x33)
                    encoder.appendUInt(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
                }
            case .data(let bytes):
                return addObject { encoder in
                    encoder.appendMarker(0x40, length: bytes.count)
                    encoder.output.append(contentsOf: bytes)
                }
            case .array(let items):
                let children = items.map { add($0) }
                return addObject { encoder in
                    encoder.appendMarker(0xA0, length: children.count)
                    for child in children { encoder.appendUInt(UInt64(child), size: encoder.referenceSize) }
                }
            case .dict(let fields):
                var keys: [Int] = []
                var values: [Int] = []
                keys.reserveCapacity(fields.count)
                values.reserveCapacity(fields.count)
                for field in fields where !field.value.isNull {
                    keys.append(addString(field.key))
                    values.append(add(field.value))
                }
                return addObject { encoder in
                    encoder.appendMarker(0xD0, length: keys.count)
                    for key in keys { encoder.appendUInt(UInt64(key), size: encoder.referenceSize) }
                    for value in values { encoder.appendUInt(UInt64(value), size: encoder.referenceSize) }
                }
            }
        }

        /// Writes a string once, returning the same object for every later equal string.
        private mutating func addString(_ text: String) -> Int {
            let key = PropertyListKey(text)
            if let existing = strings[key] { return existing }
            let object = addObject { $0.appendString(text) }
            strings[key] = object
            return object
        }

        private mutating func addObject(_ body: (inout Encoder) -> Void) -> Int {
            offsets.append(output.count)
            body(&self)
            return offsets.count - 1
        }

        /// Appends the offset table and the trailer.
        mutating func finish(top: Int) -> [UInt8] {
            let tableStart = output.count
            let offsetSize = BinaryPropertyListWriter.bytesFor(UInt64(tableStart))
            for offset in offsets { appendUInt(UInt64(offset), size: offsetSize) }
            output.append(contentsOf: [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
            appendUInt(UInt64(offsets.count), size: 8)
            appendUInt(UInt64(top), size: 8)
            appendUInt(UInt64(tableStart), size: 8)
            return output
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
