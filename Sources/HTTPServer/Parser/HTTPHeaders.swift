// HTTPServer — an ordered list of header fields with case-insensitive lookup by name

/// An ordered list of header fields with case-insensitive lookup by name.
///
/// Order and repeated fields are kept as received; lookups compare names ASCII case-insensitively without
/// allocating. A request's fields are kept as the bytes they arrived in (``RawFields``) until one is
/// changed: a field is made into strings only when it is asked for.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One header field.
    public struct Field: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// The fields made into strings: all of them, unless they are still `raw`.
    private var stored: [Field]
    /// A request's fields as they arrived, until one is changed; empty otherwise.
    private var raw = RawFields()

    /// Every field, in order.
    var fields: [Field] { raw.isEmpty ? stored : raw.fields }

    public init() { stored = [] }

    /// Empty headers with room for `capacity` fields, so that setting them grows nothing.
    public init(capacity: Int) {
        stored = []
        stored.reserveCapacity(capacity)
    }

    /// A request's fields as the bytes they arrived in.
    init(raw: RawFields) {
        stored = []
        self.raw = raw
    }

    /// The given fields, with room for a few more: a response's framing and caching headers are
    /// usually set after it is made.
    public init(_ fields: [(String, String)]) {
        stored = []
        // No room made for none (`[:]`, as most answers start): an empty array allocates nothing.
        guard !fields.isEmpty else { return }
        stored.reserveCapacity(fields.count + 4)
        for (name, value) in fields { stored.append(Field(name: name, value: value)) }
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        self.init(elements)
    }

    public var count: Int { raw.isEmpty ? stored.count : raw.count }
    public var isEmpty: Bool { stored.isEmpty && raw.isEmpty }
    public var description: String { fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n") }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// The value of the first field named `name`.
    /// - Returns: nil when there is no such field.
    /// - Complexity: O(n) in the number of fields.
    public subscript(name: String) -> String? {
        guard !raw.isEmpty else { return stored.first { Self.namesMatch($0.name, name) }?.value }
        var found: String?
        raw.forEachValue(named: name) { value in
            found = String(decoding: value, as: UTF8.self)
            return false
        }
        return found
    }

    /// Calls `body` with the value of the first `Host` field (nil when there is none), read where it lies:
    /// in a request's fields as they arrived, found when they were parsed.
    /// - Complexity: O(1) for a request's fields as they arrived; O(n) otherwise.
    package func withHost<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        guard raw.isEmpty else { return raw.withHost(body) }
        guard var value = stored.first(where: { Self.namesMatch($0.name, "Host") })?.value else { return body(nil) }
        return value.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// The values of every field named `name`, in order.
    /// - Complexity: O(n).
    public func values(for name: String) -> [String] {
        guard !raw.isEmpty else { return stored.compactMap { Self.namesMatch($0.name, name) ? $0.value : nil } }
        var values: [String] = []
        raw.forEachValue(named: name) { value in
            values.append(String(decoding: value, as: UTF8.self))
            return true
        }
        return values
    }

    /// Whether a field named `name` is present.
    /// - Complexity: O(n).
    public func contains(_ name: String) -> Bool {
        guard !raw.isEmpty else { return stored.contains { Self.namesMatch($0.name, name) } }
        var found = false
        raw.forEachValue(named: name) { _ in
            found = true
            return false
        }
        return found
    }

    /// Whether the comma-separated lists in the fields named `name` contain `token` (case-insensitive),
    /// as for `Connection: keep-alive, Upgrade`.
    /// - Complexity: O(total length of those fields).
    public func containsToken(_ token: String, in name: String) -> Bool {
        var found = false
        forEachValue(named: name) { value in
            for element in value.split(separator: UInt8(ascii: ",")) {
                let trimmed = HTTPBytes.trimmingWhitespace(element)
                if HTTPBytes.equalsIgnoringCase(trimmed, token.utf8) { found = true }
            }
        }
        return found
    }

    /// Calls `body` with the bytes of the value of each field named `name`, in order, valid during the
    /// call only.
    /// - Complexity: O(number of fields), and the length of those values.
    func forEachValue(named name: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        guard raw.isEmpty else {
            raw.forEachValue(named: name) { value in
                body(value)
                return true
            }
            return
        }
        for index in stored.indices where Self.namesMatch(stored[index].name, name) {
            var value = stored[index].value
            value.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// The fields of each representation as strings, in order, compared.
    public static func == (left: HTTPHeaders, right: HTTPHeaders) -> Bool {
        left.fields == right.fields
    }

    /// Makes the fields strings before one is changed.
    private mutating func makeStored() {
        guard !raw.isEmpty else { return }
        stored = raw.fields
        raw = RawFields()
    }

    /// Appends a field, keeping any existing one of the same name.
    public mutating func add(_ name: String, _ value: String) {
        makeStored()
        stored.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` by one field with `value` (placed where the first one was).
    public mutating func set(_ name: String, _ value: String) {
        makeStored()
        if let index = stored.firstIndex(where: { Self.namesMatch($0.name, name) }) {
            stored[index].value = value
            var position = index + 1
            while position < stored.count {
                if Self.namesMatch(stored[position].name, name) {
                    stored.remove(at: position)
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
        makeStored()
        stored.removeAll { Self.namesMatch($0.name, name) }
    }

    /// ASCII case-insensitive comparison of two field names.
    public static func namesMatch(_ a: String, _ b: String) -> Bool {
        HTTPBytes.equalsIgnoringCase(a.utf8, b.utf8)
    }
}
