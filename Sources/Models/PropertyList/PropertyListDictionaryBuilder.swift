// Models — collects the entries of one plist dictionary in document order

/// Collects the entries of one plist dictionary in document order, on a stack of entries shared by all the
/// dictionaries being read (one allocation per dictionary instead of one per growth step).
///
/// A key that appears again keeps the position of its first appearance and takes the last value,
/// which is what plistlib and Apple's readers end up with. Keys are compared by their Unicode
/// scalars, not by Swift's canonical equivalence: `"é"` and `"e\u{301}"` are two keys, as they are
/// in every plist reader.
struct PropertyListDictionaryBuilder {
    /// Where this dictionary's entries start on the shared stack.
    private let base: Int
    /// Positions by key, built once the dictionary is past a handful of keys.
    private var positions: [PropertyListKey: Int]?

    private static let linearLimit = 12

    /// Starts a dictionary whose entries go on top of `stack`.
    init(on stack: [Field]) {
        base = stack.count
    }

    /// Adds one entry.
    /// - Complexity: O(1) amortized past a dozen keys, O(number of keys) below.
    mutating func add(_ key: String, _ value: FieldValue, to stack: inout [Field]) {
        if positions != nil {
            let wrapped = PropertyListKey(key)
            if let index = positions?[wrapped] {
                stack[index].value = value
            } else {
                positions?[wrapped] = stack.count
                stack.append(Field(key, value))
            }
            return
        }
        var index = base
        while index < stack.count {
            if PropertyListKey.same(stack[index].key, key) {
                stack[index].value = value
                return
            }
            index += 1
        }
        stack.append(Field(key, value))
        if stack.count - base > Self.linearLimit {
            var table: [PropertyListKey: Int] = [:]
            table.reserveCapacity((stack.count - base) * 2)
            for index in base..<stack.count { table[PropertyListKey(stack[index].key)] = index }
            positions = table
        }
    }

    /// Takes this dictionary's entries off the stack.
    func finish(_ stack: inout [Field]) -> Fields {
        let fields = Array(stack[base...])
        stack.removeSubrange(base...)
        return Fields(fields)
    }
}

/// A string compared and hashed by its UTF-8 bytes, so that canonically equivalent but different
/// strings stay different.
struct PropertyListKey: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    /// Whether two strings have the same Unicode scalars, that is the same UTF-8 bytes.
    static func same(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        var left = lhs
        var right = rhs
        return left.withUTF8 { leftBytes in
            right.withUTF8 { rightBytes in leftBytes.elementsEqual(rightBytes) }
        }
    }

    static func == (lhs: PropertyListKey, rhs: PropertyListKey) -> Bool {
        same(lhs.text, rhs.text)
    }

    func hash(into hasher: inout Hasher) {
        var copy = text
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
