// Web — a batch as JSON, as a client sends it: the undo a batch's reply carries
import Models

extension BatchRequest {
    /// Writes the batch as the JSON body a client would send for it (the operations an undo uses:
    /// `deleteRows`, `restoreRows`, `moveRows`, `updateRows`, and `child`), so that `parse` reads it back.
    /// - Complexity: O(size of the operations).
    func write(to json: inout JSONOutput) {
        json.beginObject()
        json.member("baseVersion", baseVersion)
        if !child.isEmpty { json.member("child", child.description) }
        json.key("undoable")
        json.bool(true)
        json.key("deleteRows")
        json.beginArray()
        for id in deleteRows { json.int(id.rawValue) }
        json.endArray()
        json.key("restoreRows")
        json.beginArray()
        for restore in restoreRows {
            json.beginObject()
            json.member("id", restore.id.rawValue)
            json.member("section", restore.section)
            json.member("row", restore.row)
            Self.write(restore.neighbours, to: &json)
            json.key("fields")
            json.fields(restore.fields)
            json.endObject()
        }
        json.endArray()
        json.key("moveRows")
        json.beginArray()
        for move in moveRows {
            json.beginObject()
            json.member("id", move.id.rawValue)
            json.member("toSection", move.toSection)
            json.member("toRow", move.toRow)
            Self.write(move.neighbours, to: &json)
            if move.byAction { json.member("byAction", true) }
            json.endObject()
        }
        json.endArray()
        json.key("updateRows")
        json.beginArray()
        for update in updateRows {
            json.beginObject()
            json.member("id", update.id.rawValue)
            json.key("fields")
            json.fields(update.fields)
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }

    private static func write(_ neighbours: Neighbours, to json: inout JSONOutput) {
        if let after = neighbours.after { json.member("after", after.rawValue) }
        if let before = neighbours.before { json.member("before", before.rawValue) }
    }
}
