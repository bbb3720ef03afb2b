// ListServer — ListRender

/// One node of a `HeightTree`: a leaf holding heights, or a branch holding children with their
/// element counts and height totals side by side, so that a descent scans two small arrays and
/// touches one child per level.
///
/// Nodes are shared between trees and mutated only when uniquely referenced (copy-on-write, see
/// `HeightTree`); that is what makes the unchecked `Sendable` conformance sound.
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
    var values: [Double]
    /// The children of a branch, in order; empty in a leaf.
    var children: [HeightTreeNode]
    /// `childCounts[i]` is `children[i].count`.
    var childCounts: [Int]
    /// `childTotals[i]` is `children[i].total`.
    var childTotals: [Double]
    /// The number of heights under this node.
    private(set) var count: Int
    /// The sum of the heights under this node.
    private(set) var total: Double

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
        isLeaf ? HeightTreeNode(leaf: values) : HeightTreeNode(shallowBranchOf: self)
    }

    private init(shallowBranchOf other: HeightTreeNode) {
        isLeaf = false
        values = []
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
            var sum = 0.0
            for value in values { sum += value }
            total = sum
        } else {
            var number = 0
            for childCount in childCounts { number += childCount }
            var sum = 0.0
            for childTotal in childTotals { sum += childTotal }
            count = number
            total = sum
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
