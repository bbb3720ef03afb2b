// Models — a growing run of packed values written in place, for a parser that packs as it reads

/// A growing run of packed values (see ``PackedFields``) written in place: the JSON parser writes
/// every value into it as it reads, and its storage then backs every ``Fields`` of the document.
///
/// A container's count is only known at its end, so the parser writes the container's members
/// first and then inserts the count before them (``insertVarint(_:at:)``), moving the members once.
struct PackedWriter: ~Copyable {
    private var storage: FieldsStorage
    private var base: UnsafeMutableRawPointer
    private var capacity: Int
    /// The number of bytes written.
    private(set) var count = 0

    /// An empty writer with room for `capacity` bytes before it grows.
    init(capacity: Int) {
        storage = FieldsStorage.make(capacity: Swift.max(capacity, 64))
        base = storage.mutableBase
        self.capacity = storage.capacity
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if extra > capacity &- count { grow(toFit: extra) }
    }

    @inline(never)
    private mutating func grow(toFit extra: Int) {
        let grown = FieldsStorage.make(capacity: Swift.max(2 * capacity, count + extra))
        grown.mutableBase.copyMemory(from: base, byteCount: count)
        storage = grown
        base = grown.mutableBase
        capacity = grown.capacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base.storeBytes(of: byte, toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    @inline(__always)
    mutating func appendVarint(_ value: UInt64) {
        reserve(10)
        var rest = value
        while rest >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: count, as: UInt8.self)
            count &+= 1
            rest >>= 7
        }
        base.storeBytes(of: UInt8(rest), toByteOffset: count, as: UInt8.self)
        count &+= 1
    }

    /// Appends a varint byte length and the bytes: a key, or a string's payload.
    @inline(__always)
    mutating func appendRun(_ bytes: UnsafeRawBufferPointer) {
        appendVarint(UInt64(bytes.count))
        reserve(bytes.count)
        if let source = bytes.baseAddress, !bytes.isEmpty {
            (base + count).copyMemory(from: source, byteCount: bytes.count)
            count &+= bytes.count
        }
    }

    /// Appends a tagged integer or real (the only numbers JSON has).
    mutating func appendNumber(_ value: FieldValue) {
        switch value {
        case .int(let number):
            append(PackedFields.Tag.int.rawValue)
            appendVarint(UInt64(bitPattern: (number << 1) ^ (number >> 63)))
        case .real(let number):
            append(PackedFields.Tag.real.rawValue)
            reserve(8)
            base.storeBytes(of: number.bitPattern.littleEndian, toByteOffset: count, as: UInt64.self)
            count &+= 8
        default:
            preconditionFailure("appendNumber takes an integer or a real")
        }
    }

    /// Inserts `value` as a varint at `offset`, moving the bytes after it.
    /// - Complexity: O(count - offset).
    mutating func insertVarint(_ value: UInt64, at offset: Int) {
        var length = 1
        var rest = value
        while rest >= 0x80 {
            length += 1
            rest >>= 7
        }
        reserve(length)
        (base + offset + length).copyMemory(from: base + offset, byteCount: count - offset)
        rest = value
        var position = offset
        while rest >= 0x80 {
            base.storeBytes(of: UInt8(truncatingIfNeeded: rest) | 0x80, toByteOffset: position, as: UInt8.self)
            position += 1
            rest >>= 7
        }
        base.storeBytes(of: UInt8(rest), toByteOffset: position, as: UInt8.self)
        count += length
    }

    /// Replaces everything from `offset` on with `bytes`.
    mutating func replace(from offset: Int, with bytes: [UInt8]) {
        count = offset
        bytes.withUnsafeBytes { bytes in
            reserve(bytes.count)
            if let source = bytes.baseAddress, !bytes.isEmpty {
                (base + count).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        count += bytes.count
    }

    /// The bytes from `start` up to the end, valid until the next write.
    func bytes(from start: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: count - start)
    }

    /// The storage with what was written, for ``Fields`` values to share; the writer starts over,
    /// empty. Small storage with much room left is copied to its size first.
    mutating func finish() -> FieldsStorage {
        let finished: FieldsStorage
        if capacity <= 1 << 16 && capacity - count > 64 {
            finished = FieldsStorage.make(copying: UnsafeRawBufferPointer(start: base, count: count))
        } else {
            storage.setCount(count)
            finished = storage
        }
        storage = FieldsStorage.make(capacity: 64)
        base = storage.mutableBase
        capacity = storage.capacity
        count = 0
        return finished
    }
}
