// ListRender — the geometry of an outline: rows nested to any depth, each expanded or collapsed

/// The geometry of an outline, as iOS 14's expandable lists show one: rows nested to any depth,
/// each expanded or collapsed, a row visible when every ancestor is expanded, the visible rows
/// stacked from offset 0 in preorder.
///
/// Rows are numbered in preorder (a row, then its children's subtrees in order), so a row's
/// descendants are the `descendantCount(ofRow:)` rows that follow it. Each row keeps its depth,
/// parent, subtree size, height and expanded flag (an `OutlineRow`), under an `OutlineMarkTree`
/// that keeps how many collapsed ancestors hide each one. Collapsing a row adds a mark to its
/// descendants, expanding removes it: one range update whatever the subtree's size, so expanding
/// or collapsing, changing a row's height, and offset ↔ row in either direction each cost O(log n).
///
/// A layout is a value. Its storage is arrays: a mutation of a copy that still shares them copies
/// them first, in O(n). Inserting and removing rows rebuild the layout, in O(n) for now.
///
/// ```swift
/// //  0 Asia           1 China       2 Beijing     3 Shanghai     4 Europe
/// var outline = OutlineLayout(depths: [0, 1, 2, 2, 0], heights: [44, 44, 44, 44, 44])
/// outline.expand(0)                        // Asia shows China: 3 visible rows
/// outline.expand(1)                        // China shows its cities: 5
/// outline.setHeight(60, ofRow: 2)          // a measured height
/// let window = outline.window(top: 0, height: 800, overscan: 200)
/// outline.collapse(0)                      // back to 2 rows; China stays expanded inside
/// ```
public struct OutlineLayout: Sendable {
    /// The rows, and the marks of their collapsed ancestors summed over ranges.
    var tree: OutlineMarkTree

    /// Lays out an outline from its rows in preorder.
    /// - Parameters:
    ///   - depths: each row's depth; the first row's is 0, and each row's is at most one more
    ///     than the row before it (a row's children follow it, one level deeper).
    ///   - heights: each row's height.
    ///   - isExpanded: whether row `row` starts expanded; every row starts collapsed by default.
    /// - Precondition: `depths` and `heights` have the same length, fewer than 2^31 rows; the
    ///   depths as described, below 65,536; every height finite and non-negative.
    /// - Complexity: O(n).
    public init(depths: [Int], heights: [Double], isExpanded: (Int) -> Bool = { _ in false }) {
        precondition(depths.count == heights.count, "an outline needs one height per depth")
        precondition(depths.count < Int(Int32.max), "an outline holds fewer than 2^31 rows")
        let count = depths.count
        var rows: [OutlineRow] = []
        rows.reserveCapacity(count)
        // The rows whose subtrees are still open: the current row's ancestors, root first.
        var open: [Int32] = []
        for row in 0..<count {
            let depth = depths[row]
            precondition(
                depth >= 0 && depth <= open.count && depth <= Int(UInt16.max),
                "row \(row) at depth \(depth) cannot follow a row at depth \(open.count - 1)")
            precondition(heights[row].isFinite && heights[row] >= 0, "row \(row) has height \(heights[row])")
            while open.count > depth {
                let closed = Int(open.removeLast())
                rows[closed].subtreeSize = Int32(row - closed)
            }
            var marks: Int32 = 0
            if let parent = open.last {
                let above = rows[Int(parent)]
                marks = above.marks + (above.isExpanded ? 0 : 1)
            }
            rows.append(
                OutlineRow(
                    height: heights[row], marks: marks, subtreeSize: 1, parent: open.last ?? -1,
                    depth: UInt16(depth), isExpanded: isExpanded(row)))
            open.append(Int32(row))
        }
        for closed in open {
            rows[Int(closed)].subtreeSize = Int32(count - Int(closed))
        }
        tree = OutlineMarkTree(rows: rows)
    }

    /// Lays out an outline of `count` rows of one height from their depths in preorder.
    /// - Complexity: O(n).
    public init(depths: [Int], height: Double, isExpanded: (Int) -> Bool = { _ in false }) {
        self.init(depths: depths, heights: Array(repeating: height, count: depths.count), isExpanded: isExpanded)
    }

    /// The number of rows, visible or not.
    public var count: Int { tree.count }

    /// The number of visible rows.
    /// - Complexity: O(1).
    public var visibleCount: Int { tree.visibleCount }

    /// The height of the visible rows together: the content height.
    /// - Complexity: O(1).
    public var totalHeight: Double { tree.visibleHeight }

    /// Traps unless `row` is a row of the outline.
    func checkRow(_ row: Int, _ function: StaticString = #function) {
        precondition(row >= 0 && row < count, "\(function): row \(row) out of range 0..<\(count)")
    }
}

extension OutlineLayout {
    /// The depth of `row`: 0 for a top-level row (UIKit's indentation level).
    /// - Complexity: O(1).
    public func depth(ofRow row: Int) -> Int {
        checkRow(row)
        return Int(tree.rows[row].depth)
    }

    /// The parent of `row`.
    /// - Returns: nil for a top-level row.
    /// - Complexity: O(1).
    public func parent(ofRow row: Int) -> Int? {
        checkRow(row)
        let parent = tree.rows[row].parent
        return parent < 0 ? nil : Int(parent)
    }

    /// The first child of `row`.
    /// - Returns: nil when `row` has no children.
    /// - Complexity: O(1).
    public func firstChild(ofRow row: Int) -> Int? {
        checkRow(row)
        return tree.rows[row].subtreeSize > 1 ? row + 1 : nil
    }

    /// The sibling after `row` (the next row with the same parent).
    /// - Returns: nil when `row` is its parent's last child, or the last top-level row.
    /// - Complexity: O(1).
    public func nextSibling(ofRow row: Int) -> Int? {
        checkRow(row)
        let next = row + Int(tree.rows[row].subtreeSize)
        return next < count && tree.rows[next].parent == tree.rows[row].parent ? next : nil
    }

    /// The number of rows under `row` at any depth.
    /// - Complexity: O(1).
    public func descendantCount(ofRow row: Int) -> Int {
        checkRow(row)
        return Int(tree.rows[row].subtreeSize) - 1
    }

    /// The height of `row`, whether it is visible or not.
    /// - Complexity: O(1).
    public func height(ofRow row: Int) -> Double {
        checkRow(row)
        return tree.rows[row].height
    }

    /// Replaces the height of `row` (a measured height); a hidden row keeps it for when it shows.
    /// - Precondition: `height` is finite and non-negative.
    /// - Complexity: O(log n).
    public mutating func setHeight(_ height: Double, ofRow row: Int) {
        checkRow(row)
        precondition(height.isFinite && height >= 0, "row \(row) cannot have height \(height)")
        tree.setHeight(height, ofRow: row)
    }
}
