// Web — one computed window, as JSON or as a fragment
import HTTPServer
import ListRender
import Models

/// One computed window of a dataset version, ready to be written as JSON or as an HTML fragment.
///
/// A class: the writers hold and pass one reference, where a structure of this many references (the
/// entry, its layout, the window's arrays) was copied, each reference retained and released, and those
/// are the dataset's, shared by every thread serving it.
final class WindowView {
    let entry: DatasetEntry
    let expanded: ExpandedSections
    /// Whether the sections end with insertion rows (editing mode, a kind whose rows can be inserted).
    let hasInsertionRows: Bool
    /// The layout the window is of, read where the entry keeps it.
    let shared: SharedLayout
    var layout: TableLayout { shared.layout }
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
        shared = entry.sharedLayout(
            for: expanded, hasInsertionRows: hasInsertionRows, width: entry.estimateWidth(request.width))
        window = Self.window(of: shared, entry, request)
        sections = entry.dataset.sections
    }

    /// The window `request` asks for in `shared`'s layout: at `top`, from the row or section it names
    /// when it names one.
    private static func window(
        of shared: SharedLayout, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> TableWindow {
        withExtendedLifetime(shared) {
            // Read where the shared layout keeps it (a call on `shared.layout` copied the layout first).
            withUnsafePointer(to: shared.layout) { layout in
                var top = request.top
                if let anchor = request.anchor, let path = entry.snapshot.indexPath(for: anchor),
                    let frame = layout.pointee.rectForRow(at: path)
                {
                    top += frame.y
                } else if let section = request.section, section < layout.pointee.numberOfSections {
                    top += layout.pointee.rectForHeader(inSection: section).y
                }
                return layout.pointee.window(top: top, height: request.height, overscan: request.overscan)
            }
        }
    }

    /// The JSON of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else as ``json``.
    static func json(entry: DatasetEntry, request: WindowRequest, key: ResponseCache.Key? = nil) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.json, entry, request)) {
            WindowView(searching: entry, request: request).json
        }
    }

    /// The HTML fragment of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else O(log n + k).
    /// - Parameter assets: where the rows' image names resolve.
    static func fragment(
        entry: DatasetEntry, request: WindowRequest, assets: AssetCatalog, key: ResponseCache.Key? = nil
    ) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.fragment, entry, request)) {
            WindowView(searching: entry, request: request).fragment(assets: assets)
        }
    }

    /// The entity tag of a window response: the entry (so the dataset version) and the normalised
    /// request, so that a client holding it is answered `304` without a window being written.
    /// - Complexity: O(1) besides the expanded set's length.
    static func etag(_ key: ResponseCache.Key, entry: DatasetEntry) -> String {
        quotedTag(entry.tag, key.format == .json ? UInt8(ascii: "j") : UInt8(ascii: "f"), key.digest)
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

    /// A `304` when `condition`, the request's `If-None-Match`, names `etag`, else nil.
    static func notModified(_ condition: String?, etag: String) -> HTTPResponse? {
        guard let condition, StaticFiles.matches(condition, etag: etag) else {
            return nil
        }
        return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": "no-cache"])
    }

    static func cacheKey(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> ResponseCache.Key {
        ResponseCache.Key(
            format: format, top: request.top, height: request.height, overscan: request.overscan,
            expanded: request.expandedSections(default: entry.defaultExpanded),
            hasInsertionRows: request.hasInsertionRows(in: entry),
            width: entry.estimateWidth(request.width), anchor: request.anchor?.rawValue, section: request.section,
            query: request.query)
    }

    fileprivate func header(_ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>) -> FragmentHeader {
        withHeader(item, sections) { FragmentHeader($0, fields: sections[item.section].fields) }
    }

    /// Lends `body` the header of `item` as the renderer reads it: its title's bytes, and its link's
    /// when the sections collapse, with no string made for the link.
    fileprivate func withHeader<Result>(
        _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>,
        _ body: (FragmentHeader.Lent) -> Result
    ) -> Result {
        let section = sections.baseAddress.unsafelyUnwrapped + item.section
        let collapsible = entry.metrics.sectionsAreCollapsible
        var title = entry.metrics.title(of: section.pointee)
        let online = entry.dataset.kind == .friends ? FragmentHeader.online(in: section.pointee.fields) : 0
        func lend(_ link: UnsafeRawBufferPointer?) -> Result {
            title.withUTF8 { title in
                body(
                    FragmentHeader.Lent(
                        section: item.section, sectionID: section.pointee.id, y: item.frame.y,
                        height: item.frame.height, sectionMaxY: shared.layout.rectForSection(item.section).maxY,
                        title: UnsafeRawBufferPointer(title), online: online,
                        rowCount: headerRowCount(item.section, section.pointee),
                        isExpanded: expanded.contains(section.pointee.id), isCollapsible: collapsible, link: link))
            }
        }
        guard collapsible else { return lend(nil) }
        return link(toggling: section.pointee.id, at: item.frame.y).withUnsafeBytes(lend)
    }

    /// The page with one section toggled and its header at the top: the link of a collapsible header.
    private func link(toggling id: SectionID, at y: Double) -> [UInt8] {
        let ranges = entry.sectionIDRanges
        var link: [UInt8] = []
        link.reserveCapacity(48 + entry.dataset.id.utf8.count + 24 * min(ranges.count + 1, 64))
        Self.append("/d/", to: &link)
        var dataset = entry.dataset.id
        dataset.withUTF8 { link.append(contentsOf: $0) }
        Self.append("?", to: &link)
        if y > 0 {
            Self.append("top=", to: &link)
            ExpandedSections.appendDecimal(Int64(y), to: &link)
            Self.append("&", to: &link)
        }
        Self.append("expanded=", to: &link)
        expanded.writeToggling(id, allIDs: ranges, to: &link)
        return link
    }

    /// Appends the bytes of `text`, a literal, to `bytes`.
    private static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Lends `body` the row of `item` as the renderer reads it, with the number of rows in its section: its
    /// dictionary where `rows`, its section's, keep it and its image URL where `icons` keeps it, so that
    /// nothing is copied or retained for it.
    @inline(__always)
    fileprivate func withRow<Result>(
        _ item: TableWindow.RowItem, in rows: UnsafeBufferPointer<Row>, _ metrics: TableMetrics, _ icons: IconURLs,
        _ body: (FragmentRow.Lent, _ setSize: Int) -> Result
    ) -> Result {
        let row = rows.baseAddress.unsafelyUnwrapped + item.indexPath.row
        let fields = UnsafeRawPointer(row).advanced(by: MemoryLayout<Row>.offset(of: \Row.fields)!)
            .assumingMemoryBound(to: Fields.self)
        let cell = metrics.kind == .table ? TableCell(fields.pointee) : nil
        // Asked here rather than in the closures below, which would copy the metrics to ask.
        let (canEdit, canMove) = (metrics.rowCanBeEdited(cell: cell), metrics.rowCanBeMoved(cell: cell))
        func lend(child: UnsafeRawBufferPointer?) -> Result {
            icons.withURL(of: fields) { imageURL in
                body(
                    FragmentRow.Lent(
                        indexPath: item.indexPath, id: row.pointee.id, y: item.frame.y, height: item.frame.height,
                        position: item.indexPath.row + 1, canEdit: canEdit, canMove: canMove,
                        endsGroup: !hasInsertionRows && item.indexPath.row == rows.count - 1, fields: fields,
                        imageURL: imageURL, cell: cell, child: child),
                    rows.count)
            }
        }
        guard cell?.hasChild == true else { return lend(child: nil) }
        var child = entry.address.appending(row.pointee.id).description
        return child.withUTF8 { lend(child: UnsafeRawBufferPointer($0)) }
    }

    /// The window for the HTML renderer, its headers, rows and footers built into arrays.
    /// - Parameter assets: where the rows' image names resolve; a name that resolves nowhere gets no
    ///   URL, and the row a placeholder.
    func fragmentWindow(assets: AssetCatalog) -> FragmentWindow {
        sections.withUnsafeBufferPointer { sections in
            let items = Items(self, sections, assets)
            var fragment = fragmentAttributes()
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
        HTMLBuffer.bytes(capacity: 256 + (window.headers.count + 1) * 320 + window.rows.count * 720) { html in
            fragment(assets: assets, into: &html)
        }
    }

    /// Writes the fragment of the window at the end of `html`, as ``fragment(assets:)`` does.
    func fragment(assets: AssetCatalog, into html: inout HTMLBuffer) {
        sections.withUnsafeBufferPointer { sections in
            let items = Items(self, sections, assets)
            FragmentRenderer.render(fragmentAttributes(), items: items, into: &html)
            items.icons.publish()
        }
    }

    /// The window's attributes for the renderer, without its items.
    private func fragmentAttributes() -> FragmentWindow {
        let metrics = entry.metrics
        var fragment = FragmentWindow(
            kind: entry.dataset.kind, style: entry.dataset.style, version: entry.dataset.version,
            contentHeight: window.contentHeight, pinnedSection: window.pinnedHeader?.section,
            editable: metrics.rowsCanBeEdited, hasInsertionRows: hasInsertionRows,
            isGrouped: metrics.hasSectionHeaders)
        if let table = metrics.table { addTable(table, to: &fragment) }
        fragment.marks = query
        fragment.matches = matches
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
        /// The headers in table order: the pinned header of a long section comes first, at its natural
        /// frame, when that lies above the window (the page pins it from that frame and its section's end).
        let headers: [TableWindow.SectionItem]

        init(_ view: WindowView, _ sections: UnsafeBufferPointer<Section>, _ assets: AssetCatalog) {
            self.view = view
            self.sections = sections
            metrics = view.entry.metrics
            icons = IconURLs(assets)
            let window = view.window
            if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
                let natural = TableWindow.SectionItem(
                    section: pinned.section, frame: view.shared.layout.rectForHeader(inSection: pinned.section))
                headers = [natural] + window.headers
            } else {
                headers = window.headers
            }
        }

        var headerCount: Int { headers.count }
        var rowCount: Int { view.window.rows.count }
        var footerCount: Int { view.window.footers.count }
        func headerSection(at index: Int) -> Int { headers[index].section }
        func rowSection(at index: Int) -> Int { view.window.rows[index].indexPath.section }
        func footerSection(at index: Int) -> Int { view.window.footers[index].section }
        func headerHeight(at index: Int) -> Double { headers[index].frame.height }
        func footerHeight(at index: Int) -> Double { view.window.footers[index].frame.height }
        func header(at index: Int) -> FragmentHeader { view.header(headers[index], sections) }

        func renderHeader(at index: Int, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            view.withHeader(headers[index], sections) { header in
                FragmentRenderer.renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html)
            }
        }
        func row(at index: Int) -> FragmentRow {
            let item = view.window.rows[index]
            return sections[item.indexPath.section].rows.withUnsafeBufferPointer { rows in
                view.withRow(item, in: rows, metrics, icons) { row, setSize in FragmentRow(row, setSize: setSize) }
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
                        view.withRow(items[index], in: rows, metrics, icons) { row, _ in
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
                title: metrics.footerTitle(of: section), insertion: view.insertion(in: section))
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

/// The image URLs of one window's rows, found by the bytes of their names: in the catalogue's table of
/// names met before (read without a lock), else resolved and remembered for this window, and handed
/// to the catalogue when the window is written (``publish()``).
private final class IconURLs {
    private let assets: AssetCatalog
    private let table: ImageNameTable
    // Only the thread writing the window reads these.
    @exclusivity(unchecked) private var met: [ImageNameTable.Slot] = []

    init(_ assets: AssetCatalog) {
        self.assets = assets
        table = assets.imageNameTable()
    }

    /// Lends `body` the UTF-8 bytes of the URL of the image the row at `fields` names in `icon`, else in
    /// `image`; nil when it names none or the name resolves nowhere. A name met before is answered with
    /// the table's bytes, so nothing is retained for it.
    @inline(__always)
    func withURL<Result>(of fields: UnsafePointer<Fields>, _ body: (UnsafeRawBufferPointer?) -> Result) -> Result {
        // Closures rather than `url(named:)` itself, which would be a closure holding a reference to `self`.
        let found = Fields.withText(of: fields, forKey: "icon") { url(named: $0) }
            ?? Fields.withText(of: fields, forKey: "image") { url(named: $0) } ?? .nowhere
        switch found {
        case .nowhere: return body(nil)
        case .lent(let bytes): return body(bytes)
        case .resolved(var url): return url.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Gives the names this window resolved to the catalogue, for the windows after it.
    func publish() {
        assets.rememberImageNames(met)
        met = []
    }

    /// Where an image name's URL was found.
    private enum Found {
        /// The name resolves nowhere.
        case nowhere
        /// In the catalogue's table, which keeps the bytes for as long as this window holds it.
        case lent(UnsafeRawBufferPointer)
        /// Resolved or met in this window.
        case resolved(String)
    }

    /// The URL for an image name lent as UTF-8 bytes: a `String` of the name is made only the first time
    /// it is met.
    private func url(named bytes: UnsafeRawBufferPointer) -> Found {
        let hash = ImageNameTable.hash(bytes)
        if let url = table.url(for: bytes, hash: hash) { return url.map(Found.lent) ?? .nowhere }
        for slot in met where slot.hash == hash && ImageNameTable.equal(slot.name, bytes) {
            return slot.url.map(Found.resolved) ?? .nowhere
        }
        let url = assets.url(forImageNamed: String(decoding: bytes, as: UTF8.self))
        if met.count < ImageNameTable.limit { met.append(ImageNameTable.Slot(hash: hash, name: Array(bytes), url: url)) }
        return url.map(Found.resolved) ?? .nowhere
    }
}
