// HTTPServer — a request's header fields as the bytes they arrived in

extension HTTPHeaders {
    /// A request's header fields as the bytes they arrived in, in one buffer, read in place: a string is
    /// made of a field only when it is asked for. Each field is its name's and its value's lengths (four
    /// bytes each, least significant first), then the name, then the value. Sendable: its storage is
    /// written only while it is made, and read only after.
    struct RawFields: @unchecked Sendable {
        /// The fields' bytes; nil for none. One reference, so that a request's or a response's headers
        /// stay small to copy.
        private var storage: Storage?

        /// The fields' bytes, with their count and where the first `Host` value is in the header: an object
        /// of a type known when compiling, where a `[UInt8]` of a size known only when running is made
        /// through the runtime's generic allocation, several times dearer.
        final class Storage: ManagedBuffer<Storage.Header, UInt8> {
            struct Header {
                var count: Int
                /// Where the first `Host` field's value is, the field every request is checked by
                /// (``HTTPHeaders/withHost(_:)``); nil when there is none.
                var host: Range<Int>?
            }

            /// Calls `body` with the bytes and the header.
            func withBytes<Result>(_ body: (UnsafeRawBufferPointer, Header) -> Result) -> Result {
                withUnsafeMutablePointers { header, bytes in
                    body(UnsafeRawBufferPointer(start: bytes, count: header.pointee.count), header.pointee)
                }
            }
        }

        init() {}

        /// The fields the parser found in `head`, copied in one pass into storage of their exact size.
        /// - Parameter hostIndex: the index in `spans` of the first `Host` field, nil when there is none.
        /// - Precondition: each span lies in `head`, and each name and value is shorter than 4 GiB.
        /// - Complexity: O(size of the fields).
        init(head: UnsafeRawBufferPointer, spans: [HTTPRequestParser.FieldSpan], hostIndex: Int?) {
            var size = 0
            for span in spans { size += 8 + span.nameEnd - span.nameStart + span.valueEnd - span.valueStart }
            guard size > 0 else { return }
            let made = Storage.create(minimumCapacity: size) { _ in Storage.Header(count: size, host: nil) }
            let storage = unsafeDowncast(made, to: Storage.self)
            storage.withUnsafeMutablePointers { header, base in
                let target = UnsafeMutableRawPointer(base)
                var offset = 0
                func copy(_ start: Int, _ end: Int) {
                    (target + offset).copyMemory(from: head.baseAddress! + start, byteCount: end - start)
                    offset += end - start
                }
                func storeLength(_ length: Int, at position: Int) {
                    target.storeBytes(of: UInt32(length).littleEndian, toByteOffset: position, as: UInt32.self)
                }
                for (index, span) in spans.enumerated() {
                    storeLength(span.nameEnd - span.nameStart, at: offset)
                    storeLength(span.valueEnd - span.valueStart, at: offset + 4)
                    offset += 8
                    copy(span.nameStart, span.nameEnd)
                    if index == hostIndex { header.pointee.host = offset..<(offset + span.valueEnd - span.valueStart) }
                    copy(span.valueStart, span.valueEnd)
                }
                assert(offset == size, "the fields' size counted apart from their copy")
            }
            self.storage = storage
        }

        /// Calls `body` with the first `Host` field's value, nil when there is none. The bytes are valid
        /// during the call only.
        /// - Complexity: O(1).
        func withHost<Result>(_ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
            guard let storage else { return body(nil) }
            return storage.withBytes { bytes, header in
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
            storage?.withBytes { raw, _ in
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
