// Library — the table document: a batch on a child table, as its event tells it
import Models

/// A batch on a child table, as its `change` event tells it: the dataset's event says which row of its
/// own table changed (the one whose child table was edited), and its `child` member says what changed
/// inside the child, by the child's ids and index paths.
struct ChildChange: Sendable {
    /// The child table's address (`12~40`).
    let address: ChildAddress
    /// The child's own change event, as a batch on the child's table would have it.
    let event: [UInt8]
    /// The batch that undoes the child's batch, on the same child table (``BatchInverse``).
    var undo: BatchRequest? = nil

    /// The dataset's event with a `child` member: `{"address": "12~40", "version", …the child's changes}`.
    /// - Parameter outer: the event of the row update in the dataset's own table, a JSON object.
    /// - Complexity: O(event size).
    func event(around outer: [UInt8]) -> [UInt8] {
        precondition(outer.last == UInt8(ascii: "}") && event.first == UInt8(ascii: "{"), "events are JSON objects")
        var json = JSONOutput()
        json.beginObject()
        json.member("address", address.description)
        json.endObject()
        let head = json.bytes.dropLast()
        var bytes = Array(outer.dropLast())
        bytes.append(contentsOf: Array(",\"child\":".utf8))
        bytes.append(contentsOf: head)
        if event.count > 2 { bytes.append(UInt8(ascii: ",")) }
        bytes.append(contentsOf: event.dropFirst())
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
