// ListServer — ListServer
import Models

/// Builds a JSON document into one byte buffer, writing the commas itself.
///
/// Responses on the hot path (windows, dataset lists) are written with it directly, with no
/// intermediate tree.
struct JSONOutput {
    private(set) var bytes: [UInt8] = []
    /// Per open container: whether it holds an element yet.
    private var hasElement: [Bool] = [false]
    private var afterKey = false

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func elementStart() {
        if afterKey {
            afterKey = false
            return
        }
        if hasElement[hasElement.count - 1] { bytes.append(UInt8(ascii: ",")) }
        hasElement[hasElement.count - 1] = true
    }

    mutating func beginObject() {
        elementStart()
        bytes.append(UInt8(ascii: "{"))
        hasElement.append(false)
    }

    mutating func endObject() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func beginArray() {
        elementStart()
        bytes.append(UInt8(ascii: "["))
        hasElement.append(false)
    }

    mutating func endArray() {
        hasElement.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    /// Writes an object key; the next value written is its value.
    mutating func key(_ name: String) {
        elementStart()
        JSONWriter.writeString(name, into: &bytes)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func string(_ text: String) {
        elementStart()
        JSONWriter.writeString(text, into: &bytes)
    }

    mutating func int(_ value: Int64) {
        elementStart()
        JSONWriter.writeInteger(value, into: &bytes)
    }

    mutating func int(_ value: Int) { int(Int64(value)) }

    /// A number; integral values are written without a fraction (`44`, not `44.0`).
    mutating func number(_ value: Double) {
        elementStart()
        if value.isFinite, value == value.rounded(), abs(value) < 9e15 {
            JSONWriter.writeInteger(Int64(value), into: &bytes)
        } else {
            JSONWriter.writeReal(value, into: &bytes)
        }
    }

    mutating func bool(_ value: Bool) {
        elementStart()
        bytes.append(contentsOf: value ? Array("true".utf8) : Array("false".utf8))
    }

    mutating func null() {
        elementStart()
        bytes.append(contentsOf: Array("null".utf8))
    }

    mutating func value(_ value: FieldValue) {
        elementStart()
        JSONWriter.write(value, into: &bytes)
    }

    mutating func fields(_ fields: Fields) {
        value(.dict(fields))
    }

    /// Appends an already encoded JSON value.
    mutating func raw(_ encoded: [UInt8]) {
        elementStart()
        bytes.append(contentsOf: encoded)
    }

    /// `key: value` shorthands.
    mutating func member(_ name: String, _ text: String) { key(name); string(text) }
    mutating func member(_ name: String, _ value: Int64) { key(name); int(value) }
    mutating func member(_ name: String, _ value: Int) { key(name); int(value) }
    mutating func member(_ name: String, number value: Double) { key(name); number(value) }
    mutating func member(_ name: String, _ value: Bool) { key(name); bool(value) }
}
