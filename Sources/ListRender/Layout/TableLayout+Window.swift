// ListRender — what to draw for a viewport (see `TableWindow`)
import Models

extension TableLayout {
    /// What to draw for a viewport (see `TableWindow`).
    /// - Parameters:
    ///   - top: the viewport's top edge, from the top of the content; may lie before 0 or past
    ///     the end (overscroll).
    ///   - height: the viewport height.
    ///   - overscan: extra extent listed above and below the viewport, so that scrolling a little
    ///     needs no new window.
    /// - Returns: the items whose frames overlap `top - overscan ..< top + height + overscan`, and
    ///   in plain style the pinned header and footer (computed from the viewport without overscan).
    /// - Complexity: O(log n + k) for k items listed.
    public func window(top: Double, height: Double, overscan: Double = 0) -> TableWindow {
        precondition(height >= 0 && overscan >= 0, "a window needs a non-negative height and overscan")
        var window = TableWindow(top: top, height: height, overscan: overscan, contentHeight: contentHeight)
        let range = TableFrame(y: top - overscan, height: height + 2 * overscan)
        if rectForTableHeader.intersects(range) {
            window.tableHeader = rectForTableHeader
        }
        window.rows.reserveCapacity(32)
        forEachItem(from: range.y, to: range.maxY) { item in
            switch item {
            case .header(let section, let frame):
                window.headers.append(TableWindow.SectionItem(section: section, frame: frame))
            case .row(let indexPath, let frame):
                window.rows.append(TableWindow.RowItem(indexPath: indexPath, frame: frame))
            case .footer(let section, let frame):
                window.footers.append(TableWindow.SectionItem(section: section, frame: frame))
            }
        }
        if rectForTableFooter.intersects(range) {
            window.tableFooter = rectForTableFooter
        }
        if style == .plain {
            window.pinnedHeader = pinnedHeader(top: top)
            window.pinnedFooter = pinnedFooter(bottom: top + height)
        }
        return window
    }

    /// Plain style: the header of the section under offset `top`, at `top` but no lower than
    /// the section's end minus the header height, so the next section's header pushes it up.
    /// - Complexity: O(log sections).
    func pinnedHeader(top: Double) -> TableWindow.SectionItem? {
        guard let (section, frame) = sectionFrame(at: top), headerHeights[section] > 0 else { return nil }
        let headerHeight = headerHeights[section]
        let y = min(top, frame.maxY - headerHeight)
        return TableWindow.SectionItem(section: section, frame: TableFrame(y: y, height: headerHeight))
    }

    /// Plain style: the footer of the section under the viewport's bottom edge (the section
    /// holding the content just above `bottom`), at `bottom` minus its height but no higher than
    /// the section's start, so the previous section's footer pushes it down.
    /// - Complexity: O(log sections).
    func pinnedFooter(bottom: Double) -> TableWindow.SectionItem? {
        guard let (section, frame) = sectionFrame(at: bottom.nextDown), footerHeights[section] > 0 else { return nil }
        let footerHeight = footerHeights[section]
        let y = min(frame.maxY - footerHeight, max(bottom - footerHeight, frame.y))
        return TableWindow.SectionItem(section: section, frame: TableFrame(y: y, height: footerHeight))
    }

    /// One header, row or footer met by a walk over the content.
    enum LayoutItem {
        case header(Int, TableFrame)
        case row(IndexPath, TableFrame)
        case footer(Int, TableFrame)
    }

    /// Calls `body` for every section header, row and section footer of non-zero height whose
    /// frame overlaps `low ..< high`, in content order.
    /// - Complexity: O(log n + k) for k items met.
    func forEachItem(from low: Double, to high: Double, _ body: (LayoutItem) -> Void) {
        guard low < high else { return }
        let top = tableHeaderHeight
        sectionHeights.visit(from: low - top) { section, offset, _ in
            let start = top + offset
            guard start < high else { return false }
            let header = TableFrame(y: start, height: headerHeights[section])
            if header.height > 0 && header.maxY > low {
                body(.header(section, header))
            }
            var footerTop = header.maxY
            if expanded[section] {
                let rowsTop = header.maxY
                if rowsTop < high && rowsTop + rowTotals[section] > low {
                    sectionRows[section].visit(from: low - rowsTop) { row, rowOffset, height in
                        let frame = TableFrame(y: rowsTop + rowOffset, height: height)
                        guard frame.y < high else { return false }
                        body(.row(IndexPath(row: row, section: section), frame))
                        return true
                    }
                }
                footerTop += rowTotals[section]
            }
            let footer = TableFrame(y: footerTop, height: footerHeights[section])
            if footer.height > 0 && footer.y < high && footer.maxY > low {
                body(.footer(section, footer))
            }
            return true
        }
    }
}
