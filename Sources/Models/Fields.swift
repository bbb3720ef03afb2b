// Models — one key and its value inside a dictionary
import Bytes
import Foundation

/// One key and its value inside a dictionary.
public struct Field: Sendable, Hashable {
    public var key: String
    public var value: FieldValue

    public init(_ key: String, _ value: FieldValue) {
        self.key = key
        self.value = value
    }
}

/// An ordered dictionary of field values: the keys keep the order of the source file.
///
/// The fields are held packed, as ``PackedFields`` stores them (a count, then each key and tagged
/// value), in a range of bytes that several values can share: the rows of one imported group lie in
/// the group's bytes, the rows of a loaded dataset in a few large blocks. A row costs its bytes and
/// 16 bytes of reference, instead of a `String` and a ``FieldValue`` per field. Reading a key scans
/// the bytes (rows have a handful of keys); ``withText(forKey:_:)`` lends a string's bytes in place.
///
/// Two values are equal when their packed bytes are: keys and strings compare by their UTF-8 bytes
/// (not by Unicode canonical equivalence, as `String` does), and reals and dates by their bit
/// patterns, so `-0.0` differs from `0.0` and a NaN equals the same NaN. That is equality of what is
/// stored and exported, and hashing agrees with it.
public struct Fields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    @usableFromInline let storage: FieldsStorage
    /// The range of the body in `storage`: the count, then the pairs.
    @usableFromInline let start: Int32
    @usableFromInline let end: Int32

    /// The most packed bytes one storage may hold (offsets are 32-bit): 2 GiB. A reader that would make
    /// more refuses its input instead.
    public static let maximumStorageBytes = Int(Int32.max)

    @inlinable
    init(storage: FieldsStorage, start: Int, end: Int) {
        precondition(end <= Int(Int32.max), "a dictionary of more than 2 GiB")
        self.storage = storage
        self.start = Int32(truncatingIfNeeded: start)
        self.end = Int32(truncatingIfNeeded: end)
    }

    /// An empty dictionary.
    public init() { self.init(storage: .empty, start: 0, end: 1) }

    /// A dictionary of `fields`, in their order.
    /// - Complexity: O(size of the fields).
    public init(_ fields: [Field]) {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * fields.count + 1)
        fields.withUnsafeBufferPointer { PackedFields.appendBody(of: $0, to: &bytes) }
        self.init(packedBody: bytes)
    }

    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        self.init(elements.map { Field($0.0, $0.1) })
    }

    /// A dictionary over a copy of a packed body (count and pairs) known to be well formed.
    init(packedBody bytes: [UInt8]) {
        let storage = bytes.withUnsafeBytes { FieldsStorage.make(copying: $0) }
        self.init(storage: storage, start: 0, end: bytes.count)
    }

    /// Calls `body` with the packed body: the varint count and the (key, value) pairs, as
    /// ``PackedFields`` lays them out after its format byte.
    /// - Complexity: O(1) before `body`.
    @inlinable
    package func withPackedBody<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeRawBufferPointer(start: storage.base + Int(start), count: Int(end - start)))
    }

    /// The number of bytes of the packed body.
    public var packedByteCount: Int { Int(end - start) }

    /// A cursor at the first pair, and the number of pairs.
    @inlinable @inline(__always)
    func firstPair() -> (cursor: PackedCursor, count: Int) {
        var cursor = PackedCursor(storage, offset: Int(start))
        let count = Int(truncatingIfNeeded: cursor.varint())
        return (cursor, count)
    }

    // MARK: Collection

    public var startIndex: Int { 0 }
    public var endIndex: Int { withExtendedLifetime(storage) { firstPair().count } }

    /// The field at `position`.
    /// - Complexity: O(position): the pairs before it are skipped. Iterating in order is O(1) per field.
    public subscript(position: Int) -> Field {
        precondition(position >= 0 && position < endIndex, "Fields index \(position) out of range")
        return withExtendedLifetime(storage) {
            var (cursor, _) = firstPair()
            for _ in 0..<position {
                _ = cursor.run()
                cursor.skipPayload(tag: cursor.byte())
            }
            return Self.field(at: &cursor, storage: storage)
        }
    }

    static func field(at cursor: inout PackedCursor, storage: FieldsStorage) -> Field {
        let keyBytes = cursor.run()
        let key = String(decoding: keyBytes.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
        return Field(key, cursor.value(tag: cursor.byte(), storage: storage))
    }

    /// Reads the fields in order, each in O(1) amortized.
    public struct Iterator: IteratorProtocol {
        let fields: Fields
        var cursor: PackedCursor
        var remaining: Int

        public mutating func next() -> Field? {
            guard remaining > 0 else { return nil }
            remaining -= 1
            return withExtendedLifetime(fields.storage) { Fields.field(at: &cursor, storage: fields.storage) }
        }
    }

    public func makeIterator() -> Iterator {
        let (cursor, count) = firstPair()
        return Iterator(fields: self, cursor: cursor, remaining: count)
    }

    public var keys: [String] { map(\.key) }

    // MARK: Keys

    /// Where the value of `key` starts (its tag byte) and its pair's position, or nil when absent.
    /// - Complexity: O(bytes of the pairs before it).
    @inlinable
    func locate(_ key: String) -> (position: Int, pairStart: Int, valueTag: Int)? {
        var key = key
        return key.withUTF8 { keyBytes in
            withExtendedLifetime(storage) {
                var (cursor, count) = firstPair()
                for position in 0..<count {
                    let pairStart = cursor.offset
                    let stored = cursor.run()
                    if ByteComparison.same(stored, UnsafeRawBufferPointer(keyBytes)) {
                        return (position, pairStart, cursor.offset)
                    }
                    cursor.skipPayload(tag: cursor.byte())
                }
                return nil
            }
        }
    }

    /// The value for `key`, or nil when the key is absent. Setting nil removes the key;
    /// setting a new key appends it.
    /// - Complexity: O(bytes of the fields).
    public subscript(key: String) -> FieldValue? {
        get {
            guard let found = locate(key) else { return nil }
            return withExtendedLifetime(storage) {
                var cursor = PackedCursor(storage, offset: found.valueTag)
                return cursor.value(tag: cursor.byte(), storage: storage)
            }
        }
        set { set(key, to: newValue) }
    }

    /// The position of `key`, or nil when it is absent.
    /// - Complexity: O(bytes of the fields).
    public func index(ofKey key: String) -> Int? {
        locate(key)?.position
    }

    /// Calls `body` with the UTF-8 bytes of the value under `key` as a string property reads it (see
    /// ``FieldValue/text``): a stored string's bytes are lent where they lie, without copying or
    /// allocating; a number's text is made first.
    /// - Returns: what `body` returns, or nil when the key is missing or its value has no text.
    /// - Complexity: O(bytes of the fields) to find the key, then O(length) at most.
    @inlinable
    package func withText<Result>(forKey key: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let found = locate(key) else { return nil }
        return withExtendedLifetime(storage) {
            var cursor = PackedCursor(storage, offset: found.valueTag)
            let tag = cursor.byte()
            if tag == PackedFields.Tag.string.rawValue { return body(cursor.run()) }
            guard var text = cursor.value(tag: tag, storage: storage).text else { return nil }
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    // MARK: Hashable

    public static func == (lhs: Fields, rhs: Fields) -> Bool {
        if lhs.storage === rhs.storage && lhs.start == rhs.start && lhs.end == rhs.end { return true }
        guard lhs.packedByteCount == rhs.packedByteCount else { return false }
        return lhs.withPackedBody { left in
            rhs.withPackedBody { right in ByteComparison.same(left, right) }
        }
    }

    public func hash(into hasher: inout Hasher) {
        withPackedBody { hasher.combine(bytes: $0) }
    }
}
