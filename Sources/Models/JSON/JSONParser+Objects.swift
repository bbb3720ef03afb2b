// Models — closes an object: its count before its pairs, duplicate keys merged

extension JSONParser {
    /// Objects with at most this many keys are checked for duplicate keys pairwise;
    /// larger ones through a hash set, so a huge object stays linear.
    static let pairwiseKeyLimit = 16

    /// Closes the object `frame`: writes its count before its pairs in ``out``.
    ///
    /// A key that occurs more than once keeps its first position and its last value.
    /// - Complexity: O(k) for k members with distinct keys (O(k²) comparisons of key hashes
    ///   when k ≤ ``pairwiseKeyLimit``), plus moving the pairs once.
    mutating func closeObject(_ frame: Frame) {
        let mayHaveDuplicates = keys.withUnsafeBufferPointer { records in
            mayContainDuplicateKey(UnsafeBufferPointer(rebasing: records[frame.firstKey...]))
        }
        keys.removeLast(keys.count - frame.firstKey)
        out.insertVarint(UInt64(frame.memberCount), at: frame.start)
        if mayHaveDuplicates { mergeDuplicateKeys(from: frame.start) }
    }

    /// Rewrites the packed object body at `start` (the last thing in ``out``) with each duplicate
    /// key once, at its first position, with its last value. Keys are the same when their bytes are:
    /// `"é"` and `"e\u{301}"` are two keys, as they are to every JSON reader.
    private mutating func mergeDuplicateKeys(from start: Int) {
        let storage = FieldsStorage.make(copying: out.bytes(from: start))
        let fields = Fields(storage: storage, start: 0, end: storage.count)
        var positions: [PropertyListKey: Int] = [:]
        var merged: [Field] = []
        for field in fields {
            let key = PropertyListKey(field.key)
            if let position = positions[key] {
                merged[position].value = field.value
            } else {
                positions[key] = merged.count
                merged.append(field)
            }
        }
        var bytes: [UInt8] = []
        merged.withUnsafeBufferPointer { PackedFields.appendBody(of: $0, to: &bytes) }
        out.replace(from: start, with: bytes)
    }

    /// Whether two of `records` may name the same key: true when two have the same bytes, and
    /// for a large object also when two only share a hash (the merge then finds nothing to merge).
    private func mayContainDuplicateKey(_ records: UnsafeBufferPointer<KeyRecord>) -> Bool {
        if records.count <= Self.pairwiseKeyLimit {
            for later in records.indices.dropFirst() {
                for earlier in 0..<later where records[earlier].hash == records[later].hash {
                    if keyBytesEqual(records[earlier].offset, records[later].offset) { return true }
                }
            }
            return false
        }
        var seen = Set<UInt64>(minimumCapacity: records.count)
        for record in records where !seen.insert(record.hash).inserted { return true }
        return false
    }

    /// Whether the keys written at `first` and `second` in ``out`` have the same bytes.
    private func keyBytesEqual(_ first: Int, _ second: Int) -> Bool {
        var left = PackedCursor(out.bytes(from: 0), offset: first)
        var right = PackedCursor(out.bytes(from: 0), offset: second)
        let leftBytes = left.run()
        let rightBytes = right.run()
        return leftBytes.elementsEqual(rightBytes)
    }
}
