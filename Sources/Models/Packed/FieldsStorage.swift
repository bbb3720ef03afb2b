// Models — the bytes behind one or more ``Fields`` values

/// The bytes behind one or more ``Fields`` values: one allocation holding packed dictionary bodies
/// (see ``PackedFields``).
///
/// A ``Fields`` value names a range of these bytes, so the rows of a whole group, or of a whole stored
/// dataset, can share one allocation instead of one each. Bytes before ``count`` are never written
/// again once a ``Fields`` value refers to them: a mutation of a ``Fields`` writes new storage, and a
/// builder only appends after ``count``. That is what makes it safe to send (`ManagedBuffer` itself is
/// not `Sendable`, so this wrapper says it is).
@usableFromInline
struct FieldsStorage: @unchecked Sendable {
    /// One allocation: the number of bytes written, then the bytes.
    @usableFromInline
    final class Buffer: ManagedBuffer<Int, UInt8> {}

    @usableFromInline let buffer: Buffer

    /// New storage with room for `capacity` bytes, none written yet.
    static func make(capacity: Int) -> FieldsStorage {
        let buffer = Buffer.create(minimumCapacity: Swift.max(capacity, 1)) { _ in 0 }
        return FieldsStorage(buffer: unsafeDowncast(buffer, to: Buffer.self))
    }

    /// New storage holding a copy of `bytes`.
    static func make(copying bytes: UnsafeRawBufferPointer) -> FieldsStorage {
        let storage = make(capacity: bytes.count)
        storage.append(bytes)
        return storage
    }

    /// The storage of the empty dictionary, shared: its one byte is the count 0.
    @usableFromInline
    static let empty: FieldsStorage = {
        let storage = make(capacity: 1)
        storage.append(0)
        return storage
    }()

    /// The number of bytes written.
    var count: Int { buffer.header }

    /// The number of bytes the allocation holds.
    var capacity: Int { buffer.capacity }

    /// The number of bytes that fit without growing.
    var spareCapacity: Int { buffer.capacity - buffer.header }

    /// The start of the bytes; valid while this storage is alive.
    @inlinable @inline(__always)
    var base: UnsafeRawPointer {
        UnsafeRawPointer(buffer.withUnsafeMutablePointerToElements { $0 })
    }

    /// The start of the bytes, for a builder that owns this storage alone; valid while it is alive.
    var mutableBase: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(buffer.withUnsafeMutablePointerToElements { $0 })
    }

    /// Records that the first `count` bytes are written, for a builder that wrote them through
    /// ``mutableBase``.
    func setCount(_ count: Int) {
        precondition(count <= buffer.capacity, "FieldsStorage count past its capacity")
        buffer.header = count
    }

    /// Whether both name the same allocation.
    @inlinable
    static func === (lhs: FieldsStorage, rhs: FieldsStorage) -> Bool { lhs.buffer === rhs.buffer }

    /// Appends `bytes`; they must fit in the spare capacity.
    func append(_ bytes: UnsafeRawBufferPointer) {
        precondition(bytes.count <= spareCapacity, "FieldsStorage has no room for \(bytes.count) bytes")
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let written = buffer.header
        buffer.withUnsafeMutablePointerToElements { elements in
            UnsafeMutableRawPointer(elements + written).copyMemory(from: source, byteCount: bytes.count)
        }
        buffer.header = written + bytes.count
    }

    /// Appends one byte; it must fit in the spare capacity.
    func append(_ byte: UInt8) {
        precondition(spareCapacity > 0, "FieldsStorage is full")
        let written = buffer.header
        buffer.withUnsafeMutablePointerToElements { $0[written] = byte }
        buffer.header = written + 1
    }
}
