// ListRender — estimated heights: rows start at an estimate
import Models

/// Estimated heights: rows start at an estimate (`RowHeights.uniform(count:height:)` with the
/// estimated row height, or `.individual` estimates); once rows are laid out and measured, their
/// real heights replace the estimates, and the scroll offset moves by the returned correction so
/// that the content at the top of the viewport does not jump.
///
/// A client loop: take `window(top:height:overscan:)`, measure its rows, call
/// `resolveHeights(_:scrollOffset:)`, add the correction to the offset, take the window again.
extension TableLayout {
    /// Replaces row heights with measured ones.
    /// - Parameters:
    ///   - measured: rows and their real heights, typically the rows of the last window.
    ///   - scrollOffset: the viewport's top edge when the rows were measured.
    /// - Returns: how much to add to the scroll offset so that the item at the top edge (the
    ///   first visible row, header or footer) keeps its place on screen: the change of its
    ///   top. Positive when content above it grew.
    /// - Complexity: O(m log n) for m measured rows.
    public mutating func resolveHeights(_ measured: [IndexPath: Double], scrollOffset: Double) -> Double {
        let anchor = anchor(at: scrollOffset)
        let before = top(of: anchor)
        for (indexPath, height) in measured {
            setRowHeight(height, at: indexPath)
        }
        return top(of: anchor) - before
    }

    /// What sits at offset `y`, to keep in place while heights change.
    enum Anchor: Equatable {
        case tableHeader
        case header(Int)
        case row(IndexPath)
        case footer(Int)
        /// The table footer, or the end of the content for offsets past it.
        case tableFooter
    }

    /// The item whose frame holds `y` (items of height 0 hold nothing).
    /// - Complexity: O(log n).
    func anchor(at y: Double) -> Anchor {
        guard let (section, frame) = sectionFrame(at: y) else {
            return y < tableHeaderHeight ? .tableHeader : .tableFooter
        }
        let local = y - (frame.y + headerHeights[section])
        if local < 0 {
            return .header(section)
        }
        if expanded[section] && local < rowTotals[section] {
            let (row, _) = sectionRows[section].locate(local)
            if row < sectionRows[section].count {
                return .row(IndexPath(row: row, section: section))
            }
        }
        return .footer(section)
    }

    /// The top edge of an anchor item.
    /// - Complexity: O(log n).
    func top(of anchor: Anchor) -> Double {
        switch anchor {
        case .tableHeader: 0
        case .header(let section): rectForHeader(inSection: section).y
        case .row(let indexPath): rectForRow(at: indexPath)?.y ?? rectForHeader(inSection: indexPath.section).maxY
        case .footer(let section): rectForFooter(inSection: section).y
        case .tableFooter: rectForTableFooter.y
        }
    }
}
