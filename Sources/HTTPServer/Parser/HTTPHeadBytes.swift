// HTTPServer — the bytes of a request head kept past the parser's buffer

/// The bytes of a request head that are kept once the parser's buffer is read again: the target, then
/// the header fields, in one allocation of their exact size. ``HTTPRequest`` reads its target here and
/// ``HTTPHeaders`` its fields, each in place: a string is made of either only when it is asked for.
///
/// Each field is its name's and its value's lengths (four bytes each, least significant first), then the
/// name, then the value. An object of a type known when compiling, where a `[UInt8]` of a size known only
/// when running is made through the runtime's generic allocation, several times dearer. It is written
/// only while it is made, and read only after: the values that hold it are `Sendable`.
@usableFromInline
final class HTTPHeadBytes: ManagedBuffer<HTTPHeadBytes.Header, UInt8> {
    @usableFromInline
    struct Header {
        /// The target's length: the fields start there.
        @usableFromInline var targetCount: Int
        /// The length of the target and the fields together.
        var count: Int
        /// Where the first `Host` field's value is among the fields' bytes, the field every request is
        /// checked by (``HTTPHeaders/withHost(_:)``); nil when there is none.
        var host: Range<Int>?
    }

    /// Copies the target and the fields the parser found in `head`, in one pass.
    /// - Parameters:
    ///   - target: where the target is in `head`.
    ///   - spans: where each field's name and value are in `head`.
    ///   - hostIndex: the index in `spans` of the first `Host` field, nil when there is none.
    /// - Precondition: each range lies in `head`, and each name and value is shorter than 4 GiB.
    /// - Complexity: O(size of the target and the fields).
    static func make(
        head: UnsafeRawBufferPointer, target: Range<Int>, spans: [HTTPRequestParser.FieldSpan], hostIndex: Int?
    ) -> HTTPHeadBytes {
        var counted = target.count
        for span in spans { counted += 8 + span.nameEnd - span.nameStart + span.valueEnd - span.valueStart }
        let size = counted
        let made = create(minimumCapacity: size) { _ in Header(targetCount: target.count, count: size, host: nil) }
        let bytes = unsafeDowncast(made, to: HTTPHeadBytes.self)
        bytes.withUnsafeMutablePointers { header, base in
            // Written through a moving pointer, with no nested function: one that captured the offset made
            // every access to it checked for exclusivity at run time.
            let source = head.baseAddress!
            var next = UnsafeMutableRawPointer(base)
            next.copyMemory(from: source + target.lowerBound, byteCount: target.count)
            next += target.count
            let fields = next
            for (index, span) in spans.enumerated() {
                let nameCount = span.nameEnd - span.nameStart
                let valueCount = span.valueEnd - span.valueStart
                next.storeBytes(of: UInt32(nameCount).littleEndian, as: UInt32.self)
                next.storeBytes(of: UInt32(valueCount).littleEndian, toByteOffset: 4, as: UInt32.self)
                next += 8
                next.copyMemory(from: source + span.nameStart, byteCount: nameCount)
                next += nameCount
                if index == hostIndex {
                    let start = next - fields
                    header.pointee.host = start..<(start + valueCount)
                }
                next.copyMemory(from: source + span.valueStart, byteCount: valueCount)
                next += valueCount
            }
            assert(next - UnsafeMutableRawPointer(base) == size, "the head's size counted apart from its copy")
        }
        return bytes
    }

    /// Whether the head has header fields. Read through a pointer: `header`, a class's stored property, is
    /// checked for exclusive access at run time on every read.
    var hasFields: Bool { withUnsafeMutablePointerToHeader { $0.pointee.count > $0.pointee.targetCount } }

    /// Calls `body` with the target's bytes, valid during the call only.
    @inlinable
    func withTarget<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withUnsafeMutablePointers { header, bytes in
            try body(UnsafeBufferPointer(start: bytes, count: header.pointee.targetCount))
        }
    }

    /// Calls `body` with the fields' bytes and the header, valid during the call only.
    func withFields<Result>(_ body: (UnsafeRawBufferPointer, Header) -> Result) -> Result {
        withUnsafeMutablePointers { header, bytes in
            let fields = UnsafeRawBufferPointer(
                start: bytes + header.pointee.targetCount, count: header.pointee.count - header.pointee.targetCount)
            return body(fields, header.pointee)
        }
    }
}
