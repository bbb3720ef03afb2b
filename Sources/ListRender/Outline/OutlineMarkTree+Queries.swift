// ListRender — descents of the mark tree: row → position, offset → row, position → row

extension OutlineMarkTree {
    /// Where `row` stands among the rows with no mark.
    /// - Parameter row: `0...count`; `count` gives the totals.
    /// - Returns: the number of rows with no mark before `row` (its position when it has none), the
    ///   sum of their heights (its top), and the marks on `row` (0 for `count`).
    /// - Complexity: O(log n + blockSize).
    func position(ofRow row: Int) -> (index: Int, top: Double, marks: Int) {
        guard row < count else { return (visibleCount, visibleHeight, 0) }
        let block = row / Self.blockSize
        var node = 1
        var above: Int32 = 0
        var index = 0
        var top = 0.0
        var bit = leafCount >> 1
        while node < leafCount {
            above += nodes[node].add
            if block & bit != 0 {
                let left = nodes[2 * node]
                if left.minimum + above == 0 {
                    index += left.count
                    top += left.height
                }
                node = 2 * node + 1
            } else {
                node = 2 * node
            }
            bit >>= 1
        }
        above += nodes[node].add
        for earlier in block * Self.blockSize..<row where marks[earlier] + above == 0 {
            index += 1
            top += heights[earlier]
        }
        return (index, top, Int(marks[row] + above))
    }

    /// The first row with no mark and a positive height that ends after `offset`, with its
    /// position among the rows with no mark and its top.
    /// - Returns: nil when there is none (`offset` at or past the visible height); for a
    ///   negative offset, the first row with no mark and a positive height.
    /// - Complexity: O(log n + blockSize).
    func locate(_ offset: Double) -> (row: Int, index: Int, top: Double)? {
        guard visibleHeight > 0 && offset < visibleHeight else { return nil }
        var node = 1
        var above: Int32 = 0
        var index = 0
        var top = 0.0
        // Only nodes whose visible rows have a positive height are entered, so a leaf reached
        // holds a row to return even where rounding puts `offset` past its last row's end.
        while node < leafCount {
            above += nodes[node].add
            let left = nodes[2 * node]
            let right = nodes[2 * node + 1]
            let leftHeight = left.minimum + above == 0 ? left.height : 0
            let rightHeight = right.minimum + above == 0 ? right.height : 0
            if leftHeight > 0 && (offset < top + leftHeight || rightHeight == 0) {
                node = 2 * node
            } else {
                if left.minimum + above == 0 {
                    index += left.count
                    top += left.height
                }
                node = 2 * node + 1
            }
        }
        above += nodes[node].add
        var found: (row: Int, index: Int, top: Double)?
        for row in rows(ofBlock: node - leafCount) where marks[row] + above == 0 {
            let height = heights[row]
            if height > 0 {
                found = (row, index, top)
                if top + height > offset { break }
            }
            index += 1
            top += height
        }
        return found
    }

    /// The row with no mark at position `index` among them, with its top.
    /// - Precondition: `0 <= index < visibleCount`.
    /// - Complexity: O(log n + blockSize).
    func row(atVisibleIndex index: Int) -> (row: Int, top: Double) {
        precondition(index >= 0 && index < visibleCount, "visible index \(index) out of range 0..<\(visibleCount)")
        var node = 1
        var above: Int32 = 0
        var remaining = index
        var top = 0.0
        while node < leafCount {
            above += nodes[node].add
            let left = nodes[2 * node]
            let leftCount = left.minimum + above == 0 ? left.count : 0
            if remaining < leftCount {
                node = 2 * node
            } else {
                remaining -= leftCount
                if leftCount > 0 { top += left.height }
                node = 2 * node + 1
            }
        }
        above += nodes[node].add
        for row in rows(ofBlock: node - leafCount) where marks[row] + above == 0 {
            if remaining == 0 { return (row, top) }
            remaining -= 1
            top += heights[row]
        }
        preconditionFailure("the tree's counts disagree with its rows")
    }
}
