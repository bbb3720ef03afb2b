// Models — one key and its value inside a dictionary

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
/// Rows have a handful of keys, so lookups scan linearly; that is faster than hashing at
/// this size and keeps the memory of a million rows small.
public struct Fields: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    public private(set) var storage: [Field]

    public init() { storage = [] }

    public init(_ fields: [Field]) { storage = fields }

    public init(dictionaryLiteral elements: (String, FieldValue)...) {
        storage = elements.map { Field($0.0, $0.1) }
    }

    public var startIndex: Int { storage.startIndex }
    public var endIndex: Int { storage.endIndex }
    public subscript(position: Int) -> Field { storage[position] }

    public var keys: [String] { storage.map(\.key) }

    /// The value for `key`, or nil when the key is absent. Setting nil removes the key;
    /// setting a new key appends it.
    /// - Complexity: O(number of keys).
    public subscript(key: String) -> FieldValue? {
        get { storage.first { $0.key == key }?.value }
        set {
            let index = storage.firstIndex { $0.key == key }
            switch (index, newValue) {
            case (let index?, let value?): storage[index].value = value
            case (let index?, nil): storage.remove(at: index)
            case (nil, let value?): storage.append(Field(key, value))
            case (nil, nil): break
            }
        }
    }

    /// The position of `key`, or nil when it is absent.
    public func index(ofKey key: String) -> Int? {
        storage.firstIndex { $0.key == key }
    }

    public mutating func insert(_ field: Field, at index: Int) {
        storage.insert(field, at: Swift.min(index, storage.count))
    }

    /// Calls `body` with the UTF-8 bytes of the value under `key` as a string property reads it (see
    /// ``FieldValue/text``), without copying a stored string.
    /// - Returns: what `body` returns, or nil when the key is missing or its value has no text.
    /// - Complexity: O(number of fields) to find the key, then O(length) at most.
    @inlinable
    public func withText<Result>(forKey key: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
        guard let value = storage.first(where: { $0.key == key })?.value else { return nil }
        guard case .string(var text) = value else {
            guard var text = value.text else { return nil }
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    public mutating func reserveCapacity(_ count: Int) {
        storage.reserveCapacity(count)
    }

    public mutating func append(_ field: Field) {
        storage.append(field)
    }
}
