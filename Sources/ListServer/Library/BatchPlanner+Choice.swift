// Library — choice lists and section-bound moves in batches, as a table view controller handles them
import ListRender
import Models

extension BatchPlanner {
    /// Completes a batch on a table document as the controller of a choice list does: a section with
    /// `choice: "single"` is a single selection whose selected rows are the checked ones, an update that
    /// gives a row the checkmark is the user's tap on it (``TableSelection/tapRow(at:in:hooks:)``), and
    /// every row the tap deselects loses its checkmark in the same batch, as `didDeselectRowAt` sets
    /// `accessoryType = .none`. Taps in one batch follow each other, so of two rows checked in one section
    /// the later keeps the checkmark.
    /// - Parameter origins: records, for each unchecking added, the update whose tap brought it.
    /// - Complexity: O(rows of the sections the updates touch).
    func completingChoices(_ request: BatchRequest, origins: inout OperationOrigins) -> BatchRequest {
        guard entry.dataset.kind.isTableDocument else { return request }
        let checkmark = FieldValue.string(TableAccessory.checkmark.rawValue)
        var request = request
        var choices: [Int: TableSelection] = [:]
        let snapshot = entry.snapshot
        for position in request.updateRows.indices where request.updateRows[position].fields["accessory"] == checkmark {
            guard let at = snapshot.indexPath(for: request.updateRows[position].id) else { continue }
            let section = entry.dataset.sections[at.section]
            guard section.fields[TableDocument.choiceKey]?.stringValue == "single" else { continue }
            var choice = choices[at.section]
                ?? TableSelection(selected: Set(section.rows.filter { $0.fields["accessory"] == checkmark }.map(\.id)))
            var unchecked: [RowID] = []
            let hooks = SelectionHooks(didDeselectRow: { unchecked.append(snapshot.rowID(at: $0)) })
            choice.tapRow(at: at, in: snapshot, hooks: hooks)
            choices[at.section] = choice
            for id in unchecked {
                if let earlier = request.updateRows.firstIndex(where: { $0.id == id }) {
                    // A row this batch checked earlier, or updated otherwise: it loses the checkmark too.
                    request.updateRows[earlier].fields["accessory"] = .null
                } else {
                    origins.record("updateRows[\(request.updateRows.count)]", from: "updateRows[\(position)]")
                    request.updateRows.append(BatchRequest.RowUpdate(id: id, fields: ["accessory": .null]))
                }
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

    /// The checked row of the child's first choice list, whose title a row that opens `child` shows as its
    /// detail when it shows one (Settings' Ask to Join Networks › Notify); nil when it has none checked.
    static func choiceDetail(of child: Dataset) -> Fields? {
        for section in child.sections where section.fields[TableDocument.choiceKey]?.stringValue == "single" {
            let checkmark = TableAccessory.checkmark.rawValue
            return section.rows.first { $0.fields["accessory"]?.stringValue == checkmark }?.fields
        }
        return nil
    }

    /// Writes the chosen row's title as the detail of the row that opens its list: for a Settings multi-value,
    /// its short title where it has one, in every language the bundle translates it to
    /// (``SettingsKeys/showChoice(_:asDetailOf:)``); for any other row, its `text`.
    static func show(_ chosen: Fields, asDetailOf row: inout Fields) {
        if SettingsKeys.specifier(of: row)?.kind == .multiValue {
            SettingsKeys.showChoice(chosen, asDetailOf: &row)
        } else if let text = chosen["text"] {
            row["detail"] = text
        }
    }
}
