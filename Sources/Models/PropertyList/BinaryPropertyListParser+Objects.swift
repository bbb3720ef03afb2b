// Models — decoding of the objects by their marker byte
import Foundation

/// Decoding of the objects by their marker byte.
extension BinaryPropertyListParser {
    /// Decodes object `object` and, for containers, everything it refers to.
    mutating func parseObject(_ object: Int) throws(DocumentSyntaxError) -> FieldValue {
        remainingValues -= 1
        guard remainingValues >= 0 else {
            let limit = BinaryPropertyListReader.maximumExpandedValues(forFileSize: bytes.count)
            throw Self.error(object: object, "shared objects expand to more than \(limit) values")
        }
        let start = try offset(of: object)
        let marker = bytes[start]
        var cursor = start + 1
        switch marker >> 4 {
        case 0x0:
            switch marker {
            case 0x00: return .null
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            case 0x0F: throw Self.error(object: object, "a fill byte is not a value")
            default: throw unknownMarker(marker, object)
            }
        case 0x1:
            return try parseInteger(marker, at: cursor, in: object)
        case 0x2:
            switch marker & 0x0F {
            case 2:
                try need(4, at: cursor, in: object)
                let bits = UInt32(truncatingIfNeeded: Self.readUInt(bytes, at: cursor, size: 4))
                return .real(Double(Float(bitPattern: bits)))
            case 3:
                try need(8, at: cursor, in: object)
                return .real(Double(bitPattern: Self.readUInt(bytes, at: cursor, size: 8)))
            default:
                throw Self.error(object: object, "a real of \(1 << Int(marker & 0x0F)) bytes is not supported")
            }
        case 0x3:
            guard marker == 0x33 else { throw unknownMarker(marker, object) }
            try need(8, at: cursor, in: object)
            let seconds = Double(bitPattern: Self.readUInt(bytes, at: cursor, size: 8))
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 0x4:
            let length = try readLength(marker, cursor: &cursor, in: object)
            try need(length, at: cursor, in: object)
            return .data(Array(UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + length)])))
        case 0x5, 0x6, 0x7:
            return .string(try parseString(marker, cursor: cursor, in: object))
        case 0x8:
            throw Self.error(object: object, "UID objects (keyed archives) are not supported")
        case 0xA, 0xC:
            let count = try readLength(marker, cursor: &cursor, in: object)
            try needReferences(count, at: cursor, in: object)
            try enter(object)
            var items: [FieldValue] = []
            items.reserveCapacity(count)
            for index in 0..<count {
                let target = try reference(at: cursor + index * referenceSize, in: object)
                items.append(try parseObject(target))
            }
            leave(object)
            return .array(items)
        case 0xD:
            let count = try readLength(marker, cursor: &cursor, in: object)
            try needReferences(count, at: cursor, in: object, perEntry: 2)
            try enter(object)
            var builder = PropertyListDictionaryBuilder(on: fieldStack)
            let valuesStart = cursor + count * referenceSize
            for index in 0..<count {
                let keyObject = try reference(at: cursor + index * referenceSize, in: object)
                let key = try parseKey(keyObject, in: object)
                let valueObject = try reference(at: valuesStart + index * referenceSize, in: object)
                let value = try parseObject(valueObject)
                builder.add(key, value, to: &fieldStack)
            }
            leave(object)
            return .dict(builder.finish(&fieldStack))
        default:
            throw unknownMarker(marker, object)
        }
    }

    private func unknownMarker(_ marker: UInt8, _ object: Int) -> DocumentSyntaxError {
        Self.error(object: object, "unknown object marker \(PropertyListBase64.hex(marker))")
    }

    /// Checks that `count` entries of `perEntry` references each fit in the object area.
    private func needReferences(
        _ count: Int, at start: Int, in object: Int, perEntry: Int = 1
    ) throws(DocumentSyntaxError) {
        guard count <= (objectsEnd - start) / (referenceSize * perEntry) else {
            throw Self.error(object: object, "\(count) entries run past the end of the object area")
        }
    }

    /// Marks a container as being decoded.
    /// - Throws: when it is already being decoded (it contains itself) or nesting gets too deep.
    private mutating func enter(_ object: Int) throws(DocumentSyntaxError) {
        guard !onPath[object] else { throw Self.error(object: object, "the object contains itself") }
        guard depth < BinaryPropertyListReader.maximumDepth else {
            throw Self.error(object: object, "nesting deeper than \(BinaryPropertyListReader.maximumDepth) levels")
        }
        onPath[object] = true
        depth += 1
    }

    private mutating func leave(_ object: Int) {
        onPath[object] = false
        depth -= 1
    }

    /// Integers of 1, 2 and 4 bytes are unsigned, of 8 bytes signed; 16-byte ones hold plistlib's values
    /// above `Int64.max` (read as `.real`) or sign-extended negative values.
    private func parseInteger(
        _ marker: UInt8, at cursor: Int, in object: Int
    ) throws(DocumentSyntaxError) -> FieldValue {
        let power = Int(marker & 0x0F)
        guard power <= 4 else { throw Self.error(object: object, "an integer of 2^\(power) bytes is not supported") }
        let size = 1 << power
        try need(size, at: cursor, in: object)
        if size < 16 {
            let raw = Self.readUInt(bytes, at: cursor, size: size)
            return .int(size == 8 ? Int64(bitPattern: raw) : Int64(raw))
        }
        let high = Self.readUInt(bytes, at: cursor, size: 8)
        let low = Self.readUInt(bytes, at: cursor + 8, size: 8)
        switch high {
        case 0: return low <= UInt64(Int64.max) ? .int(Int64(low)) : .real(Double(low))
        case UInt64.max where low > UInt64(Int64.max): return .int(Int64(bitPattern: low))
        default: throw Self.error(object: object, "a 128-bit integer out of the 64-bit range is not supported")
        }
    }

    /// A dictionary key: a string object, cached by object number.
    private mutating func parseKey(_ keyObject: Int, in object: Int) throws(DocumentSyntaxError) -> String {
        let slot = keyObject & (keyCache.count - 1)
        if keyCache[slot].object == keyObject { return keyCache[slot].key }
        let start = try offset(of: keyObject)
        let marker = bytes[start]
        guard (0x5...0x7).contains(marker >> 4) else {
            throw Self.error(object: object, "dictionary key (object \(keyObject)) is not a string")
        }
        remainingValues -= 1
        let key = try parseString(marker, cursor: start + 1, in: keyObject)
        keyCache[slot] = (keyObject, key)
        return key
    }

    /// An ASCII (`0x5_`), UTF-16BE (`0x6_`) or UTF-8 (`0x7_`) string.
    private mutating func parseString(
        _ marker: UInt8, cursor start: Int, in object: Int
    ) throws(DocumentSyntaxError) -> String {
        var cursor = start
        let length = try readLength(marker, cursor: &cursor, in: object)
        switch marker >> 4 {
        case 0x5:
            try need(length, at: cursor, in: object)
            let text = UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + length)])
            if let index = text.firstIndex(where: { $0 >= 0x80 }) {
                throw Self.error(object: object, "ASCII string holds byte \(PropertyListBase64.hex(text[index]))")
            }
            return String(decoding: text, as: UTF8.self)
        case 0x6:
            guard length <= (objectsEnd - cursor) / 2 else {
                throw Self.error(object: object, "\(length) UTF-16 units run past the end of the object area")
            }
            let units = UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + 2 * length)])
            guard let text = PropertyListText.string(fromUTF16BigEndian: units, scratch: &scratch) else {
                throw Self.error(object: object, "the UTF-16 string is not valid (unpaired surrogate)")
            }
            return text
        default:
            try need(length, at: cursor, in: object)
            let text = UnsafeBufferPointer(rebasing: bytes[cursor..<(cursor + length)])
            guard let string = PropertyListText.string(fromUTF8: text) else {
                throw Self.error(object: object, "the UTF-8 string is not valid")
            }
            return string
        }
    }
}
