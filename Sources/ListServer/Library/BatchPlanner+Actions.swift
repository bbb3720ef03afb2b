// Library — row actions in batches: a tap on a swipe's button becomes the operation it stands for
import ListRender
import Models

extension BatchPlanner {
    /// Turns the request's row actions into the operations they stand for, as the handler of a
    /// `UIContextualAction` would: `delete` deletes the row, `update` sets its keys, `moveTo` moves it to
    /// the top or bottom of its section. The row's actions are what the dataset's ``TableEditing`` gives
    /// (``DatasetEntry/editing``), never the client's: a client names only the button it tapped.
    /// - Returns: the request with the operations added and `rowActions` emptied, and the rows an action
    ///   moves (their move needs no `canMove`: the action allows it).
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` naming `rowActions[i]` when the row does not
    ///   exist, cannot be swiped, or has no such action.
    /// - Complexity: O(k) for k actions, plus the rows' actions.
    func expandingRowActions(_ request: BatchRequest) throws(LibraryError) -> (BatchRequest, moved: Set<RowID>) {
        var request = request
        var moved = Set<RowID>()
        let runs = request.rowActions
        request.rowActions = []
        for (position, run) in runs.enumerated() {
            let path = "rowActions[\(position)]"
            guard let at = entry.snapshot.indexPath(for: run.id) else {
                throw LibraryError.invalidBatch(path: "\(path).id", message: "row \(run.id) does not exist in '\(entry.dataset.id)'")
            }
            let section = entry.dataset.sections[at.section]
            guard entry.metrics.rowCanBeEdited(section.rows[at.row].fields) else {
                throw LibraryError.invalidBatch(
                    path: "\(path).id", message: "row \(run.id) cannot be swiped, so it has no row actions")
            }
            let list =
                switch run.edge {
                case .trailing: entry.editing.trailingActions(forRowAt: at, in: entry.snapshot, isEditing: false)
                case .leading: entry.editing.leadingActions(forRowAt: at, in: entry.snapshot, isEditing: false)
                }
            guard run.index < list.count else {
                throw LibraryError.invalidBatch(
                    path: "\(path).index",
                    message: "row \(run.id) has \(list.count) \(run.edge.rawValue) action\(list.count == 1 ? "" : "s"); "
                        + "index \(run.index) is not one of them")
            }
            switch list[run.index].effect {
            case .delete:
                request.deleteRows.append(run.id)
            case .update(let changes):
                request.updateRows.append(BatchRequest.RowUpdate(id: run.id, fields: changes))
            case .moveTo(let place):
                let toRow = place == .top ? 0 : section.rows.count - 1
                request.moveRows.append(BatchRequest.RowMove(id: run.id, toSection: at.section, toRow: toRow))
                moved.insert(run.id)
            }
        }
        return (request, moved)
    }
}
