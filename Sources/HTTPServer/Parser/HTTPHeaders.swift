// HTTPServer — an ordered list of header fields with case-insensitive lookup by name

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// Order and repeated fields are kept as received; lookups compare names ASCII case-insensitively without
/// allocating.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    private(set) var fields: [Field]

    public init() { fields = [] }

    /// Empty headers with room for `capacity` fields, so that setting them grows nothing.
    public init(capacity: Int) {
        fields = []
        fields.reserveCapacity(capacity)
    }

    /// The given fields, with room for a few more: a response's framing and caching headers are
    /// usually set after it is made.
    public init(_ fields: [(String, String)]) {
        self.fields = []
        // No room made for none (`[:]`, as most answers start): an empty array allocates nothing.
        guard !fields.isEmpty else { return }
        self.fields.reserveCapacity(fields.count + 4)
        for (name, value) in fields { self.fields.append(Field(name: name, value: value)) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { fields.count }
    public var isEmpty: Bool { fields.isEmpty }
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The value of the first field named `name`.
    /// - Returns: nil when there is no such field.
    /// - Complexity: O(n) in the number of fields.
    public subscript(name: String) -> String? {
        fields.first { Self.namesMatch($0.name, name) }?.value
    }

    /// The values of every field named `name`, in order.
    /// - Complexity: O(n).
    public func values(for name: String) -> [String] {
        fields.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil }
    }

    /// Whether a field named `name` is present.
    /// - Complexity: O(n).
    public func contains(_ name: String) -> Bool {
        fields.contains { Self.namesMatch($0.name, name) }
    }

    /// Whether the comma-separated lists in the fields named `name` contain `token` (case-insensitive),
    /// as for `Connection: keep-alive, Upgrade`.
    /// - Complexity: O(total length of those fields).
    public func containsToken(_ token: String, in name: String) -> Bool {
        for field in fields where Self.namesMatch(field.name, name) {
            for element in field.value.utf8.split(separator: UInt8(ascii: ",")) {
                let trimmed = HTTPBytes.trimmingWhitespace(element)
                if HTTPBytes.equalsIgnoringCase(trimmed, token.utf8) { return true }
            }
        }
        return false
    }

    /// Appends a field, keeping any existing one of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` (placed where the first one was).
    public mutating func set(_ name: String, _ value: String) {
        if let index = fields.firstIndex(where: { Self.namesMatch($0.name, name) }) {
            fields[index].value = value
            var position = index + 1
            while position < fields.count {
                if Self.namesMatch(fields[position].name, name) {
                    fields.remove(at: position)
                } else {
                    position += 1
                }
            }
        } else {
            add(name, value)
        }
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { Self.namesMatch($0.name, name) }
    }

    /// ASCII case-insensitive comparison of two field names.
    public static func namesMatch(_ a: String, _ b: String) -> Bool {
        HTTPBytes.equalsIgnoringCase(a.utf8, b.utf8)
    }
}
