// ListRender — expanding and collapsing the rows of an outline

extension OutlineLayout {
    /// Whether `row` shows its children when it is visible. A row without children may be
    /// expanded; it then shows its children as soon as it has some.
    /// - Complexity: O(1).
    public func isExpanded(_ row: Int) -> Bool {
        checkRow(row)
        return tree.rows[row].isExpanded
    }

    /// Whether `row` is visible: every ancestor of it is expanded.
    /// - Complexity: O(log n).
    public func isVisible(_ row: Int) -> Bool {
        checkRow(row)
        return tree.markCount(ofRow: row) == 0
    }

    /// Expands `row`: its children show, and below them the children of those expanded, as
    /// `UICollectionView` shows an expanded item. Nothing happens when it is already expanded.
    /// - Complexity: O(log n), whatever the size of the subtree.
    public mutating func expand(_ row: Int) {
        setExpanded(true, row: row)
    }

    /// Collapses `row`: its descendants hide, each keeping its own expanded flag for when `row`
    /// expands again. Nothing happens when it is already collapsed.
    /// - Complexity: O(log n), whatever the size of the subtree.
    public mutating func collapse(_ row: Int) {
        setExpanded(false, row: row)
    }

    /// Expands or collapses `row`.
    /// - Returns: whether the flag changed.
    /// - Complexity: O(log n), whatever the size of the subtree.
    @discardableResult
    public mutating func setExpanded(_ isExpanded: Bool, row: Int) -> Bool {
        checkRow(row)
        let current = tree.rows[row]
        guard current.isExpanded != isExpanded else { return false }
        tree.setExpandedFlag(isExpanded, ofRow: row)
        tree.addMarks(isExpanded ? -1 : 1, to: row + 1..<row + Int(current.subtreeSize))
        return true
    }

    /// Expands every row, so every row is visible.
    /// - Complexity: O(n).
    public mutating func expandAll() {
        setAllExpanded(true)
    }

    /// Collapses every row, so only the top-level rows are visible.
    /// - Complexity: O(n).
    public mutating func collapseAll() {
        setAllExpanded(false)
    }

    /// Sets every row's expanded flag, and recomputes every row's marks from the flags and the
    /// tree over them.
    /// - Complexity: O(n).
    private mutating func setAllExpanded(_ isExpanded: Bool) {
        var rows = tree.takeRows()
        // Preorder puts each parent before its children, so its marks are final when read.
        for row in rows.indices {
            rows[row].isExpanded = isExpanded
            let parent = Int(rows[row].parent)
            rows[row].marks = parent < 0 ? 0 : rows[parent].marks + (isExpanded ? 0 : 1)
        }
        tree = OutlineMarkTree(rows: rows)
    }
}
