// ListRender — renders a window of a table as the HTML fragment the page inserts
import Bytes
import Models

/// Renders a window of a table as the HTML fragment the page inserts.
///
/// The fragment is one root `<div data-role="window">` carrying the window's metadata, holding the
/// window's headers, rows and footers in table order. Every item carries its content offset and
/// estimated height (`data-y`, `data-h`) for the page to place it in its virtual scroller (the page
/// maps content offsets onto its own coordinates, so the fragment writes no position). Headers,
/// footers and fixed cells are drawn at least at their height (longer text wraps and they grow), and
/// cells whose text wraps (heroes) at their content's: the page measures every item it draws. Items carry the hooks the
/// page and its tests use (`data-row-id`, `data-section-id`, `aria-*`, `data-action`). In flow, with
/// no script, the fragment reads as a plain list. Every dataset text is escaped. Headers and footers of zero height are left out: they
/// show nothing and would only be stops for keyboard focus.
///
/// ```swift
/// let row = FragmentRow(
///     indexPath: IndexPath(row: 0, section: 0), id: RowID(7), y: 0, height: 44,
///     fields: ["title": .string("Wi-Fi <home>")], setSize: 1)
/// let window = FragmentWindow(
///     kind: .generic, style: .plain, version: 3, contentHeight: 44, rows: [row])
/// let html = FragmentRenderer.render(window)   // <div data-role="window" …>…Wi-Fi &lt;home&gt;…</div>
/// ```
public enum FragmentRenderer {
    /// Renders a window.
    /// - Parameter window: what to show.
    /// - Returns: the fragment as UTF-8 HTML.
    /// - Complexity: O(n) in the window's items and their text.
    public static func render(_ window: FragmentWindow) -> [UInt8] {
        var html = HTMLBuffer(capacity: 256 + window.headers.count * 320 + window.rows.count * 720)
        render(window, into: &html)
        return html.bytes
    }

    /// Renders a window at the end of a buffer.
    /// - Parameters:
    ///   - window: what to show.
    ///   - html: the buffer to append to.
    /// - Complexity: O(n) in the window's items and their text.
    public static func render(_ window: FragmentWindow, into html: inout HTMLBuffer) {
        render(window, items: window, into: &html)
    }

    /// Renders a window whose headers, rows and footers come from `items` rather than from the window's
    /// own arrays, which are not read: a server can build each item as it is written, so no window of
    /// item values is held.
    /// - Complexity: O(n) in the items and their text.
    @inlinable
    public static func render<Items: FragmentItems>(
        _ window: FragmentWindow, items: Items, into html: inout HTMLBuffer
    ) {
        let outerMarking = renderOpening(window, into: &html)
        let cell = CellKind(window.kind)
        let (headerCount, rowCount, footerCount) = (items.headerCount, items.rowCount, items.footerCount)
        var (header, row, footer) = (0, 0, 0)
        while header < headerCount || row < rowCount || footer < footerCount {
            let headerSection = header < headerCount ? items.headerSection(at: header) : Int.max
            let rowSection = row < rowCount ? items.rowSection(at: row) : Int.max
            let footerSection = footer < footerCount ? items.footerSection(at: footer) : Int.max
            if headerSection <= rowSection && headerSection <= footerSection {
                if items.headerHeight(at: header) > 0 {
                    items.renderHeader(at: header, kind: window.kind, isGrouped: window.isGrouped, into: &html)
                }
                header += 1
            } else if rowSection <= footerSection {
                // The section's rows in one run: no header or footer comes between them.
                var end = row + 1
                while end < rowCount && items.rowSection(at: end) == rowSection { end += 1 }
                items.renderRows(row..<end, cell: cell, isGrouped: window.isGrouped, into: &html)
                row = end
            } else {
                if items.footerHeight(at: footer) > 0 {
                    renderFooter(items.footer(at: footer), inGroupedStyle: window.style.isGrouped, into: &html)
                }
                footer += 1
            }
        }
        renderClosing(window, outerMarking: outerMarking, into: &html)
    }

    /// Writes the window's root element and table header, and turns on the window's search marks.
    /// - Returns: the marking to restore at the end.
    @usableFromInline
    static func renderOpening(_ window: FragmentWindow, into html: inout HTMLBuffer) -> SearchQuery? {
        html.raw("<div data-role=\"window\" data-kind=\"")
        html.raw(kindName(window.kind))
        html.raw("\" data-style=\"")
        html.text(window.style.rawValue)
        html.raw("\" data-version=\"")
        html.int(window.version)
        html.raw("\" data-content-height=\"")
        html.pixels(window.contentHeight)
        if let pinned = window.pinnedSection {
            html.raw("\" data-pinned-section=\"")
            html.int(pinned)
        }
        html.raw(window.editable ? "\" data-editable=\"true" : "\" data-editable=\"false")
        if window.hasInsertionRows { html.raw("\" data-editing=\"true") }
        if let table = window.table { renderTableAttributes(table, into: &html) }
        if let matches = window.matches {
            html.raw("\" data-matches=\"")
            html.int(matches)
        }
        if let width = window.estimatedWidth {
            html.raw("\" data-width=\"")
            html.pixels(width)
        }
        if let gridRows = window.gridRows {
            html.raw("\" data-row-index=\"")
            html.int(gridRows.firstRow)
            html.raw("\" data-row-count=\"")
            html.int(gridRows.count)
        }
        html.raw(window.kind == .messages ? "\" data-edit-style=\"select\">" : "\" data-edit-style=\"delete\">")
        if let header = window.tableHeader { renderTableText(header, role: "table-header", into: &html) }
        let outerMarking = html.marking
        html.marking = window.marks
        html.language = window.language
        html.reader = window.reader
        html.iconDirectory = window.iconDirectory
        return outerMarking
    }

    /// Writes the table footer and closes the root element, restoring the marking.
    @usableFromInline
    static func renderClosing(_ window: FragmentWindow, outerMarking: SearchQuery?, into html: inout HTMLBuffer) {
        if let footer = window.tableFooter { renderTableText(footer, role: "table-footer", into: &html) }
        html.raw("</div>")
        html.marking = outerMarking
    }

    static func kindName(_ kind: DatasetKind) -> StaticString {
        switch kind {
        case .friends: "friends"
        case .heroes: "heroes"
        case .apps: "apps"
        case .messages: "messages"
        case .generic: "generic"
        case .table: "table"
        case .settings: "settings"
        }
    }

    /// How an item's height is written.
    enum Sizing {
        /// `min-height`: headers, footers and cells of one design height that grow only when their text
        /// wraps.
        case minimum
        /// No height: cells whose height is their content's.
        case natural
    }

    /// Writes `data-y`, `data-h` and the inline height, ending inside the last attribute's quotes.
    static func renderFrame(y: Double, height: Double, sizing: Sizing, into html: inout HTMLBuffer) {
        html.withRoom(frameRoom) { renderFrame(y: y, height: height, sizing: sizing, into: &$0) }
    }

    /// The most bytes a frame written through a cursor takes.
    static var frameRoom: Int { 48 + 3 * HTMLCursor.longestPixels }

    /// Writes the frame as above through a cursor, in at most ``frameRoom`` bytes.
    @inline(__always)
    static func renderFrame(y: Double, height: Double, sizing: Sizing, into out: inout HTMLCursor) {
        out.raw("\" data-y=\"")
        out.pixels(y)
        out.raw("\" data-h=\"")
        out.pixels(height)
        switch sizing {
        case .minimum: out.raw("\" style=\"min-height:")
        case .natural: return
        }
        out.pixels(height)
        out.raw("px")
    }

    /// Writes one row of a window of `cell`s (in a tree grid when `isGrouped`).
    public static func renderRow(
        _ row: borrowing FragmentRow, cell: CellKind, isGrouped: Bool = false, into html: inout HTMLBuffer
    ) {
        withUnsafePointer(to: row) { renderRow(at: $0, cell: cell, isGrouped: isGrouped, into: &html) }
    }

    /// Writes the row at `row` as ``renderRow(_:cell:isGrouped:into:)`` does, reading it where it lies:
    /// a row passed by value from memory the compiler cannot prove unchanged is copied first, its fields,
    /// image URL and child address retained and then released.
    @usableFromInline
    package static func renderRow(
        at row: UnsafePointer<FragmentRow>, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer
    ) {
        FragmentRow.withLent(row, language: html.language) { renderRow($0, cell: cell, isGrouped: isGrouped, into: &html) }
    }

    /// Writes one row lent by its owner (see ``FragmentRow/Lent``) as ``renderRow(_:cell:isGrouped:into:)``
    /// writes a row: the cells read its dictionary and image URL where they lie.
    @usableFromInline
    package static func renderRow(
        _ row: FragmentRow.Lent, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer
    ) {
        // The element's markup, numbers and editing controls in one reservation; a table cell's attributes,
        // which hold its texts, come before the controls.
        let language = html.language
        html.withRoom(rowOpeningRoom + rowControlsRoom) { out in
            writeRowOpening(row, cell: cell, isGrouped: isGrouped, into: &out)
            if row.cell == nil { closeRowOpening(row, language: language, into: &out) }
        }
        if let tableCell = row.cell {
            renderTableRowAttributes(tableCell, child: row.child, into: &html)
            html.withRoom(rowControlsRoom) { closeRowOpening(row, language: language, into: &$0) }
        }
        if row.canEdit {
            html.withRoom(rowControlsRoom) { writeEditingControls(cell: cell, language: language, into: &$0) }
        }
        renderCell(row, cell: cell, into: &html)
        if row.canMove {
            html.raw("<span class=\"grip\" data-action=\"move\" role=\"button\" aria-label=\"Reorder\"></span>")
        }
        html.raw("</div>")
        // The swipe's buttons after the content, so the row's name starts with what it shows.
        if row.canEdit {
            if let actions = row.actions {
                html.raw(bytes: actions)
            } else {
                defaultActionMarkup(html.language).withUnsafeBytes { html.raw(bytes: $0) }
            }
        }
        html.raw("</div>")
    }

    /// Writes a row's element up to a table cell's attributes, in at most ``rowOpeningRoom`` bytes.
    @inline(__always)
    private static func writeRowOpening(
        _ row: FragmentRow.Lent, cell: CellKind, isGrouped: Bool, into out: inout HTMLCursor
    ) {
        cell.writeRowOpening(into: &out)
        if row.position <= 1 { out.raw(" first") }
        if row.endsGroup { out.raw(" last") }
        out.raw("\" data-row-id=\"")
        out.int(row.id.rawValue)
        out.raw("\" data-section=\"")
        out.int(row.indexPath.section)
        out.raw("\" data-row=\"")
        out.int(row.indexPath.row)
        if let place = row.place {
            out.raw("\" data-at=\"")
            out.int(place.section)
            out.raw(".")
            out.int(place.row)
        }
        renderFrame(y: row.y, height: row.height, sizing: cell == .hero ? .natural : .minimum, into: &out)
        // A tree grid's rows name their level and their place among their section's rows (WAI-ARIA 1.2 allows
        // the three on a row of a treegrid only, which a grouped table's grid is).
        if isGrouped {
            out.raw("\" aria-selected=\"false\" aria-level=\"2\" aria-posinset=\"")
            out.int(row.position)
            out.raw("\" aria-setsize=\"")
            out.int(row.setSize)
        } else {
            out.raw("\" aria-selected=\"false")
        }
        if row.canEdit { out.raw("\" data-can-edit=\"true") }
        if row.canMove { out.raw("\" data-can-move=\"true") }
    }

    /// Closes a row's start tag; a row that cannot be edited then opens its cell (with the insert control
    /// of an insertion row), in at most ``rowControlsRoom`` bytes.
    @inline(__always)
    private static func closeRowOpening(_ row: FragmentRow.Lent, language: UILanguage, into out: inout HTMLCursor) {
        out.raw("\" tabindex=\"-1\">")
        guard !row.canEdit else { return }
        out.raw("<div class=\"rc\" role=\"gridcell\">")
        if row.cell?.editingStyle == .insert {
            out.raw("<button type=\"button\" class=\"minus add\" data-action=\"insert\" aria-label=\"")
            out.raw(language.pick(.insert))
            out.raw("\"")
            out.raw(" tabindex=\"-1\"></button>")
        }
    }

    /// Opens the cell of a row that can be edited, with its edit-mode control: the minus (or a message's
    /// check circle), in at most ``rowControlsRoom`` bytes.
    @inline(__always)
    private static func writeEditingControls(cell: CellKind, language: UILanguage, into out: inout HTMLCursor) {
        out.raw("<div class=\"rc\" role=\"gridcell\">")
        if cell == .message {
            out.raw("<span class=\"check\" aria-hidden=\"true\"></span>")
        } else {
            out.raw("<button type=\"button\" class=\"minus\" data-action=\"minus\" aria-label=\"")
            out.raw(language.pick(.delete))
            out.raw("\" tabindex=\"-1\"></button>")
        }
    }

    /// The most bytes a row's opening element writes before a table cell's attributes: its literals
    /// (under 256 bytes), seven integers and a frame.
    static var rowOpeningRoom: Int { 256 + 7 * (ByteStorage.longestDecimal + 1) + frameRoom }

    /// The most bytes a row's editing controls write (their literals are under 200 bytes).
    static var rowControlsRoom: Int { 256 }
}
