// ListRender — enters or leaves editing mode, as `setEditing(_:animated:)`
import Models

extension TableSelection {
    /// Enters or leaves editing mode, as `setEditing(_:animated:)`.
    ///
    /// The selection is cleared, without calling any hook, when the two modes' rules differ (one
    /// allows selection and the other does not, or one allows several rows and the other one) —
    /// as UIKit drops the selection made under one set of rules when the table switches to the
    /// other, e.g. leaving a Mail-style multiple selection in editing mode. When both modes have the
    /// same rules the selection stays.
    /// - Parameter editing: whether the table is to be in editing mode.
    /// - Returns: the ids that were deselected.
    /// - Complexity: O(k) for k selected rows.
    @discardableResult
    public mutating func setEditing(_ editing: Bool) -> Set<RowID> {
        guard editing != isEditing else { return [] }
        let before = rules(editing: isEditing)
        isEditing = editing
        guard before != rules(editing: editing) else { return [] }
        let dropped = selectedRowIDs
        selectedRowIDs.removeAll()
        return dropped
    }

    /// Follows a batch: deleted rows leave the selection; moved and reloaded rows stay selected,
    /// since their ids do not change. (UIKit drops reloaded rows from its index-based selection;
    /// here the selection is by id and the spec keeps it.)
    /// - Parameter result: what a batch applied to the table gave.
    /// - Complexity: O(d) for d deleted rows.
    public mutating func update(for result: BatchResult) {
        guard !selectedRowIDs.isEmpty else { return }
        for id in result.deletedRowIDs { selectedRowIDs.remove(id) }
    }

    /// Keeps only the selected rows that are in a snapshot.
    /// - Parameter snapshot: the current table.
    /// - Complexity: O(k) for k selected rows, plus the snapshot's index build the first time.
    public mutating func prune(to snapshot: TableSnapshot) {
        selectedRowIDs = selectedRowIDs.filter(snapshot.contains(_:))
    }
}
