// ListServer — Models
import Foundation

extension BinaryPropertyListWriter {
    /// The identity under which scalar objects are shared.
    enum ScalarKey: Hashable {
        case string(PropertyListKey)
        case int(Int64)
        case real(UInt64)
        case bool(Bool)
        case date(UInt64)
        case data([UInt8])
    }

    /// The object area being written, with the offset of each object.
    struct Encoder {
        let referenceSize: Int
        var output: [UInt8] = Array("bplist00".utf8)
        var offsets: [Int] = []
        var shared: [ScalarKey: Int] = [:]

        init(referenceSize: Int) {
            self.referenceSize = referenceSize
        }

        /// Writes `value` (children first) and returns its object number.
        mutating func add(_ value: FieldValue) -> Int {
            switch value {
            case .string(let text): return addShared(.string(PropertyListKey(text))) { $0.appendString(text) }
            case .null: return addShared(.string(PropertyListKey(""))) { $0.appendString("") }
            case .int(let number): return addShared(.int(number)) { $0.appendInteger(number) }
            case .real(let number):
                return addShared(.real(number.bitPattern)) { encoder in
                    encoder.output.append(0x23)
                    encoder.appendUInt(number.bitPattern, size: 8)
                }
            case .bool(let flag): return addShared(.bool(flag)) { $0.output.append(flag ? 0x09 : 0x08) }
            case .date(let date):
                let bits = date.timeIntervalSinceReferenceDate.bitPattern
                return addShared(.date(bits)) { encoder in
                    encoder.output.append(0x33)
                    encoder.appendUInt(bits, size: 8)
                }
            case .data(let bytes):
                return addShared(.data(bytes)) { encoder in
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
                for field in fields where !field.value.isNull {
                    keys.append(addShared(.string(PropertyListKey(field.key))) { $0.appendString(field.key) })
                    values.append(add(field.value))
                }
                return addObject { encoder in
                    encoder.appendMarker(0xD0, length: keys.count)
                    for key in keys { encoder.appendUInt(UInt64(key), size: encoder.referenceSize) }
                    for value in values { encoder.appendUInt(UInt64(value), size: encoder.referenceSize) }
                }
            }
        }

        private mutating func addShared(_ key: ScalarKey, _ body: (inout Encoder) -> Void) -> Int {
            if let existing = shared[key] { return existing }
            let object = addObject(body)
            shared[key] = object
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
            for shift in stride(from: (size - 1) * 8, through: 0, by: -8) {
                output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
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
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x50, length: text.utf8.count)
                output.append(contentsOf: text.utf8)
            } else {
                let units = Array(text.utf16)
                appendMarker(0x60, length: units.count)
                for unit in units {
                    output.append(UInt8(truncatingIfNeeded: unit >> 8))
                    output.append(UInt8(truncatingIfNeeded: unit))
                }
            }
        }
    }
}
