// ListRender — a window's section headers and footers
import Bytes
import Models

extension FragmentRenderer {
    /// Writes one section header.
    public static func renderHeader(
        _ header: FragmentHeader, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer
    ) {
        FragmentHeader.withLent(header) { renderHeader($0, kind: kind, isGrouped: isGrouped, into: &html) }
    }

    /// Writes one section header lent by its owner (see ``FragmentHeader/Lent``), as
    /// ``renderHeader(_:kind:isGrouped:into:)`` writes a header.
    @usableFromInline
    package static func renderHeader(
        _ header: FragmentHeader.Lent, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer
    ) {
        if let link = header.link {
            renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html, isLinked: true) { html in
                html.text(utf8: link)
            }
        } else {
            renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html, isLinked: false) { _ in }
        }
    }

    /// Writes one section header lent by its owner whose title links to the address `writeLink` writes,
    /// escaped for an attribute, in place of the header's ``FragmentHeader/Lent/link``: a server writes the
    /// address straight into the fragment, with no buffer of its own.
    @usableFromInline
    package static func renderHeader(
        _ header: FragmentHeader.Lent, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer,
        writingLink writeLink: (inout HTMLBuffer) -> Void
    ) {
        renderHeader(header, kind: kind, isGrouped: isGrouped, into: &html, isLinked: true, writeLink)
    }

    private static func renderHeader(
        _ header: FragmentHeader.Lent, kind: DatasetKind, isGrouped: Bool, into html: inout HTMLBuffer,
        isLinked: Bool, _ writeLink: (inout HTMLBuffer) -> Void
    ) {
        // A header with no title and nothing to toggle is the gap between groups, no row to read or focus.
        let untitled = header.title.isEmpty && !header.isCollapsible && kind != .friends
        html.raw(untitled ? "<div aria-hidden=\"true\" data-cell=\"header\" class=\"hdr" : "<div role=\"row\" data-cell=\"header\" class=\"hdr")
        if kind == .friends { html.raw(" h-friend") }
        html.raw("\" data-section-id=\"")
        html.int(header.sectionID.rawValue)
        html.raw("\" data-section=\"")
        html.int(header.section)
        html.raw("\" data-end=\"")
        html.pixels(header.sectionMaxY)
        if isGrouped && kind.isTableDocument && !header.title.isEmpty {
            // A grouped header's title is as tall as the lines it takes on the page (16 px each, the gap above
            // them and 6 px below, TableMetrics.headerHeight(of:)): the estimate counts lines of a 320 px table,
            // so at its height a wider page would show the lines it saved as a gap above the title.
            renderFrame(y: header.y, height: header.height, sizing: .natural, into: &html)
            html.raw("\" style=\"padding-top:16px")
        } else {
            renderFrame(y: header.y, height: header.height, sizing: .minimum, into: &html)
        }
        if isGrouped { html.raw("\" aria-level=\"1") }
        if header.isCollapsible {
            html.raw(header.isExpanded ? "\" aria-expanded=\"true" : "\" aria-expanded=\"false")
        }
        html.raw(untitled ? "\"><div class=\"hc\">" : "\" tabindex=\"-1\"><div class=\"hc\" role=\"gridcell\">")
        if header.isCollapsible {
            html.raw("<img class=\"arrow\" src=\"")
            html.url(of: .disclosure)
            html.raw("\" alt=\"\" width=\"12\" height=\"12\">")
        }
        if isLinked {
            html.raw("<a class=\"ht\" tabindex=\"-1\" href=\"")
            writeLink(&html)
            html.raw("\">")
            html.text(utf8: header.title)
            html.raw("</a>")
        } else {
            html.raw("<span class=\"ht\">")
            html.text(utf8: header.title)
            html.raw("</span>")
        }
        if kind == .friends {
            html.raw("<span class=\"hn\">")
            writeGrouped(header.online, into: &html)
            html.raw(" / ")
            writeGrouped(header.rowCount, into: &html)
            html.raw("</span>")
        }
        html.raw("</div></div>")
    }

    /// Writes a count with its thousands grouped (`12,345`), as both languages write an exact count.
    @inline(__always)
    static func writeGrouped<Count: BinaryInteger>(_ count: Count, into html: inout HTMLBuffer) {
        guard count >= 1000 else { return html.int(count) }
        html.text(downloadCount(UInt64(count), language: .english))
    }

    @usableFromInline
    static func renderFooter(_ footer: FragmentFooter, inGroupedStyle: Bool = false, into html: inout HTMLBuffer) {
        let insertion = footer.insertion
        if let insertion {
            html.raw("<div role=\"row\" data-cell=\"footer\" class=\"ftr ins")
            if insertion.row == 0 { html.raw(" first") }
        } else {
            html.raw("<div data-cell=\"footer\" class=\"ftr")
        }
        if !footer.title.isEmpty { html.raw(" ft-text\" data-role=\"section-footer") }
        html.raw("\" data-section-id=\"")
        html.int(footer.sectionID.rawValue)
        html.raw("\" data-section=\"")
        html.int(footer.section)
        if let insertion {
            html.raw("\" data-row=\"")
            html.int(insertion.row)
            html.raw("\" data-key=\"")
            html.text(insertion.titleKey)
        }
        if insertion == nil, !footer.title.isEmpty {
            // A footer's text is as tall as the lines it takes on the page (16 px each, 6 px above them), and the
            // gap below is the estimate's (TableMetrics.footerHeight(of:)): the estimate counts lines of a 320 px
            // table, so at the estimate's height a wider page would show the lines it saved as a gap.
            renderFrame(y: footer.y, height: footer.height, sizing: .natural, into: &html)
            html.raw(inGroupedStyle ? "\" style=\"padding-bottom:16px" : "\" style=\"padding-bottom:6px")
        } else {
            renderFrame(y: footer.y, height: footer.height, sizing: .minimum, into: &html)
        }
        if let insertion {
            // The insertion row: a cell whose editing style is insert, then the footer's own spacing.
            html.raw("\" tabindex=\"-1\"><div class=\"rc\" role=\"gridcell\" style=\"height:")
            html.pixels(insertion.height)
            html.raw("px\"><button type=\"button\" class=\"minus add\" data-action=\"insert\" aria-label=\"")
            html.raw(html.language.pick(.addARow))
            html.raw("\" tabindex=\"-1\"></button><span class=\"t1\">")
            html.raw(html.language.pick(.addRow))
            html.raw("</span></div><span>")
        } else {
            html.raw("\"><span>")
        }
        html.text(footer.title)
        html.raw("</span></div>")
    }
}
