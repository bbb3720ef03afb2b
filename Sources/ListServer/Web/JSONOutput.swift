// ListServer — builds a JSON document into one byte buffer, writing the commas itself
import Bytes
import Models

/// Builds a JSON document into one byte buffer, writing the commas itself.
///
/// Responses on the hot path (windows, dataset lists) are written with it directly, with no
/// intermediate tree. The output is byte for byte what ``JSONWriter`` writes for the same values
/// (it writes with a ``JSONByteWriter``).
struct JSONOutput: ~Copyable {
    /// The document written so far.
    /// - Complexity: O(n): a copy of the buffer.
    var bytes: [UInt8] { buffer.bytes }

    private var buffer: JSONByteWriter
    /// One bit per open container, innermost lowest: whether it holds an element yet. Bit 0 is
    /// the document itself.
    private var hasElement: UInt64 = 0
    private var depth = 0
    private var afterKey = false

    init(capacity: Int = 1024) {
        buffer = JSONByteWriter(capacity: capacity)
    }

    private init(appendingTo storage: ByteStorage) {
        buffer = JSONByteWriter(appendingTo: storage)
    }

    /// The document `write` writes, as an array made with room for `capacity` bytes: when it fits, it is
    /// written in the array's own memory and not copied (see ``ByteStorage/array(capacity:_:)``).
    /// - Complexity: O(bytes written), plus a copy of them when they outgrow `capacity`.
    static func bytes(capacity: Int, _ write: (inout JSONOutput) -> Void) -> [UInt8] {
        ByteStorage.array(capacity: capacity) { storage in
            var json = JSONOutput(appendingTo: storage)
            write(&json)
        }
    }

    /// Lets `write` write a document at the end of `storage` (a response writer's body): nothing else writes
    /// to `storage` during the call.
    /// - Complexity: O(bytes written).
    static func write(to storage: ByteStorage, _ write: (inout JSONOutput) -> Void) {
        var json = JSONOutput(appendingTo: storage)
        write(&json)
    }

    /// Writes the comma before a new element.
    @inline(__always)
    private mutating func elementStart() {
        if afterKey {
            afterKey = false
        } else {
            if hasElement & 1 != 0 { buffer.append(UInt8(ascii: ",")) }
            hasElement |= 1
        }
    }

    @inline(__always)
    private mutating func open(_ bracket: UInt8) {
        elementStart()
        buffer.append(bracket)
        precondition(depth < 63, "JSONOutput: containers nested more than 63 deep")
        depth += 1
        hasElement <<= 1
    }

    @inline(__always)
    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "JSONOutput: closing a container that is not open")
        depth -= 1
        hasElement >>= 1
        buffer.append(bracket)
    }

    @inline(__always)
    mutating func beginObject() { open(UInt8(ascii: "{")) }
    @inline(__always)
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Writes an object key; the next value written is its value.
    @inline(__always)
    mutating func key(_ name: StaticString) {
        elementStart()
        // A name in the code needs no escaping (checked in debug builds), so it is copied as it is.
        assert(name.withUTF8Buffer { JSONWriter.firstSpecial(in: $0, from: 0) == $0.count }, "\(name) needs escaping")
        buffer.writeKey(name)
        afterKey = true
    }

    mutating func string(_ text: String) {
        elementStart()
        buffer.writeString(text)
    }

    /// Writes a string from its UTF-8 bytes, escaped as ``string(_:)`` escapes it.
    mutating func string(utf8: UnsafeRawBufferPointer) {
        elementStart()
        buffer.writeString(utf8: utf8.assumingMemoryBound(to: UInt8.self))
    }

    @inline(__always)
    mutating func int(_ value: Int64) {
        elementStart()
        buffer.writeInteger(value)
    }

    @inline(__always)
    mutating func int(_ value: Int) { int(Int64(value)) }

    /// A number; integral values are written without a fraction (`44`, not `44.0`).
    @inline(__always)
    mutating func number(_ value: Double) {
        elementStart()
        buffer.writeNumber(value)
    }

    mutating func bool(_ value: Bool) {
        elementStart()
        buffer.append(value ? "true" : "false")
    }

    mutating func null() {
        elementStart()
        buffer.append("null")
    }

    mutating func value(_ value: FieldValue) {
        elementStart()
        buffer.write(value)
    }

    mutating func fields(_ fields: Fields) {
        elementStart()
        buffer.write(fields)
    }

    /// Writes one value with `body`, straight into the buffer: `body` writes a whole JSON value.
    @inline(__always)
    mutating func value(_ body: (inout JSONByteWriter) -> Void) {
        elementStart()
        body(&buffer)
    }

    /// Appends an already encoded JSON value.
    mutating func raw(_ encoded: [UInt8]) {
        elementStart()
        buffer.append(encoded)
    }

    /// `key: value` shorthands, inlined so that the comma state between a key and its value folds away.
    mutating func member(_ name: StaticString, _ text: String) { key(name); string(text) }
    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Int64) { key(name); int(value) }
    @inline(__always)
    mutating func member(_ name: StaticString, _ value: Int) { key(name); int(value) }
    @inline(__always)
    mutating func member(_ name: StaticString, number value: Double) { key(name); number(value) }
    mutating func member(_ name: StaticString, _ value: Bool) { key(name); bool(value) }

    /// Writes the `indexTitles` and `indexSections` members, the section index bar that the dataset
    /// detail and a table window both carry: its titles and the section each jumps to.
    /// - Complexity: O(titles).
    mutating func sectionIndex(titles: [String], sections: [Int]) {
        key("indexTitles")
        beginArray()
        for title in titles { string(title) }
        endArray()
        key("indexSections")
        beginArray()
        for section in sections { int(section) }
        endArray()
    }
}
