// ListRender — descents of the mark tree: row → position, offset → row, position → row

extension OutlineMarkTree {
    /// Where `row` stands among the rows with no mark.
    /// - Parameter row: `0...count`; `count` gives the totals.
    /// - Returns: the number of rows with no mark before `row` (its position when it has none), the
    ///   sum of their heights (its top), and whether `row` has no mark (true for `count`).
    /// - Complexity: O(log n + blockSize).
    func position(ofRow row: Int) -> (index: Int, top: Double, isVisible: Bool) {
        guard row < count else { return (visibleCount, visibleHeight, true) }
        let block = row / Self.blockSize
        var node = 1
        // Whether the rows at `node`'s minimum have no mark.
        var isVisible = nodes[1].minimum == 0
        var index = 0
        var top = 0.0
        var bit = leafCount >> 1
        while node < leafCount {
            let left = nodes[2 * node]
            let right = nodes[2 * node + 1]
            let fewest = min(left.minimum, right.minimum)
            if block & bit != 0 {
                if isVisible && left.minimum == fewest {
                    index += Int(left.count)
                    top += left.height
                }
                isVisible = isVisible && right.minimum == fewest
                node = 2 * node + 1
            } else {
                isVisible = isVisible && left.minimum == fewest
                node = 2 * node
            }
            bit >>= 1
        }
        guard isVisible else { return (index, top, false) }
        let unmarked = nodes[node].minimum - adds[node]
        for earlier in block * Self.blockSize..<row where rows[earlier].marks == unmarked {
            index += 1
            top += rows[earlier].height
        }
        return (index, top, rows[row].marks == unmarked)
    }

    /// The first row with no mark and a positive height that ends after `offset`, with its
    /// position among the rows with no mark and its top.
    /// - Returns: nil when there is none (`offset` at or past the visible height); for a
    ///   negative offset, the first row with no mark and a positive height.
    /// - Complexity: O(log n + blockSize).
    func locate(_ offset: Double) -> (row: Int, index: Int, top: Double)? {
        guard visibleHeight > 0 && offset < visibleHeight else { return nil }
        var node = 1
        var index = 0
        var top = 0.0
        // Only nodes whose rows with no mark have a positive height are entered, so a leaf
        // reached holds a row to return even where rounding puts `offset` past its last row's end.
        while node < leafCount {
            let left = nodes[2 * node]
            let right = nodes[2 * node + 1]
            let fewest = min(left.minimum, right.minimum)
            let leftHeight = left.minimum == fewest ? left.height : 0
            let rightHeight = right.minimum == fewest ? right.height : 0
            if leftHeight > 0 && (offset < top + leftHeight || rightHeight == 0) {
                node = 2 * node
            } else {
                if left.minimum == fewest {
                    index += Int(left.count)
                    top += left.height
                }
                node = 2 * node + 1
            }
        }
        let unmarked = nodes[node].minimum - adds[node]
        var found: (row: Int, index: Int, top: Double)?
        for row in range(ofBlock: node - leafCount) where rows[row].marks == unmarked {
            let height = rows[row].height
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
        var remaining = index
        var top = 0.0
        while node < leafCount {
            let left = nodes[2 * node]
            let right = nodes[2 * node + 1]
            let leftCount = left.minimum <= right.minimum ? Int(left.count) : 0
            if remaining < leftCount {
                node = 2 * node
            } else {
                remaining -= leftCount
                if leftCount > 0 { top += left.height }
                node = 2 * node + 1
            }
        }
        let unmarked = nodes[node].minimum - adds[node]
        for row in range(ofBlock: node - leafCount) where rows[row].marks == unmarked {
            if remaining == 0 { return (row, top) }
            remaining -= 1
            top += rows[row].height
        }
        preconditionFailure("the tree's counts disagree with its rows")
    }
}
