// Models — a cursor over packed bytes already known to be well formed
import Foundation

/// A cursor over packed bytes already known to be well formed: bytes that ``PackedFields`` wrote, or
/// that ``PackedReader`` checked. Release builds read without bounds checks (``PackedReader`` is the
/// one for bytes from outside); debug builds check every read against the bytes written and that the
/// storage read is still alive, as swift-collections' unsafe handles do.
///
/// Every operation that reads a value leaves the cursor just after it, whatever it returns: the
/// callers step from pair to pair on that alone.
@usableFromInline
struct PackedCursor {
    @usableFromInline let base: UnsafeRawPointer
    /// The offset of the next byte from `base`.
    @usableFromInline var offset: Int
    #if DEBUG
        /// The end of the readable bytes, as an offset from `base`.
        @usableFromInline let limit: Int
        /// The storage read, held weakly so that a read after it is freed traps instead of passing.
        @usableFromInline weak var owner: FieldsStorage.Buffer?
        @usableFromInline let hasOwner: Bool
    #endif

    /// A cursor at `offset` in the bytes written to `storage`; the caller keeps `storage` alive.
    @inlinable @inline(__always)
    init(_ storage: FieldsStorage, offset: Int) {
        self.base = storage.base
        self.offset = offset
        #if DEBUG
            limit = storage.buffer.header
            owner = storage.buffer
            hasOwner = true
            checkReadable(0, checkingOwner: true)
        #endif
    }

    /// A cursor at `offset` in `bytes`, which the caller keeps alive and unchanged while it reads.
    @inlinable @inline(__always)
    init(_ bytes: UnsafeRawBufferPointer, offset: Int) {
        self.base = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!
        self.offset = offset
        #if DEBUG
            limit = bytes.count
            owner = nil
            hasOwner = false
            checkReadable(0)
        #endif
    }

    /// Traps in debug builds when `count` bytes from ``offset`` are past the bytes written, or (for a
    /// run, a key or a string, where a read is worth a check of the storage) when the storage they
    /// belong to was freed. Nothing in release builds.
    @inlinable @inline(__always)
    func checkReadable(_ count: Int, checkingOwner: Bool = false) {
        #if DEBUG
            precondition(
                offset >= 0 && count >= 0 && offset <= limit - count,
                "PackedCursor reads \(count) bytes at \(offset), past the \(limit) written")
            if checkingOwner {
                precondition(!hasOwner || owner != nil, "PackedCursor reads storage that was freed")
            }
        #endif
    }

    @inlinable @inline(__always)
    mutating func byte() -> UInt8 {
        checkReadable(1)
        let value = base.load(fromByteOffset: offset, as: UInt8.self)
        offset &+= 1
        return value
    }

    @inlinable @inline(__always)
    mutating func varint() -> UInt64 {
        var byte = self.byte()
        guard byte >= 0x80 else { return UInt64(byte) }
        var result = UInt64(byte & 0x7F)
        var shift: UInt64 = 7
        repeat {
            byte = self.byte()
            result |= UInt64(byte & 0x7F) << shift
            shift &+= 7
        } while byte >= 0x80
        return result
    }

    /// Reads a length-prefixed run of bytes (a key, a string, a blob) and returns where it is.
    @inlinable @inline(__always)
    mutating func run() -> UnsafeRawBufferPointer {
        let length = Int(truncatingIfNeeded: varint())
        checkReadable(length, checkingOwner: true)
        let start = base + offset
        offset &+= length
        return UnsafeRawBufferPointer(start: start, count: length)
    }

    /// Skips the payload of a value whose tag was just read: scalars here, containers by a call.
    @inlinable @inline(__always)
    mutating func skipPayload(tag: UInt8) {
        switch tag {
        case PackedFields.Tag.int.rawValue: _ = varint()
        case PackedFields.Tag.real.rawValue, PackedFields.Tag.date.rawValue:
            checkReadable(8)
            offset &+= 8
        case PackedFields.Tag.string.rawValue, PackedFields.Tag.data.rawValue: _ = run()
        case PackedFields.Tag.array.rawValue, PackedFields.Tag.dict.rawValue: skipContainer(tag: tag)
        default: break
        }
    }

    /// Skips the payload of an array or a dictionary whose tag was just read.
    @usableFromInline
    mutating func skipContainer(tag: UInt8) {
        if tag == PackedFields.Tag.dict.rawValue { return skipBody() }
        for _ in 0..<varint() { skipPayload(tag: byte()) }
    }

    /// Skips a dictionary body: its count and its (key, value) pairs.
    @usableFromInline
    mutating func skipBody() {
        for _ in 0..<varint() {
            _ = run()
            skipPayload(tag: byte())
        }
    }

    /// Reads the payload of a value whose tag was just read. A dictionary inside becomes a
    /// ``Fields`` over the same `storage`, without copying its bytes.
    @usableFromInline
    mutating func value(tag: UInt8, storage: FieldsStorage) -> FieldValue {
        switch tag {
        case PackedFields.Tag.null.rawValue: return .null
        case PackedFields.Tag.falseValue.rawValue: return .bool(false)
        case PackedFields.Tag.trueValue.rawValue: return .bool(true)
        case PackedFields.Tag.int.rawValue:
            let zigzag = varint()
            return .int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
        case PackedFields.Tag.real.rawValue: return .real(Double(bitPattern: fixed64()))
        case PackedFields.Tag.date.rawValue:
            return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: fixed64())))
        case PackedFields.Tag.string.rawValue:
            let bytes = run()
            return .string(String(decoding: bytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self))
        case PackedFields.Tag.data.rawValue: return .data([UInt8](run()))
        case PackedFields.Tag.array.rawValue:
            let itemCount = Int(truncatingIfNeeded: varint())
            var items: [FieldValue] = []
            items.reserveCapacity(itemCount)
            for _ in 0..<itemCount { items.append(value(tag: byte(), storage: storage)) }
            return .array(items)
        default:
            let start = offset
            skipBody()
            return .dict(Fields(storage: storage, start: start, end: offset))
        }
    }

    @inlinable @inline(__always)
    mutating func fixed64() -> UInt64 {
        checkReadable(8)
        let value = base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        offset &+= 8
        return UInt64(littleEndian: value)
    }
}
