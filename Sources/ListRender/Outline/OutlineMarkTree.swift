// ListRender — per-row counts of hiding marks, and the count and height of the rows with none

/// The rows of an outline in preorder, each with a height and a number of marks (one per
/// collapsed ancestor), under a segment tree that adds to the marks of a range of rows and
/// answers the count and height of the rows with no mark (the visible rows) before any row or
/// offset, each in O(log n).
///
/// Rows are grouped in blocks of `blockSize`, and the blocks are the tree's leaves. Every node
/// keeps an `add` that applies to all rows of its range and is never pushed down, the fewest marks
/// of a row in its range (counting its own `add` and those below it, not its ancestors'), and the
/// count and height of the rows with that fewest. A row's marks are its entry in `marks` plus the
/// adds on the path from its leaf to the root; marks are never negative, so a range's visible rows
/// are its rows at the minimum when that minimum, plus the adds above the range, is zero. This is
/// the segment tree that counts zeros under range additions, with heights summed alongside.
///
/// Every query that sums heights adds them in one order (the left siblings met on the descent
/// from the root, then the rows of one block in order), so the offsets they report agree exactly.
struct OutlineMarkTree: Sendable {
    /// Rows per leaf: a leaf is recomputed by a scan of its rows.
    static let blockSize = 64

    /// What a node knows of its range.
    struct Summary: Sendable, Equatable {
        /// Marks added to every row of the range and to no node or row below.
        var add: Int32
        /// The fewest marks of a row in the range, counting this node's `add` and those below.
        var minimum: Int32
        /// How many rows of the range have `minimum` marks.
        var count: Int
        /// The sum of their heights.
        var height: Double
    }

    /// The summary of a range with no rows (the leaves past the last block).
    static let emptySummary = Summary(add: 0, minimum: Int32.max / 2, count: 0, height: 0)

    /// Each row's marks, less the adds of the nodes above it.
    private(set) var marks: [Int32]
    /// Each row's height.
    private(set) var heights: [Double]
    /// The nodes as a binary heap: the root at 1, node `i`'s children at `2i` and `2i + 1`,
    /// block `b`'s leaf at `leafCount + b`; slot 0 is unused.
    private(set) var nodes: [Summary]
    /// The number of leaves, a power of two no smaller than the number of blocks.
    let leafCount: Int

    /// Creates the tree over rows with these marks and heights.
    /// - Precondition: `marks` and `heights` have the same length; marks are non-negative.
    /// - Complexity: O(n).
    init(marks: [Int32], heights: [Double]) {
        precondition(marks.count == heights.count, "one mark count per height")
        self.marks = marks
        self.heights = heights
        let blocks = (marks.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < blocks { leaves *= 2 }
        leafCount = leaves
        nodes = Array(repeating: Self.emptySummary, count: 2 * leaves)
        for block in 0..<blocks {
            nodes[leaves + block] = summary(ofBlock: block, add: 0)
        }
        for node in stride(from: leaves - 1, to: 0, by: -1) {
            pull(node)
        }
    }

    /// The number of rows.
    var count: Int { marks.count }

    /// The number of rows with no mark.
    var visibleCount: Int { nodes[1].minimum == 0 ? nodes[1].count : 0 }

    /// The sum of the heights of the rows with no mark.
    var visibleHeight: Double { nodes[1].minimum == 0 ? nodes[1].height : 0 }

    /// The marks on `row`.
    /// - Complexity: O(log n).
    func markCount(ofRow row: Int) -> Int {
        var node = leafCount + row / Self.blockSize
        var sum = Int(marks[row])
        while node >= 1 {
            sum += Int(nodes[node].add)
            node >>= 1
        }
        return sum
    }

    /// The rows of block `block`.
    func rows(ofBlock block: Int) -> Range<Int> {
        block * Self.blockSize..<min((block + 1) * Self.blockSize, count)
    }

    /// The summary of a leaf over `block` whose own add is `add`.
    /// - Complexity: O(blockSize).
    func summary(ofBlock block: Int, add: Int32) -> Summary {
        var minimum = Int32.max
        var count = 0
        var height = 0.0
        for row in rows(ofBlock: block) {
            let mark = marks[row]
            if mark < minimum {
                minimum = mark
                count = 1
                height = heights[row]
            } else if mark == minimum {
                count += 1
                height += heights[row]
            }
        }
        return Summary(add: add, minimum: add + minimum, count: count, height: height)
    }

    /// Recomputes branch `node` from its children.
    private mutating func pull(_ node: Int) {
        let left = nodes[2 * node]
        let right = nodes[2 * node + 1]
        let minimum = min(left.minimum, right.minimum)
        var count = 0
        var height = 0.0
        if left.minimum == minimum {
            count = left.count
            height = left.height
        }
        if right.minimum == minimum {
            count += right.count
            height += right.height
        }
        nodes[node].minimum = nodes[node].add + minimum
        nodes[node].count = count
        nodes[node].height = height
    }

    /// Recomputes every branch above `node`.
    private mutating func pullAncestors(of node: Int) {
        var branch = node >> 1
        while branch >= 1 {
            pull(branch)
            branch >>= 1
        }
    }

    /// Recomputes the leaf of `block` from its rows, and the branches above it.
    private mutating func refresh(block: Int) {
        let leaf = leafCount + block
        nodes[leaf] = summary(ofBlock: block, add: nodes[leaf].add)
        pullAncestors(of: leaf)
    }
}

extension OutlineMarkTree {
    /// Adds `delta` to the marks of every row in `range`.
    /// - Precondition: no row's marks become negative.
    /// - Complexity: O(log n + blockSize): the rows of at most two blocks one by one, whole
    ///   blocks through at most two nodes per level.
    mutating func addMarks(_ delta: Int32, to range: Range<Int>) {
        guard !range.isEmpty else { return }
        let firstBlock = range.lowerBound / Self.blockSize
        let lastBlock = (range.upperBound - 1) / Self.blockSize
        var whole = firstBlock..<lastBlock + 1
        let firstRows = rows(ofBlock: firstBlock)
        if range.lowerBound > firstRows.lowerBound || range.upperBound < firstRows.upperBound {
            addToRows(delta, range.clamped(to: firstRows), block: firstBlock)
            whole = whole.dropFirst()
        }
        let lastRows = rows(ofBlock: lastBlock)
        if !whole.isEmpty && range.upperBound < lastRows.upperBound {
            addToRows(delta, lastRows.lowerBound..<range.upperBound, block: lastBlock)
            whole = whole.dropLast()
        }
        guard !whole.isEmpty else { return }
        var low = leafCount + whole.lowerBound
        var high = leafCount + whole.upperBound
        let first = low
        let last = high - 1
        while low < high {
            if low & 1 == 1 {
                nodes[low].add += delta
                nodes[low].minimum += delta
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                nodes[high].add += delta
                nodes[high].minimum += delta
            }
            low >>= 1
            high >>= 1
        }
        pullAncestors(of: first)
        pullAncestors(of: last)
    }

    /// Adds `delta` to the marks of `rows`, all in `block`.
    private mutating func addToRows(_ delta: Int32, _ rows: Range<Int>, block: Int) {
        for row in rows {
            marks[row] += delta
        }
        refresh(block: block)
    }

    /// Replaces the height of `row`.
    /// - Complexity: O(log n + blockSize).
    mutating func setHeight(_ height: Double, ofRow row: Int) {
        heights[row] = height
        refresh(block: row / Self.blockSize)
    }

    /// Takes the heights out, leaving the tree empty (so a rebuild need not copy them).
    mutating func takeHeights() -> [Double] {
        let taken = heights
        self = OutlineMarkTree(marks: [], heights: [])
        return taken
    }
}
