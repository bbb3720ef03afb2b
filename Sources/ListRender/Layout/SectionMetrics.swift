// ListRender — how the rows of one section are sized, as handed to `TableLayout`

/// How the rows of one section are sized, as handed to `TableLayout`.
///
/// Estimated heights (`estimatedRowHeight`, `estimatedHeightForRowAt` in UIKit) are given the same
/// way: they are the heights rows start with until `TableLayout.resolveHeights(_:scrollOffset:)`
/// replaces them with measured ones.
public enum RowHeights: Sendable, Hashable {
    /// `count` rows of one height (`rowHeight`, or `estimatedRowHeight`); stored without a
    /// per-row array.
    case uniform(count: Int, height: Double)
    /// One height per row, in order (`heightForRowAt`, or `estimatedHeightForRowAt`).
    case individual([Double])

    /// The number of rows.
    public var count: Int {
        switch self {
        case .uniform(let count, _): count
        case .individual(let heights): heights.count
        }
    }
}

/// The sizes of one section: header, rows and footer heights, and whether its rows are shown.
public struct SectionMetrics: Sendable, Hashable {
    /// The header height; 0 means no header.
    public var headerHeight: Double
    /// The row heights.
    public var rowHeights: RowHeights
    /// The footer height; 0 means no footer.
    public var footerHeight: Double
    /// Whether the rows are shown; a collapsed section keeps its header and footer.
    public var isExpanded: Bool

    /// - Parameters:
    ///   - headerHeight: the header height, 0 for none.
    ///   - rowHeights: the row heights.
    ///   - footerHeight: the footer height, 0 for none.
    ///   - isExpanded: whether the rows are shown.
    public init(headerHeight: Double = 0, rowHeights: RowHeights, footerHeight: Double = 0, isExpanded: Bool = true) {
        self.headerHeight = headerHeight
        self.rowHeights = rowHeights
        self.footerHeight = footerHeight
        self.isExpanded = isExpanded
    }
}
