// HTTPServer — a request's header fields as the bytes they arrived in

extension HTTPHeaders {
    /// A request's header fields as the bytes they arrived in, in one array, read in place: a string is
    /// made of a field only when it is asked for. Each field is its name's and its value's lengths (four
    /// bytes each, least significant first), then the name, then the value.
    struct RawFields: Sendable {
        private var bytes: [UInt8] = []

        init() {}

        /// The fields the parser found in `head`, copied in one pass into an array of their exact size.
        /// - Precondition: each span lies in `head`, and each name and value is shorter than 4 GiB.
        /// - Complexity: O(size of the fields).
        init(head: UnsafeRawBufferPointer, spans: [HTTPRequestParser.FieldSpan]) {
            var size = 0
            for span in spans { size += 8 + span.nameEnd - span.nameStart + span.valueEnd - span.valueStart }
            guard size > 0 else { return }
            bytes = Array(unsafeUninitializedCapacity: size) { buffer, count in
                let target = UnsafeMutableRawBufferPointer(buffer)
                var offset = 0
                func copy(_ start: Int, _ end: Int) {
                    target.baseAddress!.advanced(by: offset).copyMemory(
                        from: head.baseAddress!.advanced(by: start), byteCount: end - start)
                    offset += end - start
                }
                func storeLength(_ length: Int, at position: Int) {
                    target.storeBytes(of: UInt32(length).littleEndian, toByteOffset: position, as: UInt32.self)
                }
                for span in spans {
                    storeLength(span.nameEnd - span.nameStart, at: offset)
                    storeLength(span.valueEnd - span.valueStart, at: offset + 4)
                    offset += 8
                    copy(span.nameStart, span.nameEnd)
                    copy(span.valueStart, span.valueEnd)
                }
                count = offset
            }
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

        /// Calls `body` with each field's name and value, in order, until it returns false. The bytes are
        /// valid during the call only.
        /// - Complexity: O(number of fields).
        func forEach(_ body: (_ name: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) -> Bool) {
            bytes.withUnsafeBytes { raw in
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
