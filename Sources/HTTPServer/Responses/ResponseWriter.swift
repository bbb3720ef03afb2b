// HTTPServer — what a handler writes a response's header fields and body into
import Bytes

/// What a handler writes a response's header fields and body into: the server owns it (one per event
/// loop, its memory kept from one response to the next) and hands it to the response's
/// ``HTTPResponse/Body/written(_:)`` closure, so that a window's fields and body are written straight
/// into memory the server sends from, with nothing allocated for them. In-process (a test, a request
/// answered off the server) the same writer writes into memory of its own (``HTTPResponse/written()``).
///
/// A field is checked once, as it is written, by the rules ``HTTPHeaders`` are checked by when a head is
/// written: a field whose value holds a byte a field value may not, whose name is not a token, or which
/// names a field the server writes (`Date`, `Content-Length`, `Transfer-Encoding`, `Connection`) is left
/// out. (A name the program writes as a literal is checked in debug builds only.) A handler that codes its
/// own body says so in its response's ``HTTPResponse/headers``.
///
/// ```swift
/// HTTPResponse(status: 200) { writer in
///     writer.field("Content-Type", "application/json")
///     writer.write(bytes)
/// }
/// ```
public struct ResponseWriter: ~Copyable {
    /// The field lines written so far, each `Name: value` and CRLF.
    package let fields: ByteStorage
    /// The body written so far.
    package private(set) var body: ByteStorage
    /// The room a body starts with, and the most memory one keeps from a response to the next.
    private let bodyCapacity: Int

    /// A writer with room for a body of `bodyCapacity` bytes before it grows.
    public init(bodyCapacity: Int = 4096) {
        fields = ByteStorage(capacity: 256)
        body = ByteStorage(capacity: bodyCapacity)
        self.bodyCapacity = bodyCapacity
    }

    /// Forgets what was written, keeping the memory (unless a long body grew it past its first size).
    /// - Complexity: O(1).
    mutating func reset() {
        fields.removeAll()
        if body.count > bodyCapacity {
            body = ByteStorage(capacity: bodyCapacity)
        } else {
            body.removeAll()
        }
    }

    /// Appends the field `name: value`, unless it is not valid HTTP or names a field the server writes.
    /// - Complexity: O(name + value).
    public mutating func field(_ name: String, _ value: String) {
        var name = name
        name.withUTF8 { name in
            let name = UnsafeRawBufferPointer(name)
            guard Self.isWritable(name: name) else { return }
            field(name) { storage in
                var value = value
                value.withUTF8 { storage.append(UnsafeRawBufferPointer($0)) }
            }
        }
    }

    /// Appends the field `name` with the value `value` writes at the end of the storage, unless the value
    /// holds a byte a field value may not: then what `value` wrote is taken back. The name is the program's
    /// own literal, checked in debug builds (a bad one is a programmer's mistake); the value, which may
    /// come from data, is checked always.
    /// - Complexity: O(name + value).
    package mutating func field(_ name: StaticString, value: (ByteStorage) -> Void) {
        let name = UnsafeRawBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        assert(Self.isWritable(name: name), "a field name that is not a token, or one the server writes")
        field(name, value: value)
    }

    /// Appends a field whose name is checked (``isWritable(name:)``), unless its value is not a field value.
    private mutating func field(_ name: UnsafeRawBufferPointer, value: (ByteStorage) -> Void) {
        let start = fields.count
        fields.append(name)
        fields.append(": ")
        let valueStart = fields.count
        value(fields)
        let valid = fields.withUnsafeBytes { lines in
            !BlockScan.anyBlock(of: UnsafeRawBufferPointer(rebasing: lines[valueStart...]), Self.hasNonValueByte)
        }
        guard valid else {
            fields.truncate(to: start)
            return
        }
        fields.append("\r\n")
    }

    /// Whether `name` is a token and names no field the server writes (`Date`, `Content-Length`,
    /// `Transfer-Encoding`, `Connection`).
    private static func isWritable(name: UnsafeRawBufferPointer) -> Bool {
        ResponseEncoding.isWritable(
            name: name.assumingMemoryBound(to: UInt8.self), value: UnsafeBufferPointer(start: nil, count: 0),
            keepingContentLength: false)
    }

    /// Whether a block has a byte a field value may not hold (``HTTPBytes/isFieldValueByte(_:)``): a control
    /// byte other than a tab, or DEL.
    @inline(__always)
    private static func hasNonValueByte(_ bytes: SIMD16<UInt8>) -> Bool {
        let control: SIMDMask<SIMD16<Int8>> = bytes .< SIMD16(repeating: 0x20)
        let tab: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x09)
        let delete: SIMDMask<SIMD16<Int8>> = bytes .== SIMD16(repeating: 0x7f)
        return BlockScan.anyLane((control .& .!tab) .| delete)
    }

    /// Appends `bytes` to the body.
    /// - Complexity: O(bytes.count) amortized.
    public mutating func write(_ bytes: [UInt8]) {
        body.append(bytes)
    }

    /// Appends the UTF-8 of `text` to the body.
    /// - Complexity: O(text's length) amortized.
    public mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { body.append(UnsafeRawBufferPointer($0)) }
    }

    /// Where a writer's fields and body are, read in place: valid until the writer is written to or reset.
    struct Output {
        var fields = UnsafeRawBufferPointer(start: nil, count: 0)
        var body = UnsafeRawBufferPointer(start: nil, count: 0)
    }

    /// What was written so far, read in place (see ``Output``): the server's writer is not written again
    /// until the response is queued.
    var output: Output {
        Output(fields: fields.withUnsafeBytes { $0 }, body: body.withUnsafeBytes { $0 })
    }

    /// The body written so far, copied.
    public var bodyBytes: [UInt8] { body.bytes }

    /// The fields written so far, parsed back into headers.
    public var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        let lines = String(decoding: fields.bytes, as: UTF8.self)
        for line in lines.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.add(String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        return headers
    }
}
