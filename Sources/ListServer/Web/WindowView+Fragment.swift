// Web — a window's headers, rows and footers, lent to the fragment renderer
import Bytes
import ListRender
import Models

extension WindowView {
    fileprivate func header(_ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>) -> FragmentHeader {
        withHeader(item, sections) { FragmentHeader($0, fields: sections[item.section].fields) }
    }

    /// Lends `body` the header of `item` as the renderer reads it: its title's bytes, and its link's
    /// when the sections collapse, with no string made for the link.
    fileprivate func withHeader<Result>(
        _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>,
        _ body: (FragmentHeader.Lent) -> Result
    ) -> Result {
        withHeader(item, sections, linked: true, body)
    }

    /// ``withHeader(_:_:_:)``, lending the header with no link bytes when `linked` is false: its link is then
    /// written by ``writeLink(toggling:at:to:)``.
    fileprivate func withHeader<Result>(
        _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>, linked: Bool,
        _ body: (FragmentHeader.Lent) -> Result
    ) -> Result {
        // In bounds: the window's sections are the layout's, made from these sections.
        let section = sections.address(at: item.section)
        let fields = Section.fields(of: section)
        // Read in place: the section, its keys and the metrics are the dataset's, which every thread
        // serving it reads, and a copy would retain their storage.
        let (kind, collapsible) = (entry.dataset.kind, entry.metrics.sectionsAreCollapsible)
        let online = kind == .friends ? FragmentHeader.online(of: fields) : 0
        let rowCount = headerRowCount(item.section, rowCount: section.pointee.rows.count)
        func lend(_ link: UnsafeRawBufferPointer?) -> Result {
            func lend(title: UnsafeRawBufferPointer) -> Result {
                body(
                    FragmentHeader.Lent(
                        section: item.section, sectionID: section.pointee.id, y: item.frame.y,
                        height: item.frame.height, sectionMaxY: shared.rectForSection(item.section).maxY,
                        title: title, online: online, rowCount: rowCount,
                        isExpanded: expanded.contains(section.pointee.id), isCollapsible: collapsible, link: link))
            }
            // A Settings bundle's header in the reader's language, where its strings give one.
            if kind.isTableDocument, fields.pointee["localized"] != nil,
                var title = FragmentRenderer.localizedText(fields.pointee, "header", language: language, reader: reader)
            {
                return title.withUTF8 { lend(title: UnsafeRawBufferPointer($0)) }
            }
            return TableMetrics.withTitle(of: section, kind: kind, lend(title:))
        }
        guard collapsible && linked else { return lend(nil) }
        var link: [UInt8] = []
        link.reserveCapacity(48 + entry.dataset.id.utf8.count + 24 * min(entry.sectionIDRanges.count + 1, 64))
        writeLink(toggling: section.pointee.id, at: item.frame.y, to: &link)
        return link.withUnsafeBytes(lend)
    }

    /// The page with one section toggled and its header at the top: the link of a collapsible header,
    /// written as bytes (for a header value) or straight into the fragment, escaped there.
    fileprivate func writeLink<Sink: LinkSink & ~Copyable>(toggling id: SectionID, at y: Double, to link: inout Sink) {
        link.write("/d/")
        link.write(text: entry.dataset.id)
        link.write("?")
        if y > 0 {
            link.write("top=")
            link.write(Int64(y))
            link.write(text: "&")
        }
        link.write("expanded=")
        expanded.writeToggling(id, allIDs: entry.sectionIDRanges, to: &link)
        if let language = HTMLBuffer.linkLanguage(language, reader: reader) {
            link.write(text: "&lang=")
            link.write(text: language)
        }
    }

    /// Lends `body` the row of `item` as the renderer reads it, with the number of rows in its section: its
    /// dictionary where `rows`, its section's, keep it and its image URL where `icons` keeps it, so that
    /// nothing is copied or retained for it.
    @inline(__always)
    fileprivate func withRow<Result>(
        _ item: TableWindow.RowItem, in rows: UnsafeBufferPointer<Row>, _ metrics: TableMetrics, _ icons: IconURLs,
        _ body: (FragmentRow.Lent) -> Result
    ) -> Result {
        // In bounds: the window's index paths are the layout's, made from these sections' rows.
        let row = rows.address(at: item.indexPath.row)
        let fields = Row.fields(of: row)
        let cell = metrics.kind.isTableDocument ? TableCell(fields.pointee, section: sections[item.indexPath.section].fields) : nil
        // Asked here rather than in the closures below, which would copy the metrics to ask.
        let (canEdit, canMove) = (metrics.rowCanBeEdited(cell: cell), metrics.rowCanBeMoved(cell: cell))
        func lend(child: UnsafeRawBufferPointer?) -> Result {
            icons.withURL(of: fields) { imageURL in
                entry.actions.withMarkup(
                    section: item.indexPath.section, fields: fields, rowMayName: cell != nil && canEdit,
                    language: language
                ) { actions in
                    body(
                        FragmentRow.Lent(
                            indexPath: item.indexPath, id: row.pointee.id, y: item.frame.y, height: item.frame.height,
                            position: item.indexPath.row + 1, setSize: rows.count, canEdit: canEdit, canMove: canMove,
                            endsGroup: !hasInsertionRows && item.indexPath.row == rows.count - 1, fields: fields,
                            imageURL: imageURL, cell: cell, child: child, actions: actions,
                            place: entry.searchPlaces?.place(of: item.indexPath)))
                }
            }
        }
        guard let cell, let opens = entry.opensTable(row.pointee.id, hasChild: cell.hasChild) else {
            return lend(child: nil)
        }
        var child = opens.description
        return child.withUTF8 { lend(child: UnsafeRawBufferPointer($0)) }
    }

    /// The window for the HTML renderer, its headers, rows and footers built into arrays.
    /// - Parameter assets: where the rows' image names resolve; a name that resolves nowhere gets no
    ///   URL, and the row a placeholder.
    func fragmentWindow(assets: AssetCatalog) -> FragmentWindow {
        sections.withUnsafeBufferPointer { sections in
            let items = Items(self, sections, assets)
            var fragment = fragmentAttributes(assets)
            fragment.headers = (0..<items.headerCount).map(items.header(at:))
            fragment.rows = (0..<items.rowCount).map(items.row(at:))
            fragment.footers = (0..<items.footerCount).map(items.footer(at:))
            items.icons.publish()
            return fragment
        }
    }

    /// The HTML fragment of the window, each header, row and footer built as it is written.
    ///
    /// The sections are read through one unsafe buffer, so the array is not retained and released for
    /// every item.
    /// - Parameter assets: as for ``fragmentWindow(assets:)``.
    func fragment(assets: AssetCatalog) -> [UInt8] {
        HTMLBuffer.bytes(capacity: fragmentCapacity) { html in fragment(assets: assets, into: &html) }
    }

    /// Writes the HTML fragment of the window at the end of `storage` (a response writer's body).
    func fragment(assets: AssetCatalog, into storage: ByteStorage) {
        HTMLBuffer.write(to: storage) { html in fragment(assets: assets, into: &html) }
    }

    /// The room a fragment is written with first: enough for most windows.
    private var fragmentCapacity: Int { 256 + (window.headers.count + 1) * 320 + window.rows.count * 720 }

    /// Writes the fragment of the window at the end of `html`, as ``fragment(assets:)`` does.
    func fragment(assets: AssetCatalog, into html: inout HTMLBuffer) {
        sections.withUnsafeBufferPointer { sections in
            let items = Items(self, sections, assets)
            FragmentRenderer.render(fragmentAttributes(assets), items: items, into: &html)
            items.icons.publish()
        }
    }

    /// The window's attributes for the renderer, without its items; its icons under `assets`' directory.
    private func fragmentAttributes(_ assets: AssetCatalog) -> FragmentWindow {
        let metrics = entry.metrics
        var fragment = FragmentWindow(
            kind: entry.dataset.kind, style: entry.dataset.style, version: entry.dataset.version,
            contentHeight: window.contentHeight, pinnedSection: window.pinnedHeader?.section,
            editable: metrics.rowsCanBeEdited, hasInsertionRows: hasInsertionRows,
            isGrouped: metrics.hasSectionHeaders)
        if let table = metrics.table { addTable(table, to: &fragment) }
        fragment.marks = query
        fragment.matches = matches
        fragment.estimatedWidth = estimatedWidth
        if let places = entry.searchPlaces, let first = window.rows.first, first.indexPath.section < places.firstGridRows.count {
            fragment.gridRows = GridRows(
                firstRow: places.firstGridRows[first.indexPath.section] + first.indexPath.row, count: places.gridRowCount)
        }
        fragment.language = language
        fragment.reader = reader
        fragment.iconDirectory = assets.iconDirectory
        return fragment
    }

    /// The window's headers, rows and footers, built from the dataset when the renderer reads them.
    ///
    /// A structure, which the renderer borrows: its calls for each item read the view where it lies (a
    /// class's stored view was copied for each call, its references retained and released).
    fileprivate struct Items: FragmentItems {
        let view: WindowView
        let sections: UnsafeBufferPointer<Section>
        let metrics: TableMetrics
        let icons: IconURLs
        /// The pinned header of a long section at its natural frame, when that lies above the window: it
        /// comes before the window's headers (the page pins it from that frame and its section's end).
        /// Kept apart rather than in a new array of all the headers, which was made for every window.
        let pinnedAbove: TableWindow.SectionItem?

        init(_ view: WindowView, _ sections: UnsafeBufferPointer<Section>, _ assets: AssetCatalog) {
            self.view = view
            self.sections = sections
            metrics = view.entry.metrics
            icons = IconURLs(assets)
            let window = view.window
            if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
                pinnedAbove = TableWindow.SectionItem(
                    section: pinned.section, frame: view.shared.rectForHeader(inSection: pinned.section))
            } else {
                pinnedAbove = nil
            }
        }

        /// The header at `index` in table order: ``pinnedAbove`` first, then the window's.
        private func headerItem(_ index: Int) -> TableWindow.SectionItem {
            guard let pinnedAbove else { return view.window.headers[index] }
            return index == 0 ? pinnedAbove : view.window.headers[index - 1]
        }

        var headerCount: Int { view.window.headers.count + (pinnedAbove == nil ? 0 : 1) }
        var rowCount: Int { view.window.rows.count }
        var footerCount: Int { view.window.footers.count }
        func headerSection(at index: Int) -> Int { headerItem(index).section }
        func rowSection(at index: Int) -> Int { view.window.rows[index].indexPath.section }
        func footerSection(at index: Int) -> Int { view.window.footers[index].section }
        func headerHeight(at index: Int) -> Double { headerItem(index).frame.height }
        func footerHeight(at index: Int) -> Double { view.window.footers[index].frame.height }
        func header(at index: Int) -> FragmentHeader { view.header(headerItem(index), sections) }

        func renderHeader(at index: Int, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            let item = headerItem(index)
            view.withHeader(item, sections, linked: false) { header in
                guard header.isCollapsible else {
                    return FragmentRenderer.renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html)
                }
                // The link is written into the fragment where it goes, not made first.
                FragmentRenderer.renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html) { html in
                    view.writeLink(toggling: header.sectionID, at: item.frame.y, to: &html)
                }
            }
        }
        func row(at index: Int) -> FragmentRow {
            let item = view.window.rows[index]
            return sections[item.indexPath.section].rows.withUnsafeBufferPointer { rows in
                view.withRow(item, in: rows, metrics, icons) { lent in
                    var row = FragmentRow(lent)
                    if lent.actions != nil {
                        row.actions = view.entry.actions.actions(section: item.indexPath.section, rowFields: row.fields)
                    }
                    return row
                }
            }
        }

        func renderRow(at index: Int, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            renderRows(index..<index + 1, cell: cell, isGrouped: isGrouped, into: &html)
        }

        /// Writes a run of one section's rows, read through one buffer of the section's rows.
        func renderRows(_ indices: Range<Int>, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            // Bound once here: read from `self` inside the loop's closures, the metrics were copied for
            // every row.
            let (view, metrics, icons) = (view, metrics, icons)
            view.window.rows.withUnsafeBufferPointer { items in
                sections[items[indices.lowerBound].indexPath.section].rows.withUnsafeBufferPointer { rows in
                    for index in indices {
                        view.withRow(items[index], in: rows, metrics, icons) { row in
                            FragmentRenderer.renderRow(row, cell: cell, isGrouped: isGrouped, into: &html)
                        }
                    }
                }
            }
        }

        func footer(at index: Int) -> FragmentFooter {
            let item = view.window.footers[index]
            let section = sections[item.section]
            return FragmentFooter(
                section: item.section, sectionID: section.id, y: item.frame.y, height: item.frame.height,
                title: metrics.kind.isTableDocument
                    ? FragmentRenderer.localizedText(section.fields, "footer", language: view.language, reader: view.reader) ?? ""
                    : metrics.footerTitle(of: section),
                insertion: view.insertion(in: section))
        }
    }

    /// The insertion row at the top of a section's footer, when the window has them: a new row goes at
    /// the section's end, its title in the field the section's rows keep theirs in.
    func insertion(in section: Section) -> FragmentFooter.Insertion? {
        guard hasInsertionRows else { return nil }
        let titleKey = section.rows.first.flatMap { DatasetKind.primaryTextKey(of: $0.fields) } ?? "title"
        return FragmentFooter.Insertion(height: entry.metrics.insertionRowHeight, row: section.rows.count, titleKey: titleKey)
    }
}
