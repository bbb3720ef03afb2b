// HTTPServer — a request's header fields as the bytes they arrived in

extension HTTPHeaders {
    /// A request's header fields as the bytes they arrived in, in one array, read in place: a string is
    /// made of a field only when it is asked for. Each field is its name's and its value's lengths (four
    /// bytes each, least significant first), then the name, then the value.
    struct RawFields: Sendable {
        private var bytes: [UInt8] = []

        init() {}

        /// Empty fields with room for `capacity` bytes of names and values and `count` fields.
        init(capacity: Int, count: Int) {
            bytes.reserveCapacity(capacity + 8 * count)
        }

        var isEmpty: Bool { bytes.isEmpty }

        /// - Complexity: O(number of fields).
        var count: Int {
            var count = 0
            forEach { _, _ in
                count += 1
                return true
            }
            return count
        }

        /// Every field made into strings, in order.
        /// - Complexity: O(size of the fields).
        var fields: [Field] {
            var fields: [Field] = []
            forEach { name, value in
                fields.append(
                    Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)))
                return true
            }
            return fields
        }

        /// Appends a field.
        /// - Precondition: each is shorter than 4 GiB (a head is far shorter).
        mutating func append(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
            appendLength(name.count)
            appendLength(value.count)
            bytes.append(contentsOf: name)
            bytes.append(contentsOf: value)
        }

        private mutating func appendLength(_ length: Int) {
            let length = UInt32(length)
            for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: length >> shift)) }
        }

        /// Calls `body` with each field's name and value, in order, until it returns false. The bytes are
        /// valid during the call only.
        /// - Complexity: O(number of fields).
        func forEach(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool) {
            bytes.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let nameCount = Self.length(raw, at: offset)
                    let valueCount = Self.length(raw, at: offset + 4)
                    let nameStart = offset + 8
                    let valueStart = nameStart + nameCount
                    offset = valueStart + valueCount
                    let name = UnsafeRawBufferPointer(rebasing: raw[nameStart..<valueStart])
                    guard body(name, UnsafeRawBufferPointer(rebasing: raw[valueStart..<offset])) else { return }
                }
            }
        }

        /// Calls `body` with the value of each field named `name` (ASCII case-insensitive), in order, until
        /// it returns false.
        /// - Complexity: O(number of fields), and the length of the names of `name`'s length.
        func forEachValue(named name: String, _ body: (UnsafeRawBufferPointer) -> Bool) {
            var name = name
            name.withUTF8 { wanted in
                forEach { fieldName, value in
                    guard fieldName.count == wanted.count, HTTPBytes.equalsIgnoringCase(fieldName, wanted) else {
                        return true
                    }
                    return body(value)
                }
            }
        }

        private static func length(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Int {
            Int(raw[offset]) | Int(raw[offset + 1]) << 8 | Int(raw[offset + 2]) << 16 | Int(raw[offset + 3]) << 24
        }
    }
}
