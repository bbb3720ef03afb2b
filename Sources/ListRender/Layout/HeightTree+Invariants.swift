// ListRender — checks the structure

extension HeightTree {
    /// Checks the structure: every leaf at the same depth, no node over capacity, no non-root node
    /// under its minimum, branch summaries equal to their children, heights finite and
    /// non-negative. Traps on the first violation.
    /// - Complexity: O(n).
    func _checkInvariants() {
        if !root.isLeaf {
            precondition(root.children.count >= 2, "a branch root must have at least two children")
        }
        _ = root._checkInvariants(isRoot: true)
    }
}

extension HeightTreeNode {
    /// Checks this subtree and returns its depth.
    func _checkInvariants(isRoot: Bool) -> Int {
        precondition(!isOverfull, "node over capacity")
        precondition(isRoot || !isUnderfull, "non-root node under its minimum")
        if isLeaf {
            precondition(children.isEmpty && childCounts.isEmpty && childTotals.isEmpty, "leaf with children")
            for value in values {
                precondition(value.isFinite && value >= 0, "height \(value) is not a finite non-negative number")
            }
            precondition(count == values.count, "leaf count out of date")
            precondition(view.elementCount == values.count, "view element count out of date")
            checkView(entries: values)
            return 0
        }
        precondition(values.isEmpty, "branch with values")
        precondition(!children.isEmpty, "empty branch")
        precondition(childCounts.count == children.count && childTotals.count == children.count, "summary length")
        var depth: Int?
        var expectedCount = 0
        for (slot, child) in children.enumerated() {
            let childDepth = child._checkInvariants(isRoot: false)
            precondition(depth == nil || depth == childDepth, "leaves at different depths")
            depth = childDepth
            precondition(childCounts[slot] == child.count, "child count summary out of date")
            precondition(childTotals[slot] == child.total, "child total summary out of date")
            expectedCount += child.count
        }
        precondition(count == expectedCount, "branch count out of date")
        precondition(view.elementCount == expectedCount, "view element count out of date")
        checkView(entries: childTotals)
        var number = 0
        for slot in children.indices {
            number += childCounts[slot]
            precondition(view.countEnds[slot] == number, "running counts out of date")
            precondition(view.children[slot].takeUnretainedValue() === children[slot], "view's child out of date")
        }
        return (depth ?? 0) + 1
    }
}

extension HeightTreeNode {
    /// Checks that the view holds `entries` and their running sums, and that `total` is the last.
    private func checkView(entries: [Double]) {
        precondition(view.isLeaf == isLeaf && view.count == entries.count, "view shape out of date")
        var sum = 0.0
        for (index, entry) in entries.enumerated() {
            sum += entry
            precondition(view.entries[index] == entry, "view entry out of date")
            precondition(view.ends[index] == sum, "running sum out of date")
            if index % 8 == 7 { precondition(view.summary[index / 8] == sum, "summary out of date") }
        }
        precondition(total == sum, "total out of date")
        precondition(view.total == sum, "view total out of date")
    }
}
