// ListRender — the geometry of a table
import Models

/// The geometry of a table, as `UITableView` lays it out: the table header, then each section's
/// header, rows (when expanded) and footer, then the table footer, stacked from offset 0.
///
/// Each section keeps its rows' heights (a count and one height while they are equal, a
/// `HeightTree` once they differ), and one `HeightTree` over the sections' total heights answers
/// offset ↔ section; so offset → index path, index path → offset, toggling a section and changing
/// a row height each cost O(log n). A layout is a value: copies share their per-section storage
/// copy-on-write, and `withExpandedSections(_:)` derives a layout for another set of expanded
/// sections by rebuilding only the section level.
///
/// Index paths count every row of a section, collapsed or not; a collapsed section's rows simply
/// have no frame. Heights are finite and non-negative.
///
/// ```swift
/// var layout = TableLayout(style: .plain, sections: [
///     SectionMetrics(headerHeight: 28, rowHeights: .uniform(count: 1_000, height: 44)),
///     SectionMetrics(headerHeight: 28, rowHeights: .individual([60, 80, 44]), isExpanded: false),
/// ])
/// let window = layout.window(top: 440, height: 900, overscan: 200)   // headers, rows, pinned header
/// layout.setExpanded(true, section: 1)                               // O(log n), no relayout
/// layout.setRowHeight(120, at: IndexPath(row: 2, section: 1))         // a measured height
/// let offset = layout.scrollOffset(
///     toRowAt: IndexPath(row: 0, section: 1), at: .top, viewportHeight: 900, currentOffset: 440)
/// ```
public struct TableLayout: Sendable {
    /// The table style; plain pins headers and footers, grouped does not.
    public let style: TableStyle
    /// The table header's height; 0 means none.
    public var tableHeaderHeight: Double {
        didSet { precondition(tableHeaderHeight.isFinite && tableHeaderHeight >= 0, "bad table header height") }
    }
    /// The table footer's height; 0 means none.
    public var tableFooterHeight: Double {
        didSet { precondition(tableFooterHeight.isFinite && tableFooterHeight >= 0, "bad table footer height") }
    }

    var headerHeights: [Double]
    var footerHeights: [Double]
    var sectionRows: [SectionRows]
    /// `rowTotals[s]` is `sectionRows[s].total`, kept so the section level rebuilds without
    /// touching the row storage.
    var rowTotals: [Double]
    var expanded: [Bool]
    /// The total height of each section: header, rows when expanded, footer.
    var sectionHeights: HeightTree

    /// Lays out a table.
    /// - Parameters:
    ///   - style: plain or grouped.
    ///   - tableHeaderHeight: the table header's height, 0 for none.
    ///   - tableFooterHeight: the table footer's height, 0 for none.
    ///   - sections: each section's header, row and footer heights and whether it is expanded.
    /// - Precondition: every height is finite and non-negative (heights from clients are checked
    ///   before they get here).
    /// - Complexity: O(sections) plus O(rows) over the sections whose rows differ in height.
    public init(
        style: TableStyle, tableHeaderHeight: Double = 0, tableFooterHeight: Double = 0, sections: [SectionMetrics]
    ) {
        precondition(tableHeaderHeight.isFinite && tableHeaderHeight >= 0, "bad table header height")
        precondition(tableFooterHeight.isFinite && tableFooterHeight >= 0, "bad table footer height")
        for section in sections {
            precondition(section.headerHeight.isFinite && section.headerHeight >= 0, "bad header height")
            precondition(section.footerHeight.isFinite && section.footerHeight >= 0, "bad footer height")
        }
        self.style = style
        self.tableHeaderHeight = tableHeaderHeight
        self.tableFooterHeight = tableFooterHeight
        headerHeights = sections.map(\.headerHeight)
        footerHeights = sections.map(\.footerHeight)
        sectionRows = sections.map { SectionRows($0.rowHeights) }
        rowTotals = sectionRows.map(\.total)
        expanded = sections.map(\.isExpanded)
        sectionHeights = HeightTree([])
        rebuildSectionHeights()
        checkAfterMutation()
    }

    /// The number of sections.
    /// - Complexity: O(1).
    public var numberOfSections: Int { headerHeights.count }

    /// The number of rows in `section`, shown or not.
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        checkSection(section)
        return sectionRows[section].count
    }

    /// Whether `section` shows its rows.
    /// - Complexity: O(1).
    public func isExpanded(section: Int) -> Bool {
        checkSection(section)
        return expanded[section]
    }

    /// The expanded flag of every section, in order.
    /// - Complexity: O(1).
    public var expandedSections: [Bool] { expanded }

    /// About the bytes of memory the layout holds: its sections' heights, and with `countingRows`, its
    /// rows' heights too (a layout derived from another by expanding or collapsing sections shares
    /// their storage; one made for another width holds its own).
    /// - Complexity: O(sections).
    public func storageBytes(countingRows: Bool) -> Int {
        // Per section: header, footer, row total, flag, the rows' enum, and its leaf in the section tree.
        var bytes = numberOfSections * 56
        guard countingRows else { return bytes }
        for rows in sectionRows {
            // A tree's leaves hold 128 heights of 8 bytes and carry about 128 bytes of their own.
            if case .varying(let tree) = rows { bytes += tree.count * 9 + 128 }
        }
        return bytes
    }

    /// The header height of `section`; 0 means none.
    /// - Complexity: O(1).
    public func headerHeight(inSection section: Int) -> Double {
        checkSection(section)
        return headerHeights[section]
    }

    /// The footer height of `section`; 0 means none.
    /// - Complexity: O(1).
    public func footerHeight(inSection section: Int) -> Double {
        checkSection(section)
        return footerHeights[section]
    }

    /// The height of the row at `indexPath`, shown or not.
    /// - Complexity: O(log n).
    public func heightForRow(at indexPath: IndexPath) -> Double {
        checkIndexPath(indexPath)
        return sectionRows[indexPath.section].height(at: indexPath.row)
    }

    /// The metrics of `section`, as they would be handed to `init`.
    /// - Complexity: O(1) for a section of equal row heights, else O(rows in the section).
    public func metrics(ofSection section: Int) -> SectionMetrics {
        checkSection(section)
        return SectionMetrics(
            headerHeight: headerHeights[section], rowHeights: sectionRows[section].heights,
            footerHeight: footerHeights[section], isExpanded: expanded[section])
    }

    /// The height of the whole content: table header, sections, table footer.
    /// - Complexity: O(1).
    public var contentHeight: Double {
        tableHeaderHeight + sectionHeights.total + tableFooterHeight
    }

    /// The total height `section` takes now: header, rows when expanded, footer.
    func sectionHeight(_ section: Int) -> Double {
        headerHeights[section] + (expanded[section] ? rowTotals[section] : 0) + footerHeights[section]
    }

    /// The offset at which `section` starts (its header's top).
    /// - Complexity: O(log sections).
    func sectionStart(_ section: Int) -> Double {
        tableHeaderHeight + sectionHeights.prefixSum(upTo: section)
    }

    /// Rebuilds the tree of section heights from the per-section arrays.
    /// - Complexity: O(sections).
    mutating func rebuildSectionHeights() {
        let headers = headerHeights
        let footers = footerHeights
        let rows = rowTotals
        let flags = expanded
        var heights = [Double](repeating: 0, count: headers.count)
        for section in heights.indices {
            // A product rather than a branch: expanded sets are often irregular.
            let shown = Double(flags[section] ? 1 : 0)
            heights[section] = headers[section] + rows[section] * shown + footers[section]
        }
        sectionHeights = HeightTree(heights)
    }

    func checkSection(_ section: Int) {
        precondition(
            section >= 0 && section < numberOfSections, "section \(section) out of range 0..<\(numberOfSections)")
    }

    func checkIndexPath(_ indexPath: IndexPath) {
        checkSection(indexPath.section)
        let rows = sectionRows[indexPath.section].count
        precondition(indexPath.row >= 0 && indexPath.row < rows, "row \(indexPath) out of range 0..<\(rows)")
    }
}
