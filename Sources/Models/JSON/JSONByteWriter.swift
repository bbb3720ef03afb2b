// Models — JSON bytes written into one ``ByteStorage``
import Bytes

/// JSON bytes written into one ``ByteStorage``: what ``JSONWriter`` writes with, and what the
/// server's responses are written with.
///
/// A writer cannot be copied, so it is the one owner of its storage and its appends are a capacity
/// check and a store. Its values are written byte for byte as ``JSONWriter`` describes; a dictionary
/// written compactly is read straight from its packed bytes (``write(_:)-(Fields)``).
@usableFromInline package struct JSONByteWriter: ~Copyable {
    @usableFromInline let storage: ByteStorage

    /// Creates an empty writer.
    /// - Parameter capacity: The number of bytes to reserve.
    @inlinable
    package init(capacity: Int = 256) {
        storage = ByteStorage(capacity: capacity)
    }

    /// A writer appending to `storage`, which nothing else writes to while the writer lives (the storage
    /// ``ByteStorage/array(capacity:_:)`` lends).
    @inlinable
    package init(appendingTo storage: ByteStorage) {
        self.storage = storage
    }

    /// The number of bytes written so far.
    @inlinable package var count: Int { storage.count }

    /// The bytes written so far, as a new array.
    /// - Complexity: O(count).
    @inlinable package var bytes: [UInt8] { storage.bytes }

    /// Appends the bytes written so far to `buffer`.
    /// - Complexity: O(count).
    func copy(into buffer: inout [UInt8]) {
        storage.copy(into: &buffer)
    }

    /// Appends one byte.
    @inlinable @inline(__always)
    package mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    /// Appends `bytes` as they are.
    @inlinable @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        storage.append(UnsafeRawBufferPointer(bytes))
    }

    /// Appends the UTF-8 bytes of `text`.
    @inlinable @inline(__always)
    package mutating func append(_ text: StaticString) {
        storage.append(text)
    }

    /// Appends the bytes of an array, such as an already encoded JSON value.
    @inlinable
    package mutating func append(_ bytes: [UInt8]) {
        storage.append(bytes)
    }

    mutating func append(repeating byte: UInt8, count repeated: Int) {
        precondition(repeated >= 0, "JSONByteWriter: negative count")
        for _ in 0..<repeated { storage.append(byte) }
    }
}
