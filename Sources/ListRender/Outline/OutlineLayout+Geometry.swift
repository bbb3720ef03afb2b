// ListRender — offsets and positions of an outline's visible rows

extension OutlineLayout {
    /// The visible row whose frame holds `offset`, with its top.
    /// - Returns: nil when `offset` lies before 0 or at or past `totalHeight` (rows of height 0
    ///   hold no offset).
    /// - Complexity: O(log n).
    public func visibleRow(atOffset offset: Double) -> (row: Int, top: Double)? {
        guard offset >= 0, let found = tree.locate(offset) else { return nil }
        return (found.row, found.top)
    }

    /// The top of `row`: the height of the visible rows before it.
    /// - Returns: nil when `row` is hidden.
    /// - Complexity: O(log n).
    public func top(ofRow row: Int) -> Double? {
        checkRow(row)
        let position = tree.position(ofRow: row)
        return position.isVisible ? position.top : nil
    }

    /// The frame of `row`.
    /// - Returns: nil when `row` is hidden.
    /// - Complexity: O(log n).
    public func frame(ofRow row: Int) -> TableFrame? {
        top(ofRow: row).map { TableFrame(y: $0, height: tree.rows[row].height) }
    }

    /// The position of `row` among the visible rows (0 for the first).
    /// - Returns: nil when `row` is hidden.
    /// - Complexity: O(log n).
    public func visibleIndex(ofRow row: Int) -> Int? {
        checkRow(row)
        let position = tree.position(ofRow: row)
        return position.isVisible ? position.index : nil
    }

    /// The visible row at position `index` among the visible rows.
    /// - Precondition: `0 <= index < visibleCount`.
    /// - Complexity: O(log n).
    public func row(atVisibleIndex index: Int) -> Int {
        tree.row(atVisibleIndex: index).row
    }

    /// The visible row after `row` in the order the rows show.
    /// - Parameter row: a visible row.
    /// - Returns: its first child when it is expanded, else the row after its subtree; nil when
    ///   `row` is the last visible row.
    /// - Complexity: O(1). Every row after a visible row's subtree has only ancestors that the
    ///   visible row shares, all expanded, so it is visible too.
    public func visibleRow(after row: Int) -> Int? {
        checkRow(row)
        let current = tree.rows[row]
        let next = current.isExpanded ? row + 1 : row + Int(current.subtreeSize)
        return next < count ? next : nil
    }

    /// The nearest visible row at or above `row`: `row` itself when it is visible, else the
    /// collapsed ancestor that hides it and is itself visible (where a scroll to `row` lands).
    /// - Complexity: O(depth).
    public func nearestVisibleRow(to row: Int) -> Int {
        checkRow(row)
        var candidate = row
        var hidingAncestor = row
        // The outermost collapsed ancestor is the visible one.
        while tree.rows[candidate].parent >= 0 {
            candidate = Int(tree.rows[candidate].parent)
            if !tree.rows[candidate].isExpanded { hidingAncestor = candidate }
        }
        return hidingAncestor
    }
}
