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
        var size = target.count
        for span in spans { size += 8 + span.nameEnd - span.nameStart + span.valueEnd - span.valueStart }
        let made = create(minimumCapacity: size) { _ in Header(targetCount: target.count, count: size, host: nil) }
        let bytes = unsafeDowncast(made, to: HTTPHeadBytes.self)
        bytes.withUnsafeMutablePointers { header, base in
            let destination = UnsafeMutableRawPointer(base)
            var offset = 0
            func copy(_ start: Int, _ end: Int) {
                (destination + offset).copyMemory(from: head.baseAddress! + start, byteCount: end - start)
                offset += end - start
            }
            func storeLength(_ length: Int, at position: Int) {
                destination.storeBytes(of: UInt32(length).littleEndian, toByteOffset: position, as: UInt32.self)
            }
            copy(target.lowerBound, target.upperBound)
            for (index, span) in spans.enumerated() {
                storeLength(span.nameEnd - span.nameStart, at: offset)
                storeLength(span.valueEnd - span.valueStart, at: offset + 4)
                offset += 8
                copy(span.nameStart, span.nameEnd)
                if index == hostIndex {
                    let start = offset - target.count
                    header.pointee.host = start..<(start + span.valueEnd - span.valueStart)
                }
                copy(span.valueStart, span.valueEnd)
            }
            assert(offset == size, "the head's size counted apart from its copy")
        }
        return bytes
    }

    /// Whether the head has header fields.
    var hasFields: Bool { header.count > header.targetCount }

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
