// ListRender — per-row counts of hiding marks, and the count and height of the rows with none

/// The rows of an outline in preorder, each with a height and a number of marks (one per
/// collapsed ancestor), under a segment tree that adds to the marks of a range of rows and
/// answers the count and height of the rows with no mark (the visible rows) before any row or
/// offset, each in O(log n).
///
/// Rows are grouped in blocks of `blockSize`, and the blocks are the tree's leaves. Every node
/// has an add (in `adds`) that applies to all rows of its range and is never pushed down, and a
/// summary: the fewest marks of a row in its range (counting its own add and those below it, not
/// its ancestors'), and the count and height of the rows with that fewest. A row's marks are its
/// `OutlineRow.marks` plus the adds on the path from its leaf to the root. This is the segment tree
/// that counts zeros under range additions, with heights summed alongside.
///
/// Marks are never negative, so the root's rows at its minimum are the visible rows when that
/// minimum is 0, and below a node whose rows at its minimum are visible, so are those of each
/// child whose minimum is the lower of the two: a descent needs the summaries only, 16 bytes a
/// node, both children of a node in one cache line.
///
/// Every query that sums heights adds them in one order (the left siblings met on the descent
/// from the root, then the rows of one block in order), so the offsets they report agree exactly.
struct OutlineMarkTree: Sendable {
    /// Rows per leaf: a leaf is recomputed, and a descent ends, by a scan of its rows. At
    /// 10,000,000 rows, 32 (768 bytes of rows, a tree of 21 MB) answered window queries faster
    /// than 16 or 64.
    static let blockSize = 32

    /// What a node knows of its range.
    struct Summary: Sendable, Equatable {
        /// The fewest marks of a row in the range, counting this node's add and those below.
        var minimum: Int32
        /// How many rows of the range have `minimum` marks.
        var count: Int32
        /// The sum of their heights.
        var height: Double
    }

    /// The summary of a range with no rows (the leaves past the last block).
    static let emptySummary = Summary(minimum: Int32.max / 2, count: 0, height: 0)

    /// The rows; the tree reads and writes their heights and marks only.
    private(set) var rows: [OutlineRow]
    /// The nodes as a binary heap: the root at 1, node `i`'s children at `2i` and `2i + 1`,
    /// block `b`'s leaf at `leafCount + b`; slot 0 is unused.
    private(set) var nodes: [Summary]
    /// The marks each node adds to all rows of its range, in the same slots as `nodes`.
    private(set) var adds: [Int32]
    /// The number of leaves, a power of two no smaller than the number of blocks.
    let leafCount: Int

    /// Creates the tree over `rows`, whose marks count their collapsed ancestors.
    /// - Precondition: marks are non-negative.
    /// - Complexity: O(n).
    init(rows: [OutlineRow]) {
        self.rows = rows
        let blocks = (rows.count + Self.blockSize - 1) / Self.blockSize
        var leaves = 1
        while leaves < blocks { leaves *= 2 }
        leafCount = leaves
        nodes = Array(repeating: Self.emptySummary, count: 2 * leaves)
        adds = Array(repeating: 0, count: 2 * leaves)
        for block in 0..<blocks {
            nodes[leaves + block] = summary(ofBlock: block, add: 0)
        }
        for node in stride(from: leaves - 1, to: 0, by: -1) {
            pull(node)
        }
    }

    /// The number of rows.
    var count: Int { rows.count }

    /// The number of rows with no mark.
    var visibleCount: Int { nodes[1].minimum == 0 ? Int(nodes[1].count) : 0 }

    /// The sum of the heights of the rows with no mark.
    var visibleHeight: Double { nodes[1].minimum == 0 ? nodes[1].height : 0 }

    /// The marks on `row`.
    /// - Complexity: O(log n).
    func markCount(ofRow row: Int) -> Int {
        var node = leafCount + row / Self.blockSize
        var sum = Int(rows[row].marks)
        while node >= 1 {
            sum += Int(adds[node])
            node >>= 1
        }
        return sum
    }

    /// The rows of block `block`.
    func range(ofBlock block: Int) -> Range<Int> {
        block * Self.blockSize..<min((block + 1) * Self.blockSize, count)
    }

    /// The summary of a leaf over `block` whose own add is `add`.
    /// - Complexity: O(blockSize).
    func summary(ofBlock block: Int, add: Int32) -> Summary {
        var minimum = Int32.max
        var count: Int32 = 0
        var height = 0.0
        for row in range(ofBlock: block) {
            let mark = rows[row].marks
            if mark < minimum {
                minimum = mark
                count = 1
                height = rows[row].height
            } else if mark == minimum {
                count += 1
                height += rows[row].height
            }
        }
        return Summary(minimum: add + minimum, count: count, height: height)
    }

    /// Recomputes branch `node` from its children.
    private mutating func pull(_ node: Int) {
        let left = nodes[2 * node]
        let right = nodes[2 * node + 1]
        let minimum = min(left.minimum, right.minimum)
        var count: Int32 = 0
        var height = 0.0
        if left.minimum == minimum {
            count = left.count
            height = left.height
        }
        if right.minimum == minimum {
            count += right.count
            height += right.height
        }
        nodes[node] = Summary(minimum: adds[node] + minimum, count: count, height: height)
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
        nodes[leaf] = summary(ofBlock: block, add: adds[leaf])
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
        let firstRows = self.range(ofBlock: firstBlock)
        if range.lowerBound > firstRows.lowerBound || range.upperBound < firstRows.upperBound {
            addToRows(delta, range.clamped(to: firstRows), block: firstBlock)
            whole = whole.dropFirst()
        }
        let lastRows = self.range(ofBlock: lastBlock)
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
                adds[low] += delta
                nodes[low].minimum += delta
                low += 1
            }
            if high & 1 == 1 {
                high -= 1
                adds[high] += delta
                nodes[high].minimum += delta
            }
            low >>= 1
            high >>= 1
        }
        pullAncestors(of: first)
        pullAncestors(of: last)
    }

    /// Adds `delta` to the marks of `range`, all in `block`.
    private mutating func addToRows(_ delta: Int32, _ range: Range<Int>, block: Int) {
        for row in range {
            rows[row].marks += delta
        }
        refresh(block: block)
    }

    /// Replaces the height of `row`.
    /// - Complexity: O(log n + blockSize).
    mutating func setHeight(_ height: Double, ofRow row: Int) {
        rows[row].height = height
        refresh(block: row / Self.blockSize)
    }

    /// Sets the expanded flag of `row`, which the tree itself does not read.
    /// - Complexity: O(1).
    mutating func setExpandedFlag(_ isExpanded: Bool, ofRow row: Int) {
        rows[row].isExpanded = isExpanded
    }

    /// Takes the rows out, leaving the tree empty (so a rebuild need not copy them).
    mutating func takeRows() -> [OutlineRow] {
        let taken = rows
        self = OutlineMarkTree(rows: [])
        return taken
    }
}
