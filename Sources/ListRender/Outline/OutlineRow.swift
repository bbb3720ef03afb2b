// ListRender — what an outline keeps of one row

/// What an outline keeps of one row, side by side in one value so that a query, which reads a
/// few consecutive rows, reads one stream of memory rather than one per fact (24 bytes a row).
struct OutlineRow: Sendable, Equatable {
    /// The row's height.
    var height: Double
    /// The number of collapsed ancestors hiding the row, less the adds of the `OutlineMarkTree`
    /// nodes above its block (so it may be negative on its own).
    var marks: Int32
    /// The row and its descendants.
    var subtreeSize: Int32
    /// The row's parent, -1 for a top-level row.
    var parent: Int32
    /// The row's depth: 0 for a top-level row.
    var depth: UInt16
    /// Whether the row shows its children.
    var isExpanded: Bool
}
