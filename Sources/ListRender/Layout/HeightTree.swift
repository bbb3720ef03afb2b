// ListRender — an ordered list of non-negative heights that answers running sums both ways

/// An ordered list of non-negative heights that answers running sums both ways (index → offset,
/// offset → index) and takes point updates, insertions and removals, each in O(log n).
///
/// The heights live in the leaves of a B+-tree whose branches keep the element count and height
/// total of each child. It is a value type: copies share nodes, and a mutation copies only the
/// nodes on its path that another copy still shares.
///
/// An element's offset is the sum, over the levels from the root down, of the running sum before
/// its entry in each node (`HeightTreeNode.ends`); every query adds them in that same order, so
/// the offsets they report agree with each other exactly.
struct HeightTree: Sendable {
    private(set) var root: HeightTreeNode
    /// `root.view`, kept here so a query reaches the root's entries without touching the root
    /// object; refreshed at the end of every mutation.
    private(set) var rootView: HeightTreeNode.View

    /// Creates a tree holding `values` in order.
    /// - Complexity: O(n).
    init(_ values: [Double]) {
        guard values.count > HeightTreeNode.leafCapacity else {
            root = HeightTreeNode(leaf: values)
            rootView = root.view
            return
        }
        var level = Self.evenChunks(of: values.count, capacity: HeightTreeNode.leafCapacity).map {
            HeightTreeNode(leaf: Array(values[$0]))
        }
        while level.count > 1 {
            let below = level
            level = Self.evenChunks(of: below.count, capacity: HeightTreeNode.branchCapacity).map {
                HeightTreeNode(branch: Array(below[$0]))
            }
        }
        root = level[0]
        rootView = root.view
    }

    /// Creates a tree of `count` copies of `height`.
    /// - Complexity: O(n).
    init(repeating height: Double, count: Int) {
        self.init(Array(repeating: height, count: count))
    }

    /// The number of heights.
    var count: Int { rootView.elementCount }

    /// The sum of all heights.
    var total: Double { rootView.total }

    /// All heights in order.
    /// - Complexity: O(n).
    var elements: [Double] {
        var result: [Double] = []
        result.reserveCapacity(count)
        root.appendElements(to: &result)
        return result
    }

    /// The height at `index`.
    /// - Complexity: O(log n).
    subscript(index: Int) -> Double {
        precondition(index >= 0 && index < count, "HeightTree index \(index) out of range 0..<\(count)")
        var node = rootView
        var local = index
        while !node.isLeaf {
            let (slot, inner) = node.childSlot(containing: local)
            node = node.child(slot)
            local = inner
        }
        return node.entries[local]
    }

    /// The sum of the heights before `index` (the offset at which element `index` starts).
    /// - Parameter index: `0...count`; `count` gives `total`.
    /// - Complexity: O(log n).
    func prefixSum(upTo index: Int) -> Double {
        precondition(index >= 0 && index <= count, "HeightTree prefix \(index) out of range 0...\(count)")
        guard index < count else { return total }
        var node = rootView
        var local = index
        var sum = 0.0
        while !node.isLeaf {
            let (slot, inner) = node.childSlot(containing: local)
            sum += node.start(ofEntry: slot)
            local = inner
            node = node.child(slot)
        }
        return sum + node.start(ofEntry: local)
    }

    /// The first element that ends after `offset`, with the offset at which it starts.
    /// - Returns: `(count, total)` when no element ends after `offset`; element 0 for any
    ///   negative offset.
    /// - Complexity: O(log n): a binary search per level, no retain or release.
    func locate(_ offset: Double) -> (index: Int, start: Double) {
        guard offset < total else { return (count, total) }
        var node = rootView
        var index = 0
        var start = 0.0
        while !node.isLeaf {
            let slot = node.entry(endingAfter: offset, base: start)
            start += node.start(ofEntry: slot)
            index += node.elements(before: slot)
            node = node.child(slot)
        }
        let position = node.entry(endingAfter: offset, base: start)
        return (index + position, start + node.start(ofEntry: position))
    }

    /// Calls `body(index, start, height)` for every element of non-zero height that ends after
    /// `offset`, in order, until `body` returns false. Runs of zero heights are skipped whole.
    /// - Complexity: O(log n + k) for k elements visited.
    func visit(from offset: Double, _ body: (Int, Double, Double) -> Bool) {
        _ = root.visit(from: offset, base: 0, start: 0, body)
    }

    /// Splits `count` items into the fewest runs of at most `capacity`, their lengths differing
    /// by at most one (so each holds at least half the capacity when there are several).
    private static func evenChunks(of count: Int, capacity: Int) -> [Range<Int>] {
        let parts = (count + capacity - 1) / capacity
        let base = count / parts
        let longer = count % parts
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(parts)
        var start = 0
        for part in 0..<parts {
            let length = base + (part < longer ? 1 : 0)
            ranges.append(start..<start + length)
            start += length
        }
        return ranges
    }
}

extension HeightTree {
    /// Replaces the height at `index`.
    /// - Returns: the height it replaced.
    /// - Complexity: O(log n).
    @discardableResult
    mutating func set(_ height: Double, at index: Int) -> Double {
        precondition(index >= 0 && index < count, "HeightTree index \(index) out of range 0..<\(count)")
        makeRootUnique()
        defer { rootView = root.view }
        return root.setValue(height, at: index)
    }

    /// Inserts `height` at `index`, shifting later elements up by one.
    /// - Complexity: O(log n).
    mutating func insert(_ height: Double, at index: Int) {
        precondition(index >= 0 && index <= count, "HeightTree insertion \(index) out of range 0...\(count)")
        makeRootUnique()
        if let split = root.insert(height, at: index) {
            root = HeightTreeNode(branch: [root, split])
        }
        rootView = root.view
    }

    /// Removes the element at `index`.
    /// - Returns: its height.
    /// - Complexity: O(log n).
    @discardableResult
    mutating func remove(at index: Int) -> Double {
        precondition(index >= 0 && index < count, "HeightTree index \(index) out of range 0..<\(count)")
        makeRootUnique()
        let removed = root.remove(at: index)
        if !root.isLeaf && root.children.count == 1 {
            root = root.children[0]
        }
        rootView = root.view
        return removed
    }

    private mutating func makeRootUnique() {
        if !isKnownUniquelyReferenced(&root) {
            root = root.copy()
            rootView = root.view
        }
    }
}

extension HeightTreeNode {
    /// The recursive step of `HeightTree.visit(from:_:)`.
    /// - Returns: false when `body` asked to stop.
    func visit(from offset: Double, base: Int, start: Double, _ body: (Int, Double, Double) -> Bool) -> Bool {
        if isLeaf {
            for position in values.indices {
                let height = values[position]
                if height > 0 && start + end(ofEntry: position) > offset
                    && !body(base + position, start + self.start(ofEntry: position), height)
                {
                    return false
                }
            }
            return true
        }
        var index = base
        for slot in children.indices {
            if childTotals[slot] > 0 && start + end(ofEntry: slot) > offset
                && !children[slot].visit(from: offset, base: index, start: start + self.start(ofEntry: slot), body)
            {
                return false
            }
            index += childCounts[slot]
        }
        return true
    }

    /// Appends the heights under this node, in order.
    func appendElements(to result: inout [Double]) {
        if isLeaf {
            result.append(contentsOf: values)
        } else {
            for child in children {
                child.appendElements(to: &result)
            }
        }
    }
}
