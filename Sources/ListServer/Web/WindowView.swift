// Web — one computed window, as JSON or as a fragment
import HTTPServer
import ListRender
import Models

/// One computed window of a dataset version, ready to be written as JSON or as an HTML fragment.
struct WindowView {
    let entry: DatasetEntry
    let expanded: ExpandedSections
    /// Whether the sections end with insertion rows (editing mode, a kind whose rows can be inserted).
    let hasInsertionRows: Bool
    let layout: TableLayout
    let window: TableWindow
    /// The dataset's sections, read once rather than through `entry` for every item.
    let sections: [Section]
    /// The search whose results the window shows, and how many rows match it; nil outside a search.
    var query: SearchQuery?
    var matches: Int?
    var sectionRowCounts: [Int]?

    /// - Complexity: O(sections) the first time an expanded set is seen, then O(log n + k).
    init(entry: DatasetEntry, request: WindowRequest) {
        self.entry = entry
        expanded = request.expandedSections(default: entry.defaultExpanded)
        hasInsertionRows = request.hasInsertionRows(in: entry)
        layout = entry.layout(
            for: expanded, hasInsertionRows: hasInsertionRows, width: entry.estimateWidth(request.width))
        var top = request.top
        if let anchor = request.anchor, let path = entry.snapshot.indexPath(for: anchor),
            let frame = layout.rectForRow(at: path)
        {
            top += frame.y
        } else if let section = request.section, section < layout.numberOfSections {
            top += layout.rectForHeader(inSection: section).y
        }
        window = layout.window(top: top, height: request.height, overscan: request.overscan)
        sections = entry.dataset.sections
    }

    /// The JSON of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else as ``json``.
    static func json(entry: DatasetEntry, request: WindowRequest) -> [UInt8] {
        entry.responses.response(for: cacheKey(.json, entry, request)) {
            WindowView(searching: entry, request: request).json
        }
    }

    /// The HTML fragment of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else O(log n + k).
    /// - Parameter assets: where the rows' image names resolve.
    static func fragment(entry: DatasetEntry, request: WindowRequest, assets: AssetCatalog) -> [UInt8] {
        entry.responses.response(for: cacheKey(.fragment, entry, request)) {
            FragmentRenderer.render(WindowView(searching: entry, request: request).fragmentWindow(assets: assets))
        }
    }

    /// The entity tag of a window response: the entry (so the dataset version) and the normalised
    /// request, so that a client holding it is answered `304` without a window being written.
    /// - Complexity: O(1) besides the expanded set's length.
    static func etag(_ format: ResponseCache.Key.Format, entry: DatasetEntry, request: WindowRequest) -> String {
        let key = cacheKey(format, entry, request)
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        // FNV-1a over the numbers' bits and the expanded set's text: no number is formatted.
        func mix(_ word: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) {
                hash = (hash ^ ((word >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01b3
            }
        }
        for number in [key.top, key.height, key.overscan, key.width ?? -1] { mix(number.bitPattern) }
        mix(UInt64(bitPattern: key.anchor ?? -1))
        mix(UInt64(bitPattern: Int64(key.section ?? -1)))
        mix(key.hasInsertionRows ? 1 : 0)
        switch key.expanded {
        case .all: mix(0xA11)
        case .none: mix(0x0)
        case .ranges: for byte in key.expanded.description.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        if let query = key.query {
            for byte in [0xFF] + query.folded { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        }
        return quotedTag(entry.tag, format == .json ? UInt8(ascii: "j") : UInt8(ascii: "f"), hash)
    }

    /// `"tag.f.hash"`, the hash in base 36, written in one allocation.
    private static func quotedTag(_ tag: String, _ format: UInt8, _ hash: UInt64) -> String {
        var tag = tag
        return tag.withUTF8 { tag in
            String(unsafeUninitializedCapacity: tag.count + 18) { buffer in
                var count = 0
                func put(_ byte: UInt8) {
                    buffer[count] = byte
                    count += 1
                }
                put(UInt8(ascii: "\""))
                for byte in tag { put(byte) }
                put(UInt8(ascii: "."))
                put(format)
                put(UInt8(ascii: "."))
                // 64 bits are at most 13 base-36 digits: written backwards, then turned round.
                let digitsStart = count
                var rest = hash
                repeat {
                    let digit = UInt8(rest % 36)
                    put(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
                    rest /= 36
                } while rest > 0
                var (low, high) = (digitsStart, count - 1)
                while low < high {
                    buffer.swapAt(low, high)
                    (low, high) = (low + 1, high - 1)
                }
                put(UInt8(ascii: "\""))
                return count
            }
        }
    }

    /// A `304` when `If-None-Match` names `etag`, else nil.
    static func notModified(_ request: HTTPRequest, etag: String) -> HTTPResponse? {
        guard let condition = request.headers["If-None-Match"], StaticFiles.matches(condition, etag: etag) else {
            return nil
        }
        return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": "no-cache"])
    }

    private static func cacheKey(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> ResponseCache.Key {
        ResponseCache.Key(
            format: format, top: request.top, height: request.height, overscan: request.overscan,
            expanded: request.expandedSections(default: entry.defaultExpanded),
            hasInsertionRows: request.hasInsertionRows(in: entry),
            width: entry.estimateWidth(request.width), anchor: request.anchor?.rawValue, section: request.section,
            query: request.query)
    }

    private func header(_ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>) -> FragmentHeader {
        let section = sections[item.section]
        return FragmentHeader(
            section: item.section, sectionID: section.id, y: item.frame.y, height: item.frame.height,
            sectionMaxY: layout.rectForSection(item.section).maxY, title: entry.metrics.title(of: section),
            fields: section.fields, rowCount: headerRowCount(item.section, section),
            isExpanded: expanded.contains(section.id), isCollapsible: entry.metrics.sectionsAreCollapsible,
            link: entry.metrics.sectionsAreCollapsible ? link(toggling: section.id, at: item.frame.y) : nil)
    }

    /// The page with one section toggled and its header at the top: the link of a collapsible header.
    private func link(toggling id: SectionID, at y: Double) -> String {
        let toggled = expanded.toggling(id, allIDs: entry.sectionIDRanges)
        let top = y > 0 ? "top=\(Int(y))&" : ""
        return "/d/\(entry.dataset.id)?\(top)expanded=\(toggled.description)"
    }

    private func row(
        _ item: TableWindow.RowItem, _ sections: UnsafeBufferPointer<Section>, _ metrics: TableMetrics,
        _ assets: AssetCatalog
    ) -> FragmentRow {
        let rows = sections[item.indexPath.section].rows
        let row = rows[item.indexPath.row]
        let cell = metrics.kind == .table ? TableCell(row.fields) : nil
        return FragmentRow(
            indexPath: item.indexPath, id: row.id, y: item.frame.y, height: item.frame.height, fields: row.fields,
            setSize: rows.count, canEdit: metrics.rowCanBeEdited(row.fields), canMove: metrics.rowCanBeMoved(row.fields),
            endsGroup: !hasInsertionRows && item.indexPath.row == rows.count - 1,
            imageURL: (row.fields["icon"]?.text ?? row.fields["image"]?.text).flatMap(assets.url(forImageNamed:)),
            cell: cell, child: cell?.hasChild == true ? entry.address.appending(row.id).description : nil)
    }

    /// The window for the HTML renderer.
    ///
    /// The sections are read through one unsafe buffer, so the array is not retained and released for
    /// every item.
    /// - Parameter assets: where the rows' image names resolve; a name that resolves nowhere gets no
    ///   URL, and the row a placeholder.
    func fragmentWindow(assets: AssetCatalog) -> FragmentWindow {
        let metrics = entry.metrics
        return sections.withUnsafeBufferPointer { sections in
            var headers: [FragmentHeader] = []
            headers.reserveCapacity(window.headers.count + 1)
            // The pinned header of a long section is sent at its natural frame even when that lies above
            // the window: the page pins it from that frame and its section's end.
            if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
                let natural = TableWindow.SectionItem(section: pinned.section, frame: layout.rectForHeader(inSection: pinned.section))
                headers.append(header(natural, sections))
            }
            for item in window.headers { headers.append(header(item, sections)) }
            var rows: [FragmentRow] = []
            rows.reserveCapacity(window.rows.count)
            for item in window.rows { rows.append(row(item, sections, metrics, assets)) }
            var footers: [FragmentFooter] = []
            for item in window.footers {
                footers.append(
                    FragmentFooter(
                        section: item.section, sectionID: sections[item.section].id, y: item.frame.y,
                        height: item.frame.height, title: metrics.footerTitle(of: sections[item.section]),
                        insertion: insertion(in: sections[item.section])))
            }
            var fragment = FragmentWindow(
                kind: entry.dataset.kind, style: entry.dataset.style, version: entry.dataset.version,
                contentHeight: window.contentHeight, pinnedSection: window.pinnedHeader?.section, headers: headers,
                rows: rows, footers: footers, editable: metrics.rowsCanBeEdited, hasInsertionRows: hasInsertionRows,
                isGrouped: metrics.hasSectionHeaders)
            if let table = metrics.table { addTable(table, to: &fragment) }
            fragment.marks = query
            fragment.matches = matches
            return fragment
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
