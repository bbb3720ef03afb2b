// Models — objects with at most this many keys are checked for duplicate keys

extension JSONParser {
    /// Objects with at most this many keys are checked for duplicate keys pairwise;
    /// larger ones through a hash set, so a huge object stays linear.
    static let pairwiseKeyLimit = 16

    /// Pops the members of the object `frame` and returns them in source order.
    ///
    /// A key that occurs more than once keeps its first position and its last value.
    /// - Complexity: O(k) for k members with distinct keys (O(k²) comparisons of key hashes
    ///   when k ≤ ``pairwiseKeyLimit``).
    mutating func closeObject(_ frame: Frame) -> Fields {
        let hasDuplicates = members.withMembers(from: frame.start) { Self.containsDuplicateKey($0, hashes: $1) }
        guard !hasDuplicates else { return Self.mergingDuplicateKeys(members.popFields(from: frame.start)) }
        return members.popPacked(from: frame.start, scratch: &packed)
    }

    private static func mergingDuplicateKeys(_ fields: [Field]) -> Fields {
        var positions: [String: Int] = [:]
        var merged: [Field] = []
        merged.reserveCapacity(fields.count)
        for field in fields {
            if let position = positions[field.key] {
                merged[position].value = field.value
            } else {
                positions[field.key] = merged.count
                merged.append(field)
            }
        }
        return Fields(merged)
    }

    private static func containsDuplicateKey(
        _ fields: UnsafeBufferPointer<Field>, hashes: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        if fields.count <= pairwiseKeyLimit {
            for later in fields.indices.dropFirst() {
                for earlier in 0..<later where hashes[earlier] == hashes[later] {
                    if fields[earlier].key == fields[later].key { return true }
                }
            }
            return false
        }
        var seen = Set<String>(minimumCapacity: fields.count)
        for field in fields where !seen.insert(field.key).inserted { return true }
        return false
    }
}
