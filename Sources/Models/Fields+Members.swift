// Models — the fields lent in order, strings as the bytes they are stored as
import Bytes

extension Fields {
    /// A value as ``Fields/forEachMember(_:)`` lends it.
    @usableFromInline package enum LentValue {
        /// A string's UTF-8 bytes where they are stored; valid only during the call.
        case string(UnsafeRawBufferPointer)
        /// Any other value, read out.
        case value(FieldValue)
    }

    /// Calls `body` with each key's UTF-8 bytes and its value, in order, without copying a key or a
    /// string: the fast path for writers that copy bytes out (JSON, HTML).
    /// - Parameter body: Called once per field; the buffers are valid only during the call.
    /// - Complexity: O(bytes of the fields), plus reading out each value that is not a string.
    @inlinable
    package func forEachMember<Failure: Error>(
        _ body: (_ key: UnsafeRawBufferPointer, _ value: LentValue) throws(Failure) -> Void
    ) throws(Failure) {
        defer { withExtendedLifetime(storage) {} }
        var (cursor, count) = firstPair()
        try Self.forEachPair(&cursor, count: count, storage: { storage }, body)
    }

    /// ``forEachMember(_:)`` for the dictionary at `fields`, read where it lies: it is not copied, so its
    /// storage is not retained, and whoever lent the pointer keeps it, and so its bytes, alive during the
    /// call (a renderer reading a row it was lent).
    /// - Complexity: as for ``forEachMember(_:)``.
    @inlinable
    package static func forEachMember<Failure: Error>(
        of fields: UnsafePointer<Fields>,
        _ body: (_ key: UnsafeRawBufferPointer, _ value: LentValue) throws(Failure) -> Void
    ) throws(Failure) {
        var (cursor, count) = fields.pointee.firstPair()
        try forEachPair(&cursor, count: count, storage: { fields.pointee.storage }, body)
    }

    /// ``withText(forKey:_:)`` for the dictionary at `fields`, read where it lies (as
    /// ``forEachMember(of:_:)`` reads it), for a key known at compile time.
    /// - Returns: what `body` returns, or nil when the key is absent or its value has no text.
    /// - Complexity: O(bytes of the pairs up to the key).
    @inlinable
    package static func withText<Result>(
        of fields: UnsafePointer<Fields>, forKey key: StaticString, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result? {
        guard case (var cursor, let tag)? = valueCursor(of: fields, forKey: key) else { return nil }
        if tag == PackedFields.Tag.string.rawValue { return body(cursor.run()) }
        guard var text = cursor.value(tag: tag, storage: fields.pointee.storage).text else { return nil }
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// ``FieldValue/integer`` of the value for a key known at compile time, for the dictionary at `fields`,
    /// read where it lies (as ``withText(of:forKey:_:)``): an integer is read with no reference taken, a
    /// string of digits parsed as the subscript's value would be.
    /// - Returns: nil when the key is absent or its value is not a whole number.
    /// - Complexity: O(bytes of the pairs up to the key).
    @inlinable
    package static func integer(of fields: UnsafePointer<Fields>, forKey key: StaticString) -> Int64? {
        guard case (var cursor, let tag)? = valueCursor(of: fields, forKey: key) else { return nil }
        switch tag {
        case PackedFields.Tag.int.rawValue:
            let zigzag = cursor.varint()
            return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        case PackedFields.Tag.string.rawValue:
            return FieldValue.string(String(decoding: cursor.run(), as: UTF8.self)).integer
        default:
            return nil
        }
    }

    /// The first value for `key` in the dictionary at `fields`, read where it lies: a cursor at its payload
    /// and its tag, or nil when the key is absent.
    /// - Complexity: O(bytes of the pairs up to the key).
    @inlinable @inline(__always)
    static func valueCursor(
        of fields: UnsafePointer<Fields>, forKey key: StaticString
    ) -> (cursor: PackedCursor, tag: UInt8)? {
        let wanted = UnsafeRawBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
        var (cursor, count) = fields.pointee.firstPair()
        for _ in 0..<count {
            let stored = cursor.run()
            let tag = cursor.byte()
            if ByteComparison.same(stored, wanted) { return (cursor, tag) }
            cursor.skipPayload(tag: tag)
        }
        return nil
    }

    /// Lends the `count` pairs at `cursor` to `body`; `storage` gives the bytes' owner, asked for only
    /// when a value other than a string or a flag is read out.
    @inlinable @inline(__always)
    static func forEachPair<Failure: Error>(
        _ cursor: inout PackedCursor, count: Int, storage: () -> FieldsStorage,
        _ body: (_ key: UnsafeRawBufferPointer, _ value: LentValue) throws(Failure) -> Void
    ) throws(Failure) {
        for _ in 0..<count {
            let key = cursor.run()
            let tag = cursor.byte()
            if tag == PackedFields.Tag.string.rawValue {
                try body(key, .string(cursor.run()))
            } else if tag == PackedFields.Tag.trueValue.rawValue || tag == PackedFields.Tag.falseValue.rawValue {
                // A flag (a friend's `vip`) without a call to read it out.
                try body(key, .value(.bool(tag == PackedFields.Tag.trueValue.rawValue)))
            } else {
                try body(key, .value(cursor.value(tag: tag, storage: storage())))
            }
        }
    }
}
