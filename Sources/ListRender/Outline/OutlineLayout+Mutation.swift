// ListRender — inserting and removing rows of an outline, by a rebuild

extension OutlineLayout {
    /// Inserts rows before `row`, given in preorder with their depths in the whole outline (a
    /// forest of subtrees, or rows that continue the subtree before them), each row after them
    /// keeping its height and expanded flag.
    /// - Parameters:
    ///   - depths: the new rows' depths. The first is at most one more than the depth of the row
    ///     before `row` (0 at the start), and the row now at `row` is at most one deeper than the
    ///     last new row, so the whole stays a preorder.
    ///   - heights: the new rows' heights.
    ///   - row: where the first new row goes, `0...count`.
    ///   - isExpanded: whether the new row at offset `i` of `depths` starts expanded.
    /// - Complexity: O(n): the layout is rebuilt. Expanding and collapsing stay O(log n).
    public mutating func insert(
        depths: [Int], heights: [Double], at row: Int, isExpanded: (Int) -> Bool = { _ in false }
    ) {
        precondition(row >= 0 && row <= count, "insertion at \(row) out of range 0...\(count)")
        precondition(depths.count == heights.count, "insertion needs one height per depth")
        let rows = tree.takeRows()
        var newDepths: [Int] = []
        var newHeights: [Double] = []
        var newFlags: [Bool] = []
        newDepths.reserveCapacity(rows.count + depths.count)
        newHeights.reserveCapacity(rows.count + depths.count)
        newFlags.reserveCapacity(rows.count + depths.count)
        for current in rows[..<row] {
            newDepths.append(Int(current.depth))
            newHeights.append(current.height)
            newFlags.append(current.isExpanded)
        }
        newDepths += depths
        newHeights += heights
        newFlags += depths.indices.map(isExpanded)
        for current in rows[row...] {
            newDepths.append(Int(current.depth))
            newHeights.append(current.height)
            newFlags.append(current.isExpanded)
        }
        self = OutlineLayout(depths: newDepths, heights: newHeights) { newFlags[$0] }
    }

    /// Removes `row` with its descendants; every other row keeps its height and expanded flag.
    /// - Complexity: O(n): the layout is rebuilt.
    public mutating func removeSubtree(ofRow row: Int) {
        checkRow(row)
        var rows = tree.takeRows()
        rows.removeSubrange(row..<row + Int(rows[row].subtreeSize))
        let depths = rows.map { Int($0.depth) }
        let heights = rows.map(\.height)
        self = OutlineLayout(depths: depths, heights: heights) { rows[$0].isExpanded }
    }
}
