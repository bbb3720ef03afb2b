// ListRenderTests — an outline as nested nodes, flattened by recursion, and random outlines

import ListRender
import TestSupport

/// An outline as nested nodes, flattened by recursion on every question: the slow, obvious
/// answer that `OutlineLayout` must give.
struct NaiveOutline {
    /// A row and its children.
    struct Node {
        var row: Int
        var children: [Node]
    }

    let depths: [Int]
    var heights: [Double]
    var expanded: [Bool]
    /// The top-level rows, parsed once from the depths.
    let roots: [Node]

    init(depths: [Int], heights: [Double], expanded: [Bool]) {
        self.depths = depths
        self.heights = heights
        self.expanded = expanded
        var next = 0
        roots = Self.parse(depths, depth: 0, next: &next)
    }

    /// The nodes at `depth` from `next` on, each with the deeper rows after it as its subtree.
    private static func parse(_ depths: [Int], depth: Int, next: inout Int) -> [Node] {
        var nodes: [Node] = []
        while next < depths.count && depths[next] == depth {
            let row = next
            next += 1
            nodes.append(Node(row: row, children: parse(depths, depth: depth + 1, next: &next)))
        }
        return nodes
    }

    /// The visible rows in order: each node, then its children's when it is expanded.
    var visibleRows: [Int] {
        var result: [Int] = []
        func visit(_ nodes: [Node]) {
            for node in nodes {
                result.append(node.row)
                if expanded[node.row] { visit(node.children) }
            }
        }
        visit(roots)
        return result
    }

    /// Every row's parent (nil at the top level), first child and next sibling.
    var links: [(parent: Int?, firstChild: Int?, nextSibling: Int?)] {
        var result = [(parent: Int?, firstChild: Int?, nextSibling: Int?)](
            repeating: (nil, nil, nil), count: depths.count)
        func visit(_ nodes: [Node], parent: Int?) {
            for (position, node) in nodes.enumerated() {
                let sibling = position + 1 < nodes.count ? nodes[position + 1].row : nil
                result[node.row] = (parent, node.children.first?.row, sibling)
                visit(node.children, parent: node.row)
            }
        }
        visit(roots, parent: nil)
        return result
    }

    /// The visible rows with their positions and frames.
    var frames: [(row: Int, index: Int, frame: TableFrame)] {
        var top = 0.0
        return visibleRows.enumerated().map { index, row in
            defer { top += heights[row] }
            return (row, index, TableFrame(y: top, height: heights[row]))
        }
    }

    /// The visible row of positive height whose frame holds `offset`, by a linear scan of
    /// `frames` (this model's).
    func visibleRow(atOffset offset: Double, in frames: [(row: Int, index: Int, frame: TableFrame)]) -> (
        row: Int, top: Double
    )? {
        frames.first { $0.frame.height > 0 && $0.frame.y <= offset && offset < $0.frame.maxY }
            .map { ($0.row, $0.frame.y) }
    }

    /// The rows a window lists, by a linear scan of `frames` (this model's).
    func window(
        top: Double, height: Double, overscan: Double, in frames: [(row: Int, index: Int, frame: TableFrame)]
    ) -> [OutlineWindow.RowItem] {
        let range = TableFrame(y: top - overscan, height: height + 2 * overscan)
        return frames.filter { $0.frame.intersects(range) }.map {
            OutlineWindow.RowItem(row: $0.row, index: $0.index, depth: depths[$0.row], frame: $0.frame)
        }
    }
}

/// Random outlines from a ``SplitMix64``, so every random case is named by its seed.
struct OutlineRandom: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) { base = SplitMix64(seed: seed) }

    mutating func next() -> UInt64 { base.next() }

    /// The depths of `count` rows in preorder, no deeper than `maxDepth`. `descent` is the chance
    /// that a row goes one level deeper than the row before; otherwise it climbs to a random level
    /// at or above it.
    mutating func depths(count: Int, maxDepth: Int, descent: Double) -> [Int] {
        var depths: [Int] = []
        depths.reserveCapacity(count)
        var depth = 0
        for row in 0..<count {
            if row > 0 {
                if depth < maxDepth && Double.random(in: 0..<1, using: &self) < descent {
                    depth += 1
                } else {
                    depth = Int.random(in: 0...depth, using: &self)
                }
            }
            depths.append(depth)
        }
        return depths
    }

    /// A height in quarters (exact in binary, so sums compare exactly), 0 with probability
    /// `zeroChance`.
    mutating func height(zeroChance: Double = 0.05) -> Double {
        if Double.random(in: 0..<1, using: &self) < zeroChance { return 0 }
        return Double(Int.random(in: 1...320, using: &self)) / 4
    }
}
