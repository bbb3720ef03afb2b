// ListRender — checks an outline's structure and its mark tree

extension OutlineLayout {
    /// Checks that depths, parents and subtree sizes describe one preorder; that every row's
    /// marks equal its collapsed ancestors; and the mark tree's own invariants. Traps on the first
    /// violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        tree._checkInvariants()
        let rows = tree.rows
        let rowMarks = tree.effectiveMarks()
        for row in rows.indices {
            let current = rows[row]
            let parent = Int(current.parent)
            let size = Int(current.subtreeSize)
            precondition(size >= 1 && row + size <= count, "row \(row): subtree size \(size)")
            if parent < 0 {
                precondition(current.depth == 0, "row \(row): a top-level row at depth \(current.depth)")
                precondition(rowMarks[row] == 0, "row \(row): a top-level row with marks")
            } else {
                precondition(parent < row, "row \(row): parent \(parent) after it")
                precondition(current.depth == rows[parent].depth + 1, "row \(row): depth is not its parent's plus one")
                precondition(row + size <= parent + Int(rows[parent].subtreeSize), "row \(row): outside its parent")
                let expected = rowMarks[parent] + (rows[parent].isExpanded ? 0 : 1)
                precondition(rowMarks[row] == expected, "row \(row): \(rowMarks[row]) marks, expected \(expected)")
            }
            if row > 0 {
                precondition(current.depth <= rows[row - 1].depth + 1, "row \(row): deeper than a child")
            }
            // The subtree holds exactly the rows that follow at a greater depth.
            let next = row + size
            precondition(next == count || rows[next].depth <= current.depth, "row \(row): subtree ends early")
        }
    }
}

extension OutlineMarkTree {
    /// Checks that every leaf and branch summary equals the one recomputed from the rows and the
    /// nodes' adds, that the leaves past the rows are empty, that no row's marks are negative,
    /// and that every height is finite and non-negative. Traps on the first violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        precondition(nodes.count == 2 * leafCount && adds.count == 2 * leafCount, "node count")
        precondition(leafCount == 1 || leafCount / 2 < (count + Self.blockSize - 1) / Self.blockSize, "leaf count")
        let blocks = (count + Self.blockSize - 1) / Self.blockSize
        for block in 0..<leafCount {
            let leaf = nodes[leafCount + block]
            let expected = block < blocks ? summary(ofBlock: block, add: adds[leafCount + block]) : Self.emptySummary
            precondition(leaf == expected, "leaf \(block): \(leaf), expected \(expected)")
        }
        for node in stride(from: leafCount - 1, to: 0, by: -1) {
            let left = nodes[2 * node]
            let right = nodes[2 * node + 1]
            let fewest = min(left.minimum, right.minimum)
            let count = (left.minimum == fewest ? left.count : 0) + (right.minimum == fewest ? right.count : 0)
            var height = left.minimum == fewest ? left.height : 0
            if right.minimum == fewest { height += right.height }
            let expected = Summary(
                minimum: adds[node] + fewest, count: count, height: height)
            precondition(nodes[node] == expected, "branch \(node): \(nodes[node]), expected \(expected)")
        }
        for row in rows {
            precondition(row.height.isFinite && row.height >= 0, "height \(row.height) is not finite and non-negative")
        }
        for mark in effectiveMarks() {
            precondition(mark >= 0, "a row with negative marks")
        }
    }

    /// Every row's marks: its entry plus the adds above it.
    /// - Complexity: O(n).
    func effectiveMarks() -> [Int] {
        var result = [Int](repeating: 0, count: count)
        // The adds of each node and its ancestors together.
        var above = [Int](repeating: 0, count: nodes.count)
        for node in 1..<nodes.count {
            above[node] = Int(adds[node]) + (node > 1 ? above[node >> 1] : 0)
        }
        for row in 0..<count {
            result[row] = Int(rows[row].marks) + above[leafCount + row / Self.blockSize]
        }
        return result
    }
}
