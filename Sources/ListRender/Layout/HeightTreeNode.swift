// ListRender — one node of a `HeightTree`

/// One node of a `HeightTree`: a leaf holding heights, or a branch holding children with their
/// element counts and height totals side by side, so that a descent touches one child per level.
///
/// Every node also keeps a `view` (see `HeightTreeNode.View`): one block of memory it owns with its
/// entries, their running sums and, in a branch, its children's running counts and unretained
/// references. Queries descend through views, finding each entry by binary search over one flat
/// array, without retaining a node or an array. An entry's offset is its node's offset plus the
/// running sum before it, at every level; every query computes offsets that way, so they agree
/// exactly.
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
    /// The query path's copy of this node, rebuilt by `refresh()`; its memory is freed with the node.
    @exclusivity(unchecked) private(set) var view: View
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
        view = View.none
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
        view = View.none
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
        view = View.none
        count = other.count
        total = other.total
        refresh()
    }

    deinit {
        view.deallocate()
    }

    /// Whether this node holds fewer entries than a non-root node may.
    var isUnderfull: Bool {
        isLeaf ? values.count < Self.leafMinimum : children.count < Self.branchMinimum
    }

    /// Whether this node holds more entries than any node may.
    var isOverfull: Bool {
        isLeaf ? values.count > Self.leafCapacity : children.count > Self.branchCapacity
    }

    /// Recomputes `count`, the view and `total` from the values or the child summaries; the view's
    /// block is rewritten in place while it has room for the entries (a new node's block is exact,
    /// a block that outgrows its room is replaced by one with some slack).
    ///
    /// Sums are added afresh rather than adjusted by differences, so repeated updates never
    /// accumulate rounding drift. Every mutation of a node ends by refreshing it.
    /// - Complexity: O(entries in this node).
    func refresh() {
        if isLeaf {
            count = values.count
            if view.fits(isLeaf: true, count: count) {
                view.fill(leaf: values)
            } else {
                let room = view.count == 0 ? count : View.room(for: count)
                view.deallocate()
                view = View(leaf: values, room: room)
            }
        } else {
            var number = 0
            for childCount in childCounts { number += childCount }
            count = number
            if view.fits(isLeaf: false, count: children.count) {
                view.fill(branch: children, counts: childCounts, totals: childTotals)
            } else {
                let room = view.count == 0 ? children.count : View.room(for: children.count)
                view.deallocate()
                view = View(branch: children, counts: childCounts, totals: childTotals, room: room)
            }
        }
        total = view.count == 0 ? 0 : view.ends[view.count - 1]
    }

    /// Where entry `index` starts, measured from the node's start: the running sum before it.
    func start(ofEntry index: Int) -> Double {
        view.start(ofEntry: index)
    }

    /// The first entry that ends after `offset`, where the node starts at `base` (see
    /// `View.entry(endingAfter:base:)`).
    func entry(endingAfter offset: Double, base: Double) -> Int {
        view.entry(endingAfter: offset, base: base)
    }

    /// Where entry `index` ends, measured from the node's start.
    func end(ofEntry index: Int) -> Double {
        view.ends[index]
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
