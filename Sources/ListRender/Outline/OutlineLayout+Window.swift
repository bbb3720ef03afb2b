// ListRender — what to draw of an outline for a viewport (see `OutlineWindow`)

extension OutlineLayout {
    /// What to draw for a viewport (see `OutlineWindow`).
    /// - Parameters:
    ///   - top: the viewport's top edge, from the top of the content; may lie before 0 or past
    ///     the end (overscroll).
    ///   - height: the viewport height.
    ///   - overscan: extra extent listed above and below the viewport, so that scrolling a little
    ///     needs no new window.
    /// - Returns: the visible rows of positive height whose frames overlap
    ///   `top - overscan ..< top + height + overscan`.
    /// - Complexity: O(log n + k) for k visible rows walked: one descent finds the first row, and
    ///   each next visible row is a step past a collapsed row's subtree, whatever its size.
    public func window(top: Double, height: Double, overscan: Double = 0) -> OutlineWindow {
        var window = OutlineWindow(
            top: top, height: height, overscan: overscan, contentHeight: totalHeight, visibleCount: visibleCount)
        window.rows.reserveCapacity(32)
        fillWindow(&window)
        return window
    }

    /// The same window as `window(top:height:overscan:)`, written into `window`, whose rows keep
    /// their capacity: a caller that queries again and again allocates nothing once the array
    /// has grown to the largest window.
    /// - Parameters:
    ///   - top: the viewport's top edge, as for `window(top:height:overscan:)`.
    ///   - height: the viewport height.
    ///   - overscan: extra extent listed above and below the viewport.
    ///   - window: replaced by the window; what it held before is dropped.
    /// - Complexity: O(log n + k) for k visible rows walked.
    public func window(top: Double, height: Double, overscan: Double = 0, into window: inout OutlineWindow) {
        window.top = top
        window.height = height
        window.overscan = overscan
        window.contentHeight = totalHeight
        window.visibleCount = visibleCount
        window.rows.removeAll(keepingCapacity: true)
        fillWindow(&window)
    }

    /// Adds the rows of the window to the empty `window`.
    ///
    /// Each row's top is the first row's top plus the heights of the rows walked since, so the
    /// frames tile exactly; with heights that are not exact in binary they may differ from
    /// `top(ofRow:)` in the last bits.
    private func fillWindow(_ window: inout OutlineWindow) {
        precondition(window.height >= 0 && window.overscan >= 0, "a window needs a non-negative height and overscan")
        let low = window.top - window.overscan
        let high = window.top + window.height + window.overscan
        guard low < high, let first = tree.locate(low) else { return }
        var row = first.row
        var index = first.index
        var y = first.top
        while y < high {
            let current = tree.rows[row]
            if current.height > 0 {
                let frame = TableFrame(y: y, height: current.height)
                window.rows.append(
                    OutlineWindow.RowItem(row: row, index: index, depth: Int(current.depth), frame: frame))
            }
            y += current.height
            index += 1
            row = current.isExpanded ? row + 1 : row + Int(current.subtreeSize)
            guard row < count else { return }
        }
    }
}
