// ListRender — the user taps a row: selection changes in UIKit's order
import Models

extension TableSelection {
    /// The user taps a row: selection changes in UIKit's order, calling the hooks.
    ///
    /// - When the current mode forbids selection nothing happens.
    /// - In multiple selection, tapping a selected row deselects it: `willDeselect`, then
    ///   `didDeselect` of the index path the hook returned (nothing more if it returned nil).
    /// - Otherwise: `willSelect` of the tapped row; if the hook returns nil nothing changes.
    ///   In single selection, each other selected row, by ascending index path, gets
    ///   `willDeselect` and, unless the hook returns nil (the row then stays selected, as in
    ///   UIKit), is deselected with `didDeselect`. Then the row the hook returned is selected and
    ///   gets `didSelect` — also when it was already selected, as UIKit calls `didSelect` again.
    /// - A `willDeselect` hook may redirect to another row; `didDeselect` is called only when that
    ///   row was selected.
    /// - Parameters:
    ///   - indexPath: the tapped row, valid in `snapshot`.
    ///   - snapshot: the table.
    ///   - hooks: the delegate methods.
    /// - Returns: the hook calls in the order they were made.
    /// - Complexity: O(k log k) for k selected rows in single selection, O(1) otherwise.
    @discardableResult
    public mutating func tapRow(
        at indexPath: IndexPath, in snapshot: TableSnapshot, hooks: SelectionHooks = SelectionHooks()
    )
        -> [SelectionEvent]
    {
        let current = rules
        guard current.allowsSelection else { return [] }
        var events: [SelectionEvent] = []
        if current.allowsMultiple && isSelected(snapshot.rowID(at: indexPath)) {
            userDeselect(indexPath, in: snapshot, hooks: hooks, events: &events)
            return events
        }
        events.append(.willSelect(indexPath))
        guard let target = hooks.willSelectRow(indexPath) else { return events }
        precondition(snapshot.contains(target), "willSelectRow returned \(target), which is not in the table")
        let targetID = snapshot.rowID(at: target)
        if !current.allowsMultiple {
            let others = selectedRowIDs.filter { $0 != targetID }
            for other in others.compactMap(snapshot.indexPath(for:)).sorted() {
                userDeselect(other, in: snapshot, hooks: hooks, events: &events)
            }
        }
        selectedRowIDs.insert(targetID)
        events.append(.didSelect(target))
        hooks.didSelectRow(target)
        return events
    }

    /// `willDeselect`, then the deselection of the row the hook returned with `didDeselect`.
    private mutating func userDeselect(
        _ indexPath: IndexPath, in snapshot: TableSnapshot, hooks: SelectionHooks, events: inout [SelectionEvent]
    ) {
        events.append(.willDeselect(indexPath))
        guard let target = hooks.willDeselectRow(indexPath) else { return }
        precondition(snapshot.contains(target), "willDeselectRow returned \(target), which is not in the table")
        guard selectedRowIDs.remove(snapshot.rowID(at: target)) != nil else { return }
        events.append(.didDeselect(target))
        hooks.didDeselectRow(target)
    }
}
