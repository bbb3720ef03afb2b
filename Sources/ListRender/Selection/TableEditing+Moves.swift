// ListRender — whether a row shows the reorder control
import Models

extension TableEditing {
    /// Whether a row shows the reorder control: in editing mode, when the data source reorders and
    /// the row can move.
    /// - Complexity: O(1) plus the hook.
    public func canMove(rowAt indexPath: IndexPath, in snapshot: TableSnapshot) -> Bool {
        allowsReordering && canMoveRow(indexPath, snapshot.rowID(at: indexPath))
    }

    /// Where a dragged row would land, as UIKit asks the delegate while the user drags.
    ///
    /// Index paths are those of the table with the row moved, as in `moveRow(at:to:)`: a row can
    /// land at the end of another section, or anywhere up to its own section's last index.
    /// - Parameters:
    ///   - source: the dragged row.
    ///   - proposed: where the drag currently points.
    ///   - snapshot: the table.
    /// - Returns: the hook's destination, or nil when the row cannot move or the hook's destination
    ///   is not a place the row can go.
    /// - Complexity: O(1) plus the hooks.
    public func destinationForMove(from source: IndexPath, proposed: IndexPath, in snapshot: TableSnapshot)
        -> IndexPath?
    {
        guard canMove(rowAt: source, in: snapshot) else { return nil }
        let target = targetIndexPathForMove(source, proposed)
        guard target.section >= 0 && target.section < snapshot.numberOfSections && target.row >= 0 else { return nil }
        let rowsThere = snapshot.numberOfRows(inSection: target.section)
        let last = target.section == source.section ? rowsThere - 1 : rowsThere
        return target.row <= last ? target : nil
    }

    /// The batch that commits a drag, as the data source does in `tableView(_:moveRowAt:to:)`.
    /// - Parameters:
    ///   - source: the dragged row.
    ///   - proposed: where the user dropped it.
    ///   - snapshot: the table.
    /// - Returns: one move to ``destinationForMove(from:proposed:in:)``, or nil when there is none.
    /// - Complexity: O(1) plus the hooks.
    public func commitMove(from source: IndexPath, proposed: IndexPath, in snapshot: TableSnapshot) -> BatchUpdate? {
        guard let destination = destinationForMove(from: source, proposed: proposed, in: snapshot) else { return nil }
        var batch = BatchUpdate()
        batch.moveRow(at: source, to: destination)
        return batch
    }
}
