// Models — changes to a dictionary, each writing new packed bytes

extension Fields {
    /// Sets, replaces or (with nil) removes the value of `key`; a new key is appended.
    /// - Complexity: O(bytes of the fields): the result is written into new storage.
    mutating func set(_ key: String, to value: FieldValue?) {
        let found = locate(key)
        switch (found, value) {
        case (let found?, let value?):
            let pairEnd = pairEnd(afterValueAt: found.valueTag)
            self = splicing(found.pairStart..<pairEnd, with: Field(key, value), countChange: 0)
        case (let found?, nil):
            let pairEnd = pairEnd(afterValueAt: found.valueTag)
            self = splicing(found.pairStart..<pairEnd, with: nil, countChange: -1)
        case (nil, let value?):
            self = splicing(Int(end)..<Int(end), with: Field(key, value), countChange: 1)
        case (nil, nil):
            break
        }
    }

    /// Removes the first field with `key`, reading its value on the way.
    /// - Returns: where it was and its value; nil when the key is absent (nothing changes then).
    /// - Complexity: O(bytes of the fields), one pass to find and read it, one to copy the rest.
    mutating func removeValue(forKey key: String) -> (position: Int, value: FieldValue)? {
        guard let found = locate(key) else { return nil }
        let (value, pairEnd) = withExtendedLifetime(storage) {
            var cursor = PackedCursor(storage, offset: found.valueTag)
            let value = cursor.value(tag: cursor.byte(), storage: storage)
            return (value, cursor.offset)
        }
        self = splicing(found.pairStart..<pairEnd, with: nil, countChange: -1)
        return (found.position, value)
    }

    /// Inserts `field` at `index`, or at the end when `index` is past it.
    /// - Complexity: O(bytes of the fields).
    public mutating func insert(_ field: Field, at index: Int) {
        let offset = withExtendedLifetime(storage) {
            var (cursor, count) = firstPair()
            for _ in 0..<Swift.min(index, count) {
                _ = cursor.run()
                cursor.skipPayload(tag: cursor.byte())
            }
            return cursor.offset
        }
        self = splicing(offset..<offset, with: field, countChange: 1)
    }

    /// Appends `field`, even when its key is already there.
    /// - Complexity: O(bytes of the fields).
    public mutating func append(_ field: Field) {
        self = splicing(Int(end)..<Int(end), with: field, countChange: 1)
    }

    /// Kept for callers that build a dictionary field by field; the packed bytes are written anew
    /// on every change, so there is nothing to reserve.
    public mutating func reserveCapacity(_ count: Int) {}

    /// The offset just after the value whose tag is at `valueTag`.
    private func pairEnd(afterValueAt valueTag: Int) -> Int {
        withExtendedLifetime(storage) {
            var cursor = PackedCursor(storage, offset: valueTag)
            cursor.skipPayload(tag: cursor.byte())
            return cursor.offset
        }
    }

    /// A copy of these fields with the pairs in `replaced` (absolute offsets in the storage, at pair
    /// boundaries) replaced by `field`, or removed when it is nil, and the count changed by `countChange`.
    private func splicing(_ replaced: Range<Int>, with field: Field?, countChange: Int) -> Fields {
        withExtendedLifetime(storage) {
            let (cursor, count) = firstPair()
            let pairsStart = cursor.offset
            var bytes: [UInt8] = []
            bytes.reserveCapacity(Int(end - start) + 32)
            PackedFields.appendVarint(UInt64(count + countChange), to: &bytes)
            let base = storage.base
            bytes.append(
                contentsOf: UnsafeRawBufferPointer(start: base + pairsStart, count: replaced.lowerBound - pairsStart))
            if let field {
                PackedFields.appendUTF8(field.key, to: &bytes)
                PackedFields.appendValue(field.value, to: &bytes)
            }
            let after = UnsafeRawBufferPointer(start: base + replaced.upperBound, count: Int(end) - replaced.upperBound)
            bytes.append(contentsOf: after)
            return Fields(packedBody: bytes)
        }
    }
}
