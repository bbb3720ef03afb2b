// Models — the state of one binary property-list parse

/// The state of one binary property-list parse: the trailer's layout and the objects being decoded.
struct BinaryPropertyListParser {
    static let trailerSize = 32

    let bytes: UnsafeBufferPointer<UInt8>
    let offsetSize: Int
    let referenceSize: Int
    let objectCount: Int
    let topObject: Int
    let offsetTableStart: Int
    /// Where the trailer starts; no object may reach it.
    let objectsEnd: Int
    /// The containers being decoded, to detect objects that contain themselves.
    var onPath: [Bool]
    var depth = 0
    var remainingValues: Int
    /// Strings recently decoded as dictionary keys, direct-mapped by object number (writers share keys).
    var keyCache = [(object: Int, key: String)](repeating: (-1, ""), count: 1_024)
    /// Entries of the dictionaries being read, innermost last.
    var fieldStack: [Field] = []
    /// UTF-8 of the last UTF-16 string decoded.
    var scratch: [UInt8] = []

    /// Checks the header and the trailer.
    /// - Throws: ``DocumentSyntaxError`` at `byte N` when they are missing or describe a layout the file
    ///   cannot hold.
    init(bytes: UnsafeBufferPointer<UInt8>) throws(DocumentSyntaxError) {
        self.bytes = bytes
        guard !bytes.isEmpty else { throw Self.error(byte: 0, "the file is empty") }
        let magic = PropertyListFormat.binaryMagic
        guard bytes.count >= 8, bytes[0..<6].elementsEqual(magic[0..<6]) else {
            throw Self.error(byte: 0, "not a binary property list (no bplist00 header)")
        }
        guard bytes[6..<8].elementsEqual(magic[6..<8]) else {
            let version = String(decoding: UnsafeBufferPointer(rebasing: bytes[6..<8]), as: UTF8.self)
            throw Self.error(byte: 6, "unsupported binary property list version \"\(version)\"")
        }
        guard bytes.count >= 8 + 2 + Self.trailerSize else {
            throw Self.error(byte: bytes.count, "the file ends before its trailer (\(bytes.count) bytes)")
        }
        let trailer = bytes.count - Self.trailerSize
        objectsEnd = trailer
        offsetSize = Int(bytes[trailer + 6])
        referenceSize = Int(bytes[trailer + 7])
        guard (1...8).contains(offsetSize) else {
            throw Self.error(byte: trailer + 6, "offset size \(offsetSize) is not between 1 and 8")
        }
        guard (1...8).contains(referenceSize) else {
            throw Self.error(byte: trailer + 7, "object reference size \(referenceSize) is not between 1 and 8")
        }
        let count = Self.readUInt(bytes, at: trailer + 8, size: 8)
        let top = Self.readUInt(bytes, at: trailer + 16, size: 8)
        let tableStart = Self.readUInt(bytes, at: trailer + 24, size: 8)
        guard count > 0 else { throw Self.error(byte: trailer + 8, "the trailer counts no objects") }
        guard count <= UInt64(trailer - 8) else {
            throw Self.error(byte: trailer + 8, "object count \(count) is more than a \(bytes.count)-byte file holds")
        }
        guard top < count else {
            throw Self.error(byte: trailer + 16, "top object \(top) is out of range (\(count) objects)")
        }
        guard tableStart >= 9, tableStart < UInt64(trailer) else {
            throw Self.error(byte: trailer + 24, "offset table position \(tableStart) is outside the file")
        }
        objectCount = Int(count)
        topObject = Int(top)
        offsetTableStart = Int(tableStart)
        guard objectCount <= (trailer - offsetTableStart) / offsetSize else {
            throw Self.error(
                byte: offsetTableStart,
                "the offset table (\(objectCount) entries of \(offsetSize) bytes) runs into the trailer")
        }
        onPath = [Bool](repeating: false, count: objectCount)
        remainingValues = BinaryPropertyListReader.maximumExpandedValues(forFileSize: bytes.count)
    }

    /// Decodes the top object and everything it refers to.
    mutating func parseDocument() throws(DocumentSyntaxError) -> FieldValue {
        try parseObject(topObject)
    }

    // MARK: Primitives

    static func error(byte: Int, _ message: String) -> DocumentSyntaxError {
        DocumentSyntaxError(location: "byte \(byte)", message: message)
    }

    static func error(object: Int, _ message: String) -> DocumentSyntaxError {
        DocumentSyntaxError(location: "object \(object)", message: message)
    }

    /// The big-endian unsigned integer of `size` (1…8) bytes at `offset`; the caller checks the bounds.
    @inline(__always)
    static func readUInt(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, size: Int) -> UInt64 {
        precondition(offset >= 0 && size <= bytes.count - offset, "read past the end of the buffer")
        return bytes.bigEndianInteger(at: offset, size: size)
    }

    /// Where object `object` starts.
    /// - Throws: when the offset table points outside the object area.
    func offset(of object: Int) throws(DocumentSyntaxError) -> Int {
        let entry = Self.readUInt(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize)
        guard entry >= 8, entry < UInt64(objectsEnd) else {
            throw Self.error(object: object, "offset \(entry) is outside the object area (bytes 8 to \(objectsEnd))")
        }
        return Int(entry)
    }

    /// Checks that `count` bytes from `start` lie inside the object area.
    func need(_ count: Int, at start: Int, in object: Int) throws(DocumentSyntaxError) {
        guard count >= 0, start <= objectsEnd, count <= objectsEnd - start else {
            throw Self.error(object: object, "\(count) bytes at byte \(start) run past the end of the object area")
        }
    }

    /// The object number stored in the reference at `position`.
    func reference(at position: Int, in object: Int) throws(DocumentSyntaxError) -> Int {
        let target = Self.readUInt(bytes, at: position, size: referenceSize)
        guard target < UInt64(objectCount) else {
            throw Self.error(object: object, "reference to object \(target) is out of range (\(objectCount) objects)")
        }
        return Int(target)
    }

    /// The length in the low nibble of `marker`, or in the integer object that follows when the nibble is
    /// `0xF`; `cursor` moves past it.
    func readLength(_ marker: UInt8, cursor: inout Int, in object: Int) throws(DocumentSyntaxError) -> Int {
        let nibble = Int(marker & 0x0F)
        guard nibble == 0x0F else { return nibble }
        try need(1, at: cursor, in: object)
        let lengthMarker = bytes[cursor]
        guard lengthMarker >> 4 == 0x1, lengthMarker & 0x0F <= 3 else {
            throw Self.error(
                object: object, "extended length marker \(PropertyListBase64.hex(lengthMarker)) is not an integer")
        }
        let size = 1 << Int(lengthMarker & 0x0F)
        try need(size, at: cursor + 1, in: object)
        let length = Self.readUInt(bytes, at: cursor + 1, size: size)
        guard length <= UInt64(Int.max) else { throw Self.error(object: object, "negative length") }
        cursor += 1 + size
        return Int(length)
    }
}
