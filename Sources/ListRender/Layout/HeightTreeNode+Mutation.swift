// ListRender — replaces the height at `index` under this node

extension HeightTreeNode {
    /// Replaces the height at `index` under this node, which the caller holds uniquely.
    /// - Returns: the height it replaced.
    /// - Complexity: O(log n) nodes, each refreshed in O(entries per node).
    func setValue(_ value: Double, at index: Int) -> Double {
        if isLeaf {
            let old = values[index]
            values[index] = value
            refresh()
            return old
        }
        let (slot, local) = childSlot(containing: index)
        let old = uniqueChild(at: slot).setValue(value, at: local)
        childDidChange(at: slot)
        refresh()
        return old
    }

    /// Inserts `value` so that it lands at `index` under this node, which the caller holds uniquely.
    /// - Returns: a new right sibling when this node had to split, else nil.
    /// - Complexity: O(log n) nodes, each touched in O(entries per node).
    func insert(_ value: Double, at index: Int) -> HeightTreeNode? {
        if isLeaf {
            values.insert(value, at: index)
        } else {
            var slot = 0
            var local = index
            while slot < children.count - 1 && local > childCounts[slot] {
                local -= childCounts[slot]
                slot += 1
            }
            let split = uniqueChild(at: slot).insert(value, at: local)
            childDidChange(at: slot)
            if let split {
                children.insert(split, at: slot + 1)
                childCounts.insert(split.count, at: slot + 1)
                childTotals.insert(split.total, at: slot + 1)
            }
        }
        guard isOverfull else {
            refresh()
            return nil
        }
        return splitOffRightHalf()
    }

    /// Removes the height at `index` under this node, which the caller holds uniquely; children
    /// left underfull borrow from or merge with a sibling.
    /// - Returns: the removed height.
    /// - Complexity: O(log n) nodes, each touched in O(entries per node).
    func remove(at index: Int) -> Double {
        if isLeaf {
            let old = values.remove(at: index)
            refresh()
            return old
        }
        let (slot, local) = childSlot(containing: index)
        let child = uniqueChild(at: slot)
        let old = child.remove(at: local)
        childDidChange(at: slot)
        if child.isUnderfull && children.count > 1 {
            rebalanceChild(at: slot)
        }
        refresh()
        return old
    }

    /// The child holding element `index` and the index inside it.
    func childSlot(containing index: Int) -> (slot: Int, local: Int) {
        var slot = 0
        var local = index
        while slot < children.count - 1 && local >= childCounts[slot] {
            local -= childCounts[slot]
            slot += 1
        }
        return (slot, local)
    }

    /// Moves the right half of the entries into a new node and returns it.
    private func splitOffRightHalf() -> HeightTreeNode {
        let right: HeightTreeNode
        if isLeaf {
            let half = values.count / 2
            right = HeightTreeNode(leaf: Array(values[half...]))
            values.removeSubrange(half...)
        } else {
            let half = children.count / 2
            right = HeightTreeNode(branch: Array(children[half...]))
            children.removeSubrange(half...)
            childCounts.removeSubrange(half...)
            childTotals.removeSubrange(half...)
        }
        refresh()
        return right
    }

    /// Mends the underfull child at `slot` with a neighbour: the two merge when their entries fit
    /// one node, else they share the entries evenly.
    private func rebalanceChild(at slot: Int) {
        let left = slot > 0 ? slot - 1 : slot
        let leftNode = uniqueChild(at: left)
        let rightNode = uniqueChild(at: left + 1)
        if leftNode.isLeaf {
            let merged = leftNode.values + rightNode.values
            if merged.count <= Self.leafCapacity {
                leftNode.values = merged
                removeChild(at: left + 1, mergedInto: left)
                return
            }
            let half = merged.count / 2
            leftNode.values = Array(merged[..<half])
            rightNode.values = Array(merged[half...])
        } else {
            let merged = leftNode.children + rightNode.children
            if merged.count <= Self.branchCapacity {
                leftNode.adopt(merged)
                removeChild(at: left + 1, mergedInto: left)
                return
            }
            let half = merged.count / 2
            leftNode.adopt(Array(merged[..<half]))
            rightNode.adopt(Array(merged[half...]))
        }
        leftNode.refresh()
        rightNode.refresh()
        childDidChange(at: left)
        childDidChange(at: left + 1)
    }

    /// Drops the child at `removed` whose entries went into the child at `survivor`.
    private func removeChild(at removed: Int, mergedInto survivor: Int) {
        children[survivor].refresh()
        children.remove(at: removed)
        childCounts.remove(at: removed)
        childTotals.remove(at: removed)
        childDidChange(at: survivor)
    }

    /// Replaces the children of a branch, with their summaries.
    private func adopt(_ newChildren: [HeightTreeNode]) {
        children = newChildren
        childCounts = newChildren.map(\.count)
        childTotals = newChildren.map(\.total)
    }
}
