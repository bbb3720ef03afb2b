// Library — choice lists and section-bound moves in batches, as a table view controller handles them
import ListRender
import Models

extension BatchPlanner {
    /// Completes a batch on a table document as the controller of a choice list does: a section with
    /// `choice: "single"` is a single selection whose selected rows are the checked ones, an update that
    /// gives a row the checkmark is the user's tap on it (``TableSelection/tapRow(at:in:hooks:)``), and
    /// every row the tap deselects loses its checkmark in the same batch, as `didDeselectRowAt` sets
    /// `accessoryType = .none`.
    /// - Complexity: O(rows of the sections the updates touch).
    func completingChoices(_ request: BatchRequest) -> BatchRequest {
        guard entry.dataset.kind == .table else { return request }
        let checkmark = TableAccessory.checkmark.rawValue
        var request = request
        var updated = Set(request.updateRows.map(\.id))
        for change in request.updateRows where change.fields["accessory"]?.stringValue == checkmark {
            guard let at = entry.snapshot.indexPath(for: change.id) else { continue }
            let section = entry.dataset.sections[at.section]
            guard section.fields[TableDocument.choiceKey]?.stringValue == "single" else { continue }
            let checked = section.rows.filter { $0.fields["accessory"]?.stringValue == checkmark }.map(\.id)
            var choice = TableSelection(selected: Set(checked))
            var unchecked: [RowID] = []
            let snapshot = entry.snapshot
            let hooks = SelectionHooks(didDeselectRow: { unchecked.append(snapshot.rowID(at: $0)) })
            choice.tapRow(at: at, in: snapshot, hooks: hooks)
            for id in unchecked where !updated.contains(id) {
                request.updateRows.append(BatchRequest.RowUpdate(id: id, fields: ["accessory": .null]))
                updated.insert(id)
            }
        }
        return request
    }

    /// What the table's editing rules say about a move, through the engine's ``TableEditing``: in a section
    /// with `moveWithinSection`, `targetIndexPathForMove` keeps the row in its section, and a move the rule
    /// redirects is refused with the place it would be kept at.
    func checkMoveTarget(of id: RowID, from source: IndexPath, to proposed: IndexPath, _ path: String) throws(LibraryError) {
        let editing = entry.editing
        let target = editing.targetIndexPathForMove(source, proposed)
        guard target != proposed else { return }
        throw LibraryError.invalidBatch(
            path: path, message: "row \(id) moves only within section \(source.section) (moveWithinSection); "
                + "the nearest place there is row \(target.row)")
    }

    /// The detail a row that opens `child` shows, when it shows one: the text of the checked row of the
    /// child's first choice list (Settings' Ask to Join Networks › Notify), or nil when it has none checked.
    static func choiceDetail(of child: Dataset) -> FieldValue? {
        for section in child.sections where section.fields[TableDocument.choiceKey]?.stringValue == "single" {
            let chosen = section.rows.first { $0.fields["accessory"]?.stringValue == TableAccessory.checkmark.rawValue }
            return chosen?.fields["text"]
        }
        return nil
    }
}
