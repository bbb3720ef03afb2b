// HTTPServer — a request's header fields as the bytes they arrived in

extension HTTPHeaders {
    /// A request's header fields as the bytes they arrived in, read in place where the head's bytes keep
    /// them (``HTTPHeadBytes``): a string is made of a field only when it is asked for.
    struct RawFields: @unchecked Sendable {
        /// The head's bytes, whose fields these are; nil for none. One reference, so that a request's or a
        /// response's headers stay small to copy.
        private var storage: HTTPHeadBytes?

        init() {}

        /// The fields of a head's bytes.
        /// - Complexity: O(1).
        init(_ head: HTTPHeadBytes) {
            storage = head.hasFields ? head : nil
        }

        /// Calls `body` with the first `Host` field's value, nil when there is none. The bytes are valid
        /// during the call only.
        /// - Complexity: O(1).
        func withHost<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
            guard let storage else { return body(nil) }
            return storage.withFields { bytes, header in
                body(header.host.map { UnsafeRawBufferPointer(rebasing: bytes[$0]) })
            }
        }

        var isEmpty: Bool { storage == nil }

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

        /// Calls `body` with each field's name and value, in order, until it returns false. The bytes are
        /// valid during the call only.
        /// - Complexity: O(number of fields).
        func forEach(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool) {
            storage?.withFields { raw, _ in
                guard let base = raw.baseAddress else { return }
                var offset = 0
                while offset < raw.count {
                    let nameCount = Self.length(raw, at: offset)
                    let valueCount = Self.length(raw, at: offset + 4)
                    let name = UnsafeRawBufferPointer(start: base + offset + 8, count: nameCount)
                    let value = UnsafeRawBufferPointer(start: base + offset + 8 + nameCount, count: valueCount)
                    offset += 8 + nameCount + valueCount
                    assert(offset <= raw.count, "a field runs past the end of the fields")
                    guard body(name, value) else { return }
                }
            }
        }

        /// Calls `body` with the value of each field named `name` (ASCII case-insensitive), in order, until
        /// it returns false.
        /// - Complexity: O(number of fields), and the length of the names of `name`'s length.
        func forEachValue(named name: String, _ body: (UnsafeRawBufferPointer) -> Bool) {
            var name = name
            name.withUTF8 { wanted in
                let wanted = UnsafeRawBufferPointer(wanted)
                forEach { fieldName, value in
                    guard HTTPBytes.equalsIgnoringCase(fieldName, wanted) else { return true }
                    return body(value)
                }
            }
        }

        /// The length written at `offset`: four bytes, least significant first.
        @inline(__always)
        private static func length(_ raw: UnsafeRawBufferPointer, at offset: Int) -> Int {
            Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
    }
}
