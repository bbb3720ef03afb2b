// ListRender — the table header's frame, at the top of the content
import Models

extension TableLayout {
    /// The table header's frame, at the top of the content.
    public var rectForTableHeader: TableFrame {
        TableFrame(y: 0, height: tableHeaderHeight)
    }

    /// The table footer's frame, at the bottom of the content.
    public var rectForTableFooter: TableFrame {
        TableFrame(y: tableHeaderHeight + sectionHeights.total, height: tableFooterHeight)
    }

    /// The frame of a whole section: header, rows when expanded, footer (`rectForSection`).
    /// - Parameter section: a section index; out of range is a programmer error.
    /// - Complexity: O(log sections).
    public func rectForSection(_ section: Int) -> TableFrame {
        checkSection(section)
        return TableFrame(y: sectionStart(section), height: sectionHeight(section))
    }

    /// The frame of a section's header, of height 0 when it has none (`rectForHeader(inSection:)`).
    /// - Complexity: O(log sections).
    public func rectForHeader(inSection section: Int) -> TableFrame {
        checkSection(section)
        return TableFrame(y: sectionStart(section), height: headerHeights[section])
    }

    /// The frame of a section's footer, of height 0 when it has none (`rectForFooter(inSection:)`).
    /// - Complexity: O(log sections).
    public func rectForFooter(inSection section: Int) -> TableFrame {
        checkSection(section)
        let rows = expanded[section] ? rowTotals[section] : 0
        return TableFrame(y: sectionStart(section) + headerHeights[section] + rows, height: footerHeights[section])
    }

    /// The frame of a row (`rectForRow(at:)`).
    /// - Parameter indexPath: an existing row; out of range is a programmer error.
    /// - Returns: nil when the row's section is collapsed.
    /// - Complexity: O(log n).
    public func rectForRow(at indexPath: IndexPath) -> TableFrame? {
        checkIndexPath(indexPath)
        let section = indexPath.section
        guard expanded[section] else { return nil }
        let rows = sectionRows[section]
        let rowsTop = sectionStart(section) + headerHeights[section]
        return TableFrame(y: rowsTop + rows.offset(ofRow: indexPath.row), height: rows.height(at: indexPath.row))
    }

    /// The section whose frame holds offset `y` (a section's frame holds its top edge, not its
    /// bottom edge).
    /// - Returns: nil in the table header or footer, before 0 or past the content.
    /// - Complexity: O(log sections).
    public func section(at y: Double) -> Int? {
        sectionFrame(at: y)?.section
    }

    /// The section whose frame holds offset `y`, with that frame.
    /// - Complexity: O(log sections).
    func sectionFrame(at y: Double) -> (section: Int, frame: TableFrame)? {
        guard y >= tableHeaderHeight else { return nil }
        let (section, start) = sectionHeights.locate(y - tableHeaderHeight)
        guard section < numberOfSections else { return nil }
        return (section, TableFrame(y: tableHeaderHeight + start, height: sectionHeight(section)))
    }

    /// The row whose frame holds offset `y` (`indexPathForRow(at:)`); a row's frame holds its top
    /// edge, not its bottom edge.
    /// - Returns: nil in headers, footers, the table header and footer, collapsed sections,
    ///   before 0 and past the content.
    /// - Complexity: O(log n).
    public func indexPathForRow(at y: Double) -> IndexPath? {
        guard let (section, frame) = sectionFrame(at: y), expanded[section] else { return nil }
        let local = y - (frame.y + headerHeights[section])
        guard local >= 0, local < rowTotals[section] else { return nil }
        let (row, _) = sectionRows[section].locate(local)
        return row < sectionRows[section].count ? IndexPath(row: row, section: section) : nil
    }

    /// The rows whose frames overlap `frame` (`indexPathsForRows(in:)`), in order; rows of height
    /// 0 and frames that only touch do not count.
    /// - Complexity: O(log n + k) for k rows returned.
    public func indexPathsForRows(in frame: TableFrame) -> [IndexPath] {
        var result: [IndexPath] = []
        guard frame.height > 0 else { return result }
        forEachItem(from: frame.y, to: frame.maxY) { item in
            if case .row(let indexPath, _) = item {
                result.append(indexPath)
            }
        }
        return result
    }
}
