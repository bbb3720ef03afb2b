// ListRender — the visible rows of an outline to draw for one viewport

/// The visible rows of an outline whose frames meet a viewport grown by the overscan, in the
/// order they show, each with its depth (for the indentation) and its position among the visible
/// rows (for `aria-rowindex`). Rows of height 0 are never listed.
public struct OutlineWindow: Sendable, Hashable {
    /// A visible row, where it shows, and its frame.
    public struct RowItem: Sendable, Hashable {
        /// The row, numbered in preorder among all rows.
        public var row: Int
        /// Its position among the visible rows.
        public var index: Int
        /// Its depth: 0 for a top-level row.
        public var depth: Int
        /// Its frame.
        public var frame: TableFrame

        public init(row: Int, index: Int, depth: Int, frame: TableFrame) {
            self.row = row
            self.index = index
            self.depth = depth
            self.frame = frame
        }
    }

    /// The viewport's top edge, from the top of the content, as asked.
    public var top: Double
    /// The viewport height, as asked.
    public var height: Double
    /// The extra extent above and below the viewport that was included, as asked.
    public var overscan: Double
    /// The height of all visible rows.
    public var contentHeight: Double
    /// The number of visible rows.
    public var visibleCount: Int
    /// The rows in the window.
    public var rows: [RowItem]

    /// An empty window for the given query.
    public init(top: Double, height: Double, overscan: Double, contentHeight: Double, visibleCount: Int) {
        self.top = top
        self.height = height
        self.overscan = overscan
        self.contentHeight = contentHeight
        self.visibleCount = visibleCount
        rows = []
    }
}
