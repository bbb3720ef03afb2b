// ListRender — the scroll offset that brings a row to `position` in the viewport
import Models

extension TableLayout {
    /// The scroll offset that brings a row to `position` in the viewport
    /// (`scrollToRow(at:at:animated:)`), clamped to the content.
    ///
    /// In plain style the section's pinned header covers the top of the viewport and its pinned
    /// footer the bottom, so `top` puts the row just below its header, `bottom` just above its
    /// footer, and `none` counts the row as visible only between the two.
    /// - Parameters:
    ///   - indexPath: an existing row.
    ///   - position: where the row should end up; `none` scrolls the least that makes it fully
    ///     visible (aligning its top when it is above or taller than the viewport, its bottom
    ///     when it is below), and not at all when it already is.
    ///   - viewportHeight: the viewport height.
    ///   - currentOffset: the current scroll offset (used by `none`).
    /// - Returns: the new offset, in `0...max(0, contentHeight - viewportHeight)`; nil when the
    ///   row's section is collapsed.
    /// - Complexity: O(log n).
    public func scrollOffset(
        toRowAt indexPath: IndexPath, at position: ScrollPosition, viewportHeight: Double, currentOffset: Double
    ) -> Double? {
        guard let row = rectForRow(at: indexPath) else { return nil }
        let coveredTop = style == .plain ? headerHeights[indexPath.section] : 0
        let coveredBottom = style == .plain ? footerHeights[indexPath.section] : 0
        let alignTop = row.y - coveredTop
        let alignBottom = row.maxY + coveredBottom - viewportHeight
        let target: Double
        switch position {
        case .top:
            target = alignTop
        case .middle:
            target = row.midY - viewportHeight / 2
        case .bottom:
            target = alignBottom
        case .none:
            if row.y < currentOffset + coveredTop {
                target = alignTop
            } else if row.maxY > currentOffset + viewportHeight - coveredBottom {
                target = min(alignTop, alignBottom)
            } else {
                target = currentOffset
            }
        }
        return clampedOffset(target, viewportHeight: viewportHeight)
    }

    /// The scroll offset that brings a section's top (its header) to the top of the viewport, as
    /// a tap in the section index does, clamped to the content.
    /// - Complexity: O(log sections).
    public func scrollOffset(toSection section: Int, viewportHeight: Double) -> Double {
        clampedOffset(rectForSection(section).y, viewportHeight: viewportHeight)
    }

    /// `offset` limited to the offsets a viewport of `viewportHeight` can scroll to:
    /// `0...max(0, contentHeight - viewportHeight)`.
    /// - Complexity: O(1).
    public func clampedOffset(_ offset: Double, viewportHeight: Double) -> Double {
        max(0, min(offset, contentHeight - viewportHeight))
    }
}
