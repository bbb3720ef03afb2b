// ListRender — expanding and collapsing the rows of an outline

extension OutlineLayout {
    /// Whether `row` shows its children when it is visible. A row without children may be
    /// expanded; it then shows its children as soon as it has some.
    /// - Complexity: O(1).
    public func isExpanded(_ row: Int) -> Bool {
        checkRow(row)
        return expanded[row]
    }

    /// Whether `row` is visible: every ancestor of it is expanded.
    /// - Complexity: O(log n).
    public func isVisible(_ row: Int) -> Bool {
        checkRow(row)
        return marks.markCount(ofRow: row) == 0
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
        guard expanded[row] != isExpanded else { return false }
        expanded[row] = isExpanded
        marks.addMarks(isExpanded ? -1 : 1, to: row + 1..<row + Int(subtreeSizes[row]))
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

    private mutating func setAllExpanded(_ isExpanded: Bool) {
        expanded = Array(repeating: isExpanded, count: count)
        rebuildMarks()
    }

    /// Recomputes every row's marks from the expanded flags, and the tree over them.
    /// - Complexity: O(n).
    mutating func rebuildMarks() {
        var rowMarks = [Int32](repeating: 0, count: count)
        // Preorder puts each parent before its children, so its marks are final when read.
        for row in 0..<count {
            let parent = Int(parents[row])
            if parent >= 0 {
                rowMarks[row] = rowMarks[parent] + (expanded[parent] ? 0 : 1)
            }
        }
        let heights = marks.takeHeights()
        marks = OutlineMarkTree(marks: rowMarks, heights: heights)
    }
}
