// Models — the fields lent in order, strings as the bytes they are stored as

extension Fields {
    /// A value as ``Fields/forEachMember(_:)`` lends it.
    public enum LentValue {
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
    public func forEachMember<Failure: Error>(
        _ body: (_ key: UnsafeRawBufferPointer, _ value: LentValue) throws(Failure) -> Void
    ) throws(Failure) {
        defer { withExtendedLifetime(storage) {} }
        var (cursor, count) = firstPair()
        for _ in 0..<count {
            let key = cursor.run()
            let tag = cursor.byte()
            if tag == PackedFields.Tag.string.rawValue {
                try body(key, .string(cursor.run()))
            } else {
                try body(key, .value(cursor.value(tag: tag, storage: storage)))
            }
        }
    }
}
