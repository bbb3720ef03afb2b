// ListRender — a position in a `HeightTree` that walks its elements in order without recursion

extension HeightTree {
    /// A position in a `HeightTree` that walks its elements in order, one leaf at a time, with no
    /// closures and no recursion: what a window query uses instead of `visit(from:_:)`.
    ///
    /// A cursor holds the leaf it is in, the offset at which that leaf starts and the running sums of
    /// its heights; an element starts at the leaf's offset plus the running sum before it. On
    /// entering the next leaf it descends again from the root. That is how `visit`, `locate` and
    /// `prefixSum` compute offsets, so every offset it reports is bit for bit the one they report.
    ///
    /// A cursor holds no reference: it reads the views of the tree's nodes, so it is valid while
    /// the tree it was made from is alive and unchanged (a window query borrows its layout). It keeps
    /// where the current leaf's heights and running sums lie and how many it has, read once on
    /// entering the leaf, so that stepping through it reads no node header.
    struct Cursor {
        private let root: HeightTreeNode.View
        private let elementCount: Int
        private let total: Double
        /// The current leaf's heights and running sums, and their number (0 past the end).
        private var heights: UnsafeMutablePointer<Double>?
        private var ends: UnsafeMutablePointer<Double>?
        private var leafCount: Int
        /// The offset at which the current leaf starts.
        private var base: Double
        private var local: Int
        /// The index of the element the cursor is at; `count` past the end.
        private(set) var index: Int
        /// The offset at which the element the cursor is at starts.
        private(set) var start: Double

        /// A cursor at the first element that ends after `offset` (element 0 for a negative
        /// offset), or past the end when none does.
        /// - Complexity: O(log n).
        init(_ tree: borrowing HeightTree, at offset: Double) {
            self.init(tree.rootView, at: offset)
        }

        /// A cursor over the tree whose root has `view` (see `init(_:at:)`).
        init(_ view: HeightTreeNode.View, at offset: Double) {
            root = view
            elementCount = view.elementCount
            total = view.total
            heights = nil
            ends = nil
            leafCount = 0
            base = 0
            local = 0
            index = elementCount
            start = total
            guard offset < total else { return }
            var node = root
            var first = 0
            var sum = 0.0
            while !node.isLeaf {
                let slot = node.entry(endingAfter: offset, base: sum)
                sum += node.start(ofEntry: slot)
                first += node.elements(before: slot)
                node = node.child(slot)
            }
            enter(node)
            base = sum
            local = node.entry(endingAfter: offset, base: sum)
            index = first + local
            start = sum + node.start(ofEntry: local)
        }

        /// Whether the cursor is past the last element.
        var isAtEnd: Bool { local >= leafCount }

        /// The height of the element the cursor is at.
        /// - Precondition: the cursor is not at the end.
        var height: Double { heights.unsafelyUnwrapped[local] }

        /// Where the element the cursor is at ends: its leaf's offset plus its running sum.
        /// - Precondition: the cursor is not at the end.
        var end: Double { base + ends.unsafelyUnwrapped[local] }

        /// Makes `leaf` the current leaf (the root of an empty tree has no entries, nor memory).
        private mutating func enter(_ leaf: HeightTreeNode.View) {
            leafCount = leaf.count
            guard leafCount > 0 else { return }
            heights = leaf.entries
            ends = leaf.ends
        }

        /// Moves to the next element.
        /// - Complexity: O(1), or O(log n) on entering another leaf.
        mutating func advance() {
            index += 1
            local += 1
            if local < leafCount {
                start = base + ends.unsafelyUnwrapped[local - 1]
                return
            }
            guard index < elementCount else {
                start = total
                return
            }
            enterLeaf(containing: index)
        }

        /// Descends from the root to the leaf holding element `target`, which starts that leaf.
        private mutating func enterLeaf(containing target: Int) {
            var node = root
            var remaining = target
            var sum = 0.0
            while !node.isLeaf {
                let (slot, inner) = node.childSlot(containing: remaining)
                sum += node.start(ofEntry: slot)
                remaining = inner
                node = node.child(slot)
            }
            precondition(remaining == 0, "a cursor enters a leaf at its first element")
            enter(node)
            base = sum
            local = 0
            start = sum
        }
    }
}
