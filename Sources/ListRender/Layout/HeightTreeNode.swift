// ListRender — one node of a `HeightTree`

/// One node of a `HeightTree`: a leaf holding heights, or a branch holding children with their
/// element counts and height totals side by side, so that a descent scans two small arrays and
/// touches one child per level.
///
/// Nodes are shared between trees and mutated only when uniquely referenced (copy-on-write, see
/// `HeightTree`); that is what makes the unchecked `Sendable` conformance sound. For the same
/// reason no two accesses to a node's storage ever overlap, so the stored properties skip the
/// dynamic exclusivity checks that would otherwise dominate a descent.
final class HeightTreeNode: @unchecked Sendable {
    /// The most heights a leaf holds; a leaf splits past it.
    static let leafCapacity = 128
    /// The most children a branch holds; a branch splits past it.
    static let branchCapacity = 32
    /// A non-root leaf below this many heights borrows from or merges with a sibling.
    static let leafMinimum = leafCapacity / 4
    /// A non-root branch below this many children borrows from or merges with a sibling.
    static let branchMinimum = branchCapacity / 4

    let isLeaf: Bool
    /// The heights of a leaf, in order; empty in a branch.
    @exclusivity(unchecked) var values: [Double]
    /// The children of a branch, in order; empty in a leaf.
    @exclusivity(unchecked) var children: [HeightTreeNode]
    /// `childCounts[i]` is `children[i].count`.
    @exclusivity(unchecked) var childCounts: [Int]
    /// `childTotals[i]` is `children[i].total`.
    @exclusivity(unchecked) var childTotals: [Double]
    /// The number of heights under this node.
    @exclusivity(unchecked) private(set) var count: Int
    /// The sum of the heights under this node.
    @exclusivity(unchecked) private(set) var total: Double

    /// Creates a leaf holding `values`.
    init(leaf values: [Double]) {
        isLeaf = true
        self.values = values
        children = []
        childCounts = []
        childTotals = []
        count = 0
        total = 0
        refresh()
    }

    /// Creates a branch over `children`.
    init(branch children: [HeightTreeNode]) {
        isLeaf = false
        values = []
        self.children = children
        childCounts = children.map(\.count)
        childTotals = children.map(\.total)
        count = 0
        total = 0
        refresh()
    }

    /// A shallow copy: the children are shared with `self`.
    func copy() -> HeightTreeNode {
        HeightTreeNode(copying: self)
    }

    private init(copying other: HeightTreeNode) {
        isLeaf = other.isLeaf
        values = other.values
        children = other.children
        childCounts = other.childCounts
        childTotals = other.childTotals
        count = other.count
        total = other.total
    }

    /// Whether this node holds fewer entries than a non-root node may.
    var isUnderfull: Bool {
        isLeaf ? values.count < Self.leafMinimum : children.count < Self.branchMinimum
    }

    /// Whether this node holds more entries than any node may.
    var isOverfull: Bool {
        isLeaf ? values.count > Self.leafCapacity : children.count > Self.branchCapacity
    }

    /// Recomputes `count` and `total` from the values or the child summaries.
    ///
    /// Totals are summed afresh rather than adjusted by differences, so repeated updates never
    /// accumulate rounding drift.
    /// - Complexity: O(entries in this node).
    func refresh() {
        if isLeaf {
            count = values.count
            total = Self.sum(values)
        } else {
            var number = 0
            for childCount in childCounts { number += childCount }
            count = number
            total = Self.sum(childTotals)
        }
    }

    /// The sum of `values`, added in four interleaved lanes so that the additions do not wait on
    /// each other. Exact whenever the values are, like every sum of heights in whole or
    /// fractional binary steps (44, 60, 0.5, 0.25).
    /// - Complexity: O(n).
    static func sum(_ values: [Double]) -> Double {
        values.withUnsafeBufferPointer { buffer in
            var lanes = (0.0, 0.0, 0.0, 0.0)
            var index = 0
            while index + 4 <= buffer.count {
                lanes.0 += buffer[index]
                lanes.1 += buffer[index + 1]
                lanes.2 += buffer[index + 2]
                lanes.3 += buffer[index + 3]
                index += 4
            }
            while index < buffer.count {
                lanes.0 += buffer[index]
                index += 1
            }
            return (lanes.0 + lanes.1) + (lanes.2 + lanes.3)
        }
    }

    /// Copies the child at `index` if another tree shares it, and returns it.
    func uniqueChild(at index: Int) -> HeightTreeNode {
        if !isKnownUniquelyReferenced(&children[index]) {
            children[index] = children[index].copy()
        }
        return children[index]
    }

    /// Refreshes the summary kept for the child at `index` after it changed.
    func childDidChange(at index: Int) {
        childCounts[index] = children[index].count
        childTotals[index] = children[index].total
    }
}
