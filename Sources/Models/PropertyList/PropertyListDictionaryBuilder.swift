// ListServer — Models

/// Collects the entries of a plist dictionary in document order.
///
/// A key that appears again keeps the position of its first appearance and takes the last value,
/// which is what plistlib and Apple's readers end up with. Keys are compared by their Unicode
/// scalars, not by Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two keys, as they are
/// in every plist reader.
struct PropertyListDictionaryBuilder {
    private var fields: [Field] = []
    /// Positions by key, built once the dictionary is past a handful of keys.
    private var positions: [PropertyListKey: Int]?

    private static let linearLimit = 12

    /// Adds one entry.
    /// - Complexity: O(1) amortized past a dozen keys, O(number of keys) below.
    mutating func add(_ key: String, _ value: FieldValue) {
        if var positions {
            self.positions = nil
            if let index = positions[PropertyListKey(key)] {
                fields[index].value = value
            } else {
                positions[PropertyListKey(key)] = fields.count
                fields.append(Field(key, value))
            }
            self.positions = positions
            return
        }
        if let index = fields.firstIndex(where: { PropertyListKey.same($0.key, key) }) {
            fields[index].value = value
            return
        }
        fields.append(Field(key, value))
        if fields.count > Self.linearLimit {
            var table: [PropertyListKey: Int] = [:]
            table.reserveCapacity(fields.count * 2)
            for (index, field) in fields.enumerated() {
                table[PropertyListKey(field.key)] = index
            }
            positions = table
        }
    }

    /// The entries collected so far.
    func build() -> Fields { Fields(fields) }
}

/// A string compared and hashed by its UTF-8 bytes, so that canonically equivalent but different
/// strings stay different.
struct PropertyListKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    /// Whether two strings have the same Unicode scalars.
    ///
    /// Swift's `==` is checked first: it is fast for small and ASCII strings, and strings with the same
    /// bytes are always `==`.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        lhs == rhs && lhs.utf8.elementsEqual(rhs.utf8)
    }

    static func == (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
        same(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
