// ListRender — the row heights of one section as `TableLayout` stores them

/// The row heights of one section as `TableLayout` stores them: a count and one height while all
/// rows share it, a `HeightTree` once they differ.
enum SectionRows: Sendable {
    case uniform(count: Int, height: Double)
    case varying(HeightTree)

    /// Stores `heights`, without a per-row array when they are all equal.
    /// - Precondition: every height is finite and non-negative; counts are non-negative.
    /// - Complexity: O(rows).
    init(_ heights: RowHeights) {
        switch heights {
        case .uniform(let count, let height):
            precondition(count >= 0, "negative row count \(count)")
            precondition(height.isFinite && height >= 0, "row height \(height) is not a finite non-negative number")
            self = .uniform(count: count, height: height)
        case .individual(let values):
            guard let first = values.first else {
                self = .uniform(count: 0, height: 0)
                return
            }
            var allEqual = true
            for value in values {
                precondition(value.isFinite && value >= 0, "row height \(value) is not a finite non-negative number")
                allEqual = allEqual && value == first
            }
            self = allEqual ? .uniform(count: values.count, height: first) : .varying(HeightTree(values))
        }
    }

    /// What a window query reads of the rows, with no reference to retain: the count and height
    /// of equal rows, or the view of the tree's root.
    enum Shape {
        case uniform(count: Int, height: Double)
        case varying(HeightTreeNode.View)
    }

    /// The rows as a window query reads them (see `Shape`); valid while `self` is unchanged.
    var shape: Shape {
        switch self {
        case .uniform(let count, let height): .uniform(count: count, height: height)
        case .varying(let tree): .varying(tree.rootView)
        }
    }

    /// The number of rows.
    var count: Int {
        switch self {
        case .uniform(let count, _): count
        case .varying(let tree): tree.count
        }
    }

    /// The sum of the row heights.
    var total: Double {
        switch self {
        case .uniform(let count, let height): Double(count) * height
        case .varying(let tree): tree.total
        }
    }

    /// The heights as handed to `TableLayout`, all equal ones kept compact.
    /// - Complexity: O(1) when uniform, else O(rows).
    var heights: RowHeights {
        switch self {
        case .uniform(let count, let height): .uniform(count: count, height: height)
        case .varying(let tree): .individual(tree.elements)
        }
    }

    /// The height of row `row`.
    /// - Complexity: O(log rows).
    func height(at row: Int) -> Double {
        switch self {
        case .uniform(let count, let height):
            precondition(row >= 0 && row < count, "row \(row) out of range 0..<\(count)")
            return height
        case .varying(let tree):
            return tree[row]
        }
    }

    /// The offset of row `row` from the first row's top; `count` gives the total.
    /// - Complexity: O(log rows).
    func offset(ofRow row: Int) -> Double {
        switch self {
        case .uniform(let count, let height):
            precondition(row >= 0 && row <= count, "row \(row) out of range 0...\(count)")
            return Double(row) * height
        case .varying(let tree):
            return tree.prefixSum(upTo: row)
        }
    }

    /// The first row that ends after `offset` (measured from the first row's top) and its offset.
    /// - Returns: `(count, total)` when no row ends after `offset`.
    /// - Complexity: O(log rows).
    func locate(_ offset: Double) -> (row: Int, start: Double) {
        switch self {
        case .uniform(let count, let height):
            guard offset < Double(count) * height else { return (count, Double(count) * height) }
            guard offset >= 0 else { return (0, 0) }
            var row = min(Int(offset / height), count - 1)
            while row > 0 && Double(row) * height > offset { row -= 1 }
            while row < count - 1 && Double(row + 1) * height <= offset { row += 1 }
            return (row, Double(row) * height)
        case .varying(let tree):
            let (row, start) = tree.locate(offset)
            return (row, start)
        }
    }

    /// Calls `body(row, start, height)` for every row of non-zero height that ends after
    /// `offset`, in order, until `body` returns false.
    /// - Complexity: O(log rows + k) for k rows visited.
    func visit(from offset: Double, _ body: (Int, Double, Double) -> Bool) {
        switch self {
        case .uniform(let count, let height):
            guard height > 0 else { return }
            var row = locate(offset).row
            while row < count && body(row, Double(row) * height, height) {
                row += 1
            }
        case .varying(let tree):
            tree.visit(from: offset, body)
        }
    }
}

extension SectionRows {
    /// Replaces the height of row `row`; a uniform section turns into a tree the first time a
    /// row gets a different height.
    /// - Complexity: O(log rows), or O(rows) for that first change.
    mutating func set(_ height: Double, at row: Int) {
        switch self {
        case .uniform(let count, let shared):
            precondition(row >= 0 && row < count, "row \(row) out of range 0..<\(count)")
            guard height != shared else { return }
            var tree = HeightTree(repeating: shared, count: count)
            tree.set(height, at: row)
            self = .varying(tree)
        case .varying(var tree):
            self = .uniform(count: 0, height: 0)
            tree.set(height, at: row)
            self = .varying(tree)
        }
    }

    /// Inserts a row of `height` at `row`.
    /// - Complexity: O(log rows), or O(rows) the first time a uniform section gets a different
    ///   height.
    mutating func insert(_ height: Double, at row: Int) {
        switch self {
        case .uniform(let count, let shared):
            precondition(row >= 0 && row <= count, "row \(row) out of range 0...\(count)")
            if count == 0 || height == shared {
                self = .uniform(count: count + 1, height: height)
                return
            }
            var tree = HeightTree(repeating: shared, count: count)
            tree.insert(height, at: row)
            self = .varying(tree)
        case .varying(var tree):
            self = .uniform(count: 0, height: 0)
            tree.insert(height, at: row)
            self = .varying(tree)
        }
    }

    /// Removes row `row`.
    /// - Returns: its height.
    /// - Complexity: O(log rows).
    @discardableResult
    mutating func remove(at row: Int) -> Double {
        switch self {
        case .uniform(let count, let shared):
            precondition(row >= 0 && row < count, "row \(row) out of range 0..<\(count)")
            self = .uniform(count: count - 1, height: shared)
            return shared
        case .varying(var tree):
            self = .uniform(count: 0, height: 0)
            let removed = tree.remove(at: row)
            self = .varying(tree)
            return removed
        }
    }
}
