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
        var window = TableWindow(top: top, height: height, overscan: overscan, contentHeight: contentHeight)
        // Room for the rows of most windows, 32 bytes each after the array's header: 30 keep the allocation
        // within the 1 KiB that glibc's per-thread cache serves, where 32 went through malloc's slow path.
        window.rows.reserveCapacity(30)
        fillWindow(&window, top: top, height: height, overscan: overscan)
        return window
    }

    /// The same window as `window(top:height:overscan:)`, written into `window`, whose arrays keep
    /// their capacity: a caller that queries again and again reuses one `TableWindow` and
    /// allocates nothing once its arrays have grown to the largest window.
    /// - Parameters:
    ///   - top: the viewport's top edge, as for `window(top:height:overscan:)`.
    ///   - height: the viewport height.
    ///   - overscan: extra extent listed above and below the viewport.
    ///   - window: replaced by the window; what it held before is dropped.
    /// - Complexity: O(log n + k) for k items listed.
    public func window(top: Double, height: Double, overscan: Double = 0, into window: inout TableWindow) {
        window.top = top
        window.height = height
        window.overscan = overscan
        window.contentHeight = contentHeight
        window.tableHeader = nil
        window.headers.removeAll(keepingCapacity: true)
        window.rows.removeAll(keepingCapacity: true)
        window.footers.removeAll(keepingCapacity: true)
        window.tableFooter = nil
        window.pinnedHeader = nil
        window.pinnedFooter = nil
        fillWindow(&window, top: top, height: height, overscan: overscan)
    }

    /// Adds the items of the window to the empty `window`.
    private func fillWindow(_ window: inout TableWindow, top: Double, height: Double, overscan: Double) {
        precondition(height >= 0 && overscan >= 0, "a window needs a non-negative height and overscan")
        let range = TableFrame(y: top - overscan, height: height + 2 * overscan)
        if rectForTableHeader.intersects(range) {
            window.tableHeader = rectForTableHeader
        }
        // The sections holding the window's top and bottom edges are among those the walk passes
        // (when the range is not empty): the pinned header and footer come from them, with no second
        // descent of the tree.
        let bottom = (top + height).nextDown
        var atTop: (section: Int, frame: TableFrame)?
        var atBottom: (section: Int, frame: TableFrame)?
        forEachItem(from: range.y, to: range.maxY) { section, frame in
            if frame.y <= top && top < frame.maxY { atTop = (section, frame) }
            if frame.y <= bottom && bottom < frame.maxY { atBottom = (section, frame) }
        } _: { item in
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
            let walked = range.height > 0
            window.pinnedHeader = pinnedHeader(top: top, in: walked ? atTop : sectionFrame(at: top))
            window.pinnedFooter = pinnedFooter(bottom: top + height, in: walked ? atBottom : sectionFrame(at: bottom))
        }
    }

    func pinnedHeader(top: Double) -> TableWindow.SectionItem? {
        pinnedHeader(top: top, in: sectionFrame(at: top))
    }

    func pinnedFooter(bottom: Double) -> TableWindow.SectionItem? {
        pinnedFooter(bottom: bottom, in: sectionFrame(at: bottom.nextDown))
    }

    /// Plain style: the header of the section under offset `top`, at `top` but no lower than
    /// the section's end minus the header height, so the next section's header pushes it up.
    /// - Complexity: O(log sections).
    /// The pinned header, given the section that holds the top edge and its frame.
    private func pinnedHeader(top: Double, in holder: (section: Int, frame: TableFrame)?) -> TableWindow.SectionItem? {
        guard let (section, frame) = holder, headerHeights[section] > 0 else { return nil }
        let headerHeight = headerHeights[section]
        let y = min(top, frame.maxY - headerHeight)
        return TableWindow.SectionItem(section: section, frame: TableFrame(y: y, height: headerHeight))
    }

    /// Plain style: the footer of the section under the viewport's bottom edge (the section
    /// holding the content just above `bottom`), at `bottom` minus its height but no higher than
    /// the section's start, so the previous section's footer pushes it down.
    /// - Complexity: O(log sections).
    /// The pinned footer, given the section that holds the bottom edge and its frame.
    private func pinnedFooter(bottom: Double, in holder: (section: Int, frame: TableFrame)?) -> TableWindow.SectionItem? {
        guard let (section, frame) = holder, footerHeights[section] > 0 else { return nil }
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
    ///
    /// The walk is a loop over two cursors (sections, then the rows of each section met), not a
    /// recursion through closures: nothing of the layout is copied or retained per item.
    /// - Complexity: O(log n + k) for k items met.
    @inline(__always)
    func forEachItem(from low: Double, to high: Double, _ body: (LayoutItem) -> Void) {
        forEachItem(from: low, to: high, { _, _ in }, body)
    }

    /// As ``forEachItem(from:to:_:)``, also handing `passing` every section of positive height the walk
    /// passes, with its frame (header, rows and footer), before its items.
    @inline(__always)
    func forEachItem(
        from low: Double, to high: Double, _ passing: (Int, TableFrame) -> Void, _ body: (LayoutItem) -> Void
    ) {
        guard low < high else { return }
        let top = tableHeaderHeight
        var sections = HeightTree.Cursor(sectionHeights.rootView, at: low - top)
        while !sections.isAtEnd {
            let section = sections.index
            let sectionHeight = sections.height
            let start = top + sections.start
            guard start < high else { return }
            if sectionHeight > 0 && sections.end > low - top {
                passing(section, TableFrame(y: start, height: sectionHeight))
                visitSection(section, start: start, from: low, to: high, body)
            }
            sections.advance()
        }
    }

    /// The items of one section for `forEachItem`: its header, the rows that overlap
    /// `low ..< high` when it is expanded, its footer.
    @inline(__always)
    private func visitSection(
        _ section: Int, start: Double, from low: Double, to high: Double, _ body: (LayoutItem) -> Void
    ) {
        // The section's five facts are read together, before anything depends on them: each lies in
        // its own array, and read at once their cache misses overlap rather than follow one another.
        let headerHeight = headerHeights[section]
        let footerHeight = footerHeights[section]
        let isExpanded = expanded[section]
        let rowsTotal = rowTotals[section]
        let shape = sectionRows[section].shape
        let header = TableFrame(y: start, height: headerHeight)
        if header.height > 0 && header.maxY > low {
            body(.header(section, header))
        }
        var footerTop = header.maxY
        if isExpanded {
            let rowsTop = header.maxY
            if rowsTop < high && rowsTop + rowsTotal > low {
                switch shape {
                case .uniform(let count, let height):
                    if height > 0 {
                        var row = SectionRows.uniform(count: count, height: height).locate(low - rowsTop).row
                        while row < count {
                            let frame = TableFrame(y: rowsTop + Double(row) * height, height: height)
                            guard frame.y < high else { break }
                            body(.row(IndexPath(row: row, section: section), frame))
                            row += 1
                        }
                    }
                case .varying(let root):
                    var rows = HeightTree.Cursor(root, at: low - rowsTop)
                    while !rows.isAtEnd {
                        let height = rows.height
                        let frame = TableFrame(y: rowsTop + rows.start, height: height)
                        guard frame.y < high else { break }
                        if height > 0 && rows.end > low - rowsTop {
                            body(.row(IndexPath(row: rows.index, section: section), frame))
                        }
                        rows.advance()
                    }
                }
            }
            footerTop += rowsTotal
        }
        let footer = TableFrame(y: footerTop, height: footerHeight)
        if footer.height > 0 && footer.y < high && footer.maxY > low {
            body(.footer(section, footer))
        }
    }
}
