// ListStore — PostgreSQL's binary COPY format

/// Reads PostgreSQL's binary COPY format (`COPY … TO STDOUT (FORMAT binary)`) one data message
/// at a time: the signature and header, then tuples (a field count, then each field as a length
/// and its bytes), then a count of -1. The server never splits a tuple across messages.
struct BinaryCopyReader {
    /// Thrown when the bytes are not in the format.
    struct FormatError: Error, CustomStringConvertible {
        var description: String { "the COPY data is not in PostgreSQL's binary format" }
    }

    static let signature: [UInt8] = Array("PGCOPY\n".utf8) + [0xFF, 0x0D, 0x0A, 0x00]
    private var headerRead = false
    private(set) var finished = false

    /// Calls `row` with the fields of each tuple in `message` (a NULL field is an empty buffer).
    mutating func read(
        _ message: UnsafeRawBufferPointer, _ row: ([UnsafeRawBufferPointer]) throws -> Void
    ) throws {
        var offset = 0
        func int32() throws -> Int32 {
            guard offset + 4 <= message.count else { throw FormatError() }
            defer { offset += 4 }
            return Int32(bigEndian: message.loadUnaligned(fromByteOffset: offset, as: Int32.self))
        }
        if !headerRead {
            guard message.count >= 19, message.prefix(11).elementsEqual(Self.signature) else { throw FormatError() }
            offset = 15
            let extensionLength = try int32()
            guard extensionLength >= 0 else { throw FormatError() }
            offset += Int(extensionLength)
            headerRead = true
        }
        var columns: [UnsafeRawBufferPointer] = []
        while offset < message.count && !finished {
            guard offset + 2 <= message.count else { throw FormatError() }
            let count = Int16(bigEndian: message.loadUnaligned(fromByteOffset: offset, as: Int16.self))
            offset += 2
            if count == -1 {
                finished = true
                break
            }
            columns.removeAll(keepingCapacity: true)
            for _ in 0..<max(0, Int(count)) {
                let length = try int32()
                if length < 0 {
                    columns.append(UnsafeRawBufferPointer(start: nil, count: 0))
                    continue
                }
                guard offset + Int(length) <= message.count else { throw FormatError() }
                columns.append(UnsafeRawBufferPointer(rebasing: message[offset..<offset + Int(length)]))
                offset += Int(length)
            }
            try row(columns)
        }
    }
}

/// Writes rows of (`int8`, `bytea`) in PostgreSQL's binary COPY format into a buffer that the
/// caller sends and empties as it grows.
struct BinaryCopyWriter {
    private(set) var buffer: [UInt8] = []

    init(capacity: Int = 1 << 20) {
        buffer.reserveCapacity(capacity + 4096)
        buffer.append(contentsOf: BinaryCopyReader.signature)
        appendInt32(0)  // flags
        appendInt32(0)  // header extension length
    }

    /// Appends one tuple: `id` as `int8` and `bytes` as `bytea`, the bytes written by `write`.
    mutating func appendRow(id: Int64, _ write: (inout [UInt8]) -> Void) {
        withUnsafeBytes(of: Int16(2).bigEndian) { buffer.append(contentsOf: $0) }
        appendInt32(8)
        withUnsafeBytes(of: id.bigEndian) { buffer.append(contentsOf: $0) }
        let lengthAt = buffer.count
        appendInt32(0)
        write(&buffer)
        let length = Int32(buffer.count - lengthAt - 4).bigEndian
        withUnsafeBytes(of: length) { bytes in
            for index in 0..<4 { buffer[lengthAt + index] = bytes[index] }
        }
    }

    /// Appends the trailer (a field count of -1).
    mutating func finish() {
        withUnsafeBytes(of: Int16(-1).bigEndian) { buffer.append(contentsOf: $0) }
    }

    mutating func removeAll() { buffer.removeAll(keepingCapacity: true) }

    private mutating func appendInt32(_ value: Int32) {
        withUnsafeBytes(of: value.bigEndian) { buffer.append(contentsOf: $0) }
    }
}
