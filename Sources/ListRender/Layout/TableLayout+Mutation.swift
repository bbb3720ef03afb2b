// ListRender — the primitives a batch update drives
import Models

/// The primitives a batch update drives: each changes one row or section and keeps every offset
/// after it right. A batch applies its deletes in descending pre-batch order, then its inserts in
/// ascending post-batch order.
///
/// On a layout whose storage another copy still shares (a derived layout, a snapshot), the first
/// mutation copies the per-section arrays: O(sections) once.
extension TableLayout {
    /// Changes the height of a row, shown or not (`reloadRows`, or a measured height).
    /// - Complexity: O(log n); O(rows in the section) the first time a section of equal row
    ///   heights gets a different one.
    public mutating func setRowHeight(_ height: Double, at indexPath: IndexPath) {
        checkIndexPath(indexPath)
        checkHeight(height)
        sectionRows[indexPath.section].set(height, at: indexPath.row)
        rowsDidChange(inSection: indexPath.section)
    }

    /// Expands or collapses a section; a collapsed section keeps its header and footer.
    /// - Complexity: O(log sections).
    public mutating func setExpanded(_ isExpanded: Bool, section: Int) {
        checkSection(section)
        guard expanded[section] != isExpanded else { return }
        expanded[section] = isExpanded
        sectionDidChange(section)
    }

    /// Changes a section's header height; 0 removes the header.
    /// - Complexity: O(log sections).
    public mutating func setHeaderHeight(_ height: Double, inSection section: Int) {
        checkSection(section)
        checkHeight(height)
        headerHeights[section] = height
        sectionDidChange(section)
    }

    /// Changes a section's footer height; 0 removes the footer.
    /// - Complexity: O(log sections).
    public mutating func setFooterHeight(_ height: Double, inSection section: Int) {
        checkSection(section)
        checkHeight(height)
        footerHeights[section] = height
        sectionDidChange(section)
    }

    /// Changes every section's footer height at once (the insertion rows of editing mode).
    /// - Parameter heights: one footer height per section; 0 removes a footer.
    /// - Complexity: O(sections): the section level is rebuilt, the rows' storage is untouched.
    public mutating func setFooterHeights(_ heights: [Double]) {
        precondition(heights.count == numberOfSections, "one footer height per section")
        for height in heights { checkHeight(height) }
        footerHeights = heights
        rebuildSectionHeights()
        checkAfterMutation()
    }

    /// Inserts a row so that it lands at `indexPath`; later rows of the section move down by one.
    /// - Parameter indexPath: `row` may equal the section's row count (append).
    /// - Complexity: O(log n); O(rows in the section) the first time a section of equal row
    ///   heights gets a different one.
    public mutating func insertRow(at indexPath: IndexPath, height: Double) {
        checkSection(indexPath.section)
        checkHeight(height)
        let count = sectionRows[indexPath.section].count
        precondition(indexPath.row >= 0 && indexPath.row <= count, "insertion \(indexPath) out of range 0...\(count)")
        sectionRows[indexPath.section].insert(height, at: indexPath.row)
        rowsDidChange(inSection: indexPath.section)
    }

    /// Deletes the row at `indexPath`; later rows of the section move up by one.
    /// - Returns: the deleted row's height.
    /// - Complexity: O(log n).
    @discardableResult
    public mutating func deleteRow(at indexPath: IndexPath) -> Double {
        checkIndexPath(indexPath)
        let height = sectionRows[indexPath.section].remove(at: indexPath.row)
        rowsDidChange(inSection: indexPath.section)
        return height
    }

    /// Moves a row, keeping its height (`moveRow(at:to:)`).
    /// - Parameters:
    ///   - source: the row's index path before the move.
    ///   - destination: its index path after the move.
    /// - Complexity: O(log n).
    public mutating func moveRow(from source: IndexPath, to destination: IndexPath) {
        let height = deleteRow(at: source)
        insertRow(at: destination, height: height)
    }

    /// Inserts a section at `section`; later sections move down by one.
    /// - Parameter section: `0...numberOfSections`.
    /// - Complexity: O(log sections + rows in the new section) plus an O(sections) shift of the
    ///   per-section arrays (a memory move).
    public mutating func insertSection(_ metrics: SectionMetrics, at section: Int) {
        precondition(section >= 0 && section <= numberOfSections, "section insertion \(section) out of range")
        checkHeight(metrics.headerHeight)
        checkHeight(metrics.footerHeight)
        let rows = SectionRows(metrics.rowHeights)
        headerHeights.insert(metrics.headerHeight, at: section)
        footerHeights.insert(metrics.footerHeight, at: section)
        sectionRows.insert(rows, at: section)
        rowTotals.insert(rows.total, at: section)
        expanded.insert(metrics.isExpanded, at: section)
        sectionHeights.insert(sectionHeight(section), at: section)
        checkAfterMutation()
    }

    /// Deletes a section with its rows; later sections move up by one.
    /// - Complexity: O(log sections) plus an O(sections) shift of the per-section arrays.
    public mutating func deleteSection(at section: Int) {
        checkSection(section)
        headerHeights.remove(at: section)
        footerHeights.remove(at: section)
        sectionRows.remove(at: section)
        rowTotals.remove(at: section)
        expanded.remove(at: section)
        sectionHeights.remove(at: section)
        checkAfterMutation()
    }

    /// Moves a section with its rows (`moveSection(_:toSection:)`).
    /// - Parameters:
    ///   - source: the section's index before the move.
    ///   - destination: its index after the move.
    /// - Complexity: O(log sections) plus an O(sections) shift of the per-section arrays.
    public mutating func moveSection(from source: Int, to destination: Int) {
        checkSection(source)
        checkSection(destination)
        guard source != destination else { return }
        headerHeights.insert(headerHeights.remove(at: source), at: destination)
        footerHeights.insert(footerHeights.remove(at: source), at: destination)
        sectionRows.insert(sectionRows.remove(at: source), at: destination)
        rowTotals.insert(rowTotals.remove(at: source), at: destination)
        expanded.insert(expanded.remove(at: source), at: destination)
        sectionHeights.insert(sectionHeights.remove(at: source), at: destination)
        checkAfterMutation()
    }

    /// Brings the cached row total and the section's height up to date after its rows changed.
    mutating func rowsDidChange(inSection section: Int) {
        rowTotals[section] = sectionRows[section].total
        sectionDidChange(section)
    }

    /// Brings the section's height up to date after its header, footer, rows or flag changed.
    mutating func sectionDidChange(_ section: Int) {
        sectionHeights.set(sectionHeight(section), at: section)
        checkAfterMutation()
    }

    func checkHeight(_ height: Double) {
        precondition(height.isFinite && height >= 0, "height \(height) is not a finite non-negative number")
    }
}
