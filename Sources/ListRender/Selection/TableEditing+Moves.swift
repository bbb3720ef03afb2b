// ListRender — whether a row shows the reorder control
import Models

extension TableEditing {
    /// Whether a row shows the reorder control: in editing mode, when the data source reorders and
    /// the row can move.
    /// - Complexity: O(1) plus the hook.
    public func canMove(rowAt indexPath: IndexPath, in snapshot: TableSnapshot) -> Bool {
        allowsReordering && canMoveRow(indexPath, snapshot.rowID(at: indexPath))
    }
}
