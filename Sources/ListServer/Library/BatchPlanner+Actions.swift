// Library — row actions in batches: a tap on a swipe's button becomes the operation it stands for
import ListRender
import Models

extension BatchPlanner {
    /// A row action's move to the top or bottom of its row's section, placed once the rest of the batch is
    /// known (``placing(_:in:origins:)``).
    struct ActionMove {
        var id: RowID
        var place: SwipeAction.Place
        /// The action the client sent (`rowActions[2]`).
        var path: String
    }

    /// Turns the request's row actions into the operations they stand for, as the handler of a
    /// `UIContextualAction` would: `delete` deletes the row, `update` sets its keys, `moveTo` moves it to
    /// the top or bottom of its section. The row's actions are what the dataset's ``TableEditing`` gives
    /// (``DatasetEntry/editing``), never the client's: a client names only the button it tapped.
    /// - Returns: the request with the deletes and updates added and `rowActions` emptied; the moves, to be
    ///   placed among the rows the batch leaves; and which action each added operation came from.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` naming `rowActions[i]` when the row does not
    ///   exist, cannot be swiped, or has no such action.
    /// - Complexity: O(k) for k actions, plus the rows' actions.
    func expandingRowActions(
        _ request: BatchRequest
    ) throws(LibraryError) -> (BatchRequest, moves: [ActionMove], origins: OperationOrigins) {
        var request = request
        var moves: [ActionMove] = []
        var origins = OperationOrigins()
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
                origins.record(request.deleteRowPath(request.deleteRows.count), from: path)
                request.deleteRows.append(run.id)
            case .update(let changes):
                origins.record("updateRows[\(request.updateRows.count)]", from: path)
                request.updateRows.append(BatchRequest.RowUpdate(id: run.id, fields: changes))
            case .moveTo(let place):
                moves.append(ActionMove(id: run.id, place: place, path: path))
            }
        }
        return (request, moves, origins)
    }

    /// Whether a row has a `moveTo` action on either side, so that a move undoing one needs no `canMove`.
    /// - Complexity: O(the row's actions).
    func hasMoveAction(_ id: RowID) -> Bool {
        guard let at = entry.snapshot.indexPath(for: id) else { return false }
        let actions = entry.editing.trailingActions(forRowAt: at, in: entry.snapshot, isEditing: false)
            + entry.editing.leadingActions(forRowAt: at, in: entry.snapshot, isEditing: false)
        return actions.contains { if case .moveTo = $0.effect { true } else { false } }
    }

    /// The moves of row actions, placed as a row action's handler moves its row once the rest of the batch
    /// is applied: to row 0 of its section, or after its last row; several in one batch land in their order,
    /// the last one's row on top (or at the bottom).
    /// - Parameters:
    ///   - moves: the row actions' moves, in the request's order.
    ///   - settled: the table after the rest of the batch.
    ///   - existing: the number of moves the client sent, which come first in the batch.
    ///   - origins: records which action each move came from.
    /// - Returns: the moves, their destinations positions after the batch.
    /// - Complexity: O(k) for k moves.
    func placing(
        _ moves: [ActionMove], in settled: TableSnapshot, after existing: Int, origins: inout OperationOrigins
    ) -> [BatchRequest.RowMove] {
        var placed: [BatchRequest.RowMove] = []
        for (index, move) in moves.enumerated() {
            origins.record("moveRows[\(existing + placed.count)]", from: move.path)
            // A row the rest of the batch deletes keeps a move, which the planner refuses as such.
            guard let at = settled.indexPath(for: move.id) else {
                placed.append(BatchRequest.RowMove(id: move.id, toSection: 0, toRow: 0))
                continue
            }
            let later = moves[(index + 1)...].filter { other in
                other.place == move.place && settled.indexPath(for: other.id)?.section == at.section
            }.count
            let count = settled.sections[at.section].rows.count
            let row = move.place == .top ? later : count - 1 - later
            placed.append(BatchRequest.RowMove(id: move.id, toSection: at.section, toRow: row))
        }
        return placed
    }
}
