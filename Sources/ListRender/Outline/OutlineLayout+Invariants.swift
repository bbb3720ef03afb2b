// ListRender — checks an outline's structure and its mark tree

extension OutlineLayout {
    /// Checks that the per-row arrays agree in length; that depths, parents and subtree sizes
    /// describe one preorder; that every row's marks equal its collapsed ancestors; and the mark
    /// tree's own invariants. Traps on the first violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        precondition(parents.count == count && subtreeSizes.count == count, "per-row arrays' lengths")
        precondition(expanded.count == count && marks.count == count, "per-row arrays' lengths")
        marks._checkInvariants()
        let rowMarks = marks.effectiveMarks()
        for row in 0..<count {
            let parent = Int(parents[row])
            let size = Int(subtreeSizes[row])
            precondition(size >= 1 && row + size <= count, "row \(row): subtree size \(size)")
            if parent < 0 {
                precondition(depths[row] == 0, "row \(row): a top-level row at depth \(depths[row])")
                precondition(rowMarks[row] == 0, "row \(row): a top-level row with marks")
            } else {
                precondition(parent < row, "row \(row): parent \(parent) after it")
                precondition(depths[row] == depths[parent] + 1, "row \(row): depth is not its parent's plus one")
                precondition(row + size <= parent + Int(subtreeSizes[parent]), "row \(row): outside its parent")
                let expected = rowMarks[parent] + (expanded[parent] ? 0 : 1)
                precondition(rowMarks[row] == expected, "row \(row): \(rowMarks[row]) marks, expected \(expected)")
            }
            if row > 0 {
                precondition(depths[row] <= depths[row - 1] + 1, "row \(row): deeper than a child")
            }
            // The subtree holds exactly the rows that follow at a greater depth.
            let next = row + size
            precondition(next == count || depths[next] <= depths[row], "row \(row): subtree ends early")
        }
    }
}

extension OutlineMarkTree {
    /// Checks that every leaf and branch summary equals the one recomputed from the rows and the
    /// nodes' adds, that the leaves past the rows are empty, that no row's marks are negative,
    /// and that every height is finite and non-negative. Traps on the first violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        precondition(nodes.count == 2 * leafCount, "node count")
        precondition(leafCount == 1 || leafCount / 2 < (count + Self.blockSize - 1) / Self.blockSize, "leaf count")
        let blocks = (count + Self.blockSize - 1) / Self.blockSize
        for block in 0..<leafCount {
            let leaf = nodes[leafCount + block]
            let expected = block < blocks ? summary(ofBlock: block, add: leaf.add) : Self.emptySummary
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
                add: nodes[node].add, minimum: nodes[node].add + fewest, count: count, height: height)
            precondition(nodes[node] == expected, "branch \(node): \(nodes[node]), expected \(expected)")
        }
        for height in heights {
            precondition(height.isFinite && height >= 0, "height \(height) is not a finite non-negative number")
        }
        for mark in effectiveMarks() {
            precondition(mark >= 0, "a row with negative marks")
        }
    }

    /// Every row's marks: its entry plus the adds above it.
    /// - Complexity: O(n).
    func effectiveMarks() -> [Int] {
        var result = [Int](repeating: 0, count: count)
        var adds = [Int](repeating: 0, count: nodes.count)
        for node in 1..<nodes.count {
            adds[node] = Int(nodes[node].add) + (node > 1 ? adds[node >> 1] : 0)
        }
        for row in 0..<count {
            result[row] = Int(marks[row]) + adds[leafCount + row / Self.blockSize]
        }
        return result
    }
}
