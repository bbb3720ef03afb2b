// ListRender — the HTML fragment of an outline's window: a tree grid's rows
import Models

/// The HTML fragment of an outline's window (see `OutlineWindow`): one `role="row"` a visible row,
/// saying its `aria-level`, `aria-posinset`, `aria-setsize` and, for a row with children,
/// `aria-expanded` with a disclosure button the page turns when it is open; the cell says its depth
/// as `--level`, which `cells.css` indents 20 px a level, as a list cell's `indentationLevel` does.
public enum OutlineFragment {
    /// One row to write: where the window shows it, what a tree grid says of it and its fields.
    public struct Row {
        public var item: OutlineWindow.RowItem
        public var facts: OutlineTreeFacts
        /// The id of the section's row the node is, or is under.
        public var rowID: RowID
        /// The node's fields, without its child rows.
        public var fields: Fields
        /// The node's parent in preorder; -1 for a top-level row.
        public var parent: Int
        /// For a node with children, the page with it expanded or collapsed (its disclosure is then a link, which
        /// works without script); nil for a button only.
        public var toggleLink: String?

        public init(
            item: OutlineWindow.RowItem, facts: OutlineTreeFacts, rowID: RowID, fields: Fields, parent: Int = -1,
            toggleLink: String? = nil
        ) {
            self.item = item
            self.facts = facts
            self.rowID = rowID
            self.fields = fields
            self.parent = parent
            self.toggleLink = toggleLink
        }
    }

    /// Writes the fragment.
    /// - Parameters:
    ///   - window: the window.
    ///   - rows: its rows, in the window's order.
    ///   - kind: the dataset's kind, which says which fields are the row's texts.
    ///   - section: the section's id.
    ///   - version: the dataset's version.
    ///   - expanded: the expanded nodes in their compact form, as the request named them.
    ///   - count: the outline's number of nodes, which the page needs to write `all` less one node.
    ///   - style: the table's style.
    ///   - marking: a search's query, whose matches the texts mark (`<mark>`), and how many nodes match
    ///     (`data-matches`); nil for none.
    ///   - language: the language of the disclosure buttons' labels.
    /// - Returns: the fragment's UTF-8 bytes.
    /// - Complexity: O(k) in the rows' texts.
    public static func html(
        _ window: OutlineWindow, rows: [Row], kind: DatasetKind, section: SectionID, version: Int64,
        expanded: String, count: Int, style: TableStyle = .plain, marking: (query: SearchQuery, matches: Int)? = nil,
        language: UILanguage
    ) -> [UInt8] {
        HTMLBuffer.bytes(capacity: 256 + rows.count * 384) { html in
            html.marking = marking?.query
            html.raw("<div data-role=\"outline\" role=\"treegrid\" data-section=\"")
            html.int(section.rawValue)
            html.raw("\" data-kind=\"")
            html.raw(FragmentRenderer.kindName(kind))
            html.raw("\" data-style=\"")
            html.text(style.rawValue)
            html.raw("\" data-count=\"")
            html.int(count)
            html.raw("\" data-version=\"")
            html.int(version)
            html.raw("\" data-content-height=\"")
            html.pixels(window.contentHeight)
            html.raw("\" aria-rowcount=\"")
            html.int(window.visibleCount)
            html.raw("\" data-expanded=\"")
            html.text(expanded)
            if let marking {
                html.raw("\" data-matches=\"")
                html.int(marking.matches)
            }
            html.raw("\">")
            for row in rows { write(row, kind: kind, language: language, to: &html) }
            html.raw("</div>")
        }
    }

    private static func write(_ row: Row, kind: DatasetKind, language: UILanguage, to html: inout HTMLBuffer) {
        let item = row.item
        html.raw("<div role=\"row\" class=\"row orow\" data-node=\"")
        html.int(item.row)
        html.raw("\" data-row-id=\"")
        html.int(row.rowID.rawValue)
        if row.parent >= 0 {
            html.raw("\" data-parent=\"")
            html.int(row.parent)
        }
        FragmentRenderer.renderFrame(y: item.frame.y, height: item.frame.height, sizing: .minimum, into: &html)
        html.raw("\" aria-rowindex=\"")
        html.int(item.index + 1)
        html.raw("\" aria-level=\"")
        html.int(row.facts.level)
        html.raw("\" aria-posinset=\"")
        html.int(row.facts.position)
        html.raw("\" aria-setsize=\"")
        html.int(row.facts.setSize)
        if let isExpanded = row.facts.isExpanded {
            html.raw(isExpanded ? "\" aria-expanded=\"true" : "\" aria-expanded=\"false")
        }
        html.raw("\" tabindex=\"-1\"><div class=\"rc\" role=\"gridcell\" style=\"--level:")
        html.int(item.depth)
        html.raw("\">")
        if let isExpanded = row.facts.isExpanded, let link = row.toggleLink {
            html.raw("<a class=\"disclosure\" data-action=\"disclose\" role=\"button\" tabindex=\"-1\" href=\"")
            html.text(link)
            html.raw("\" aria-label=\"")
            html.text(label(isExpanded: isExpanded, language: language))
            html.raw("\"></a>")
        } else if let isExpanded = row.facts.isExpanded {
            html.raw("<button type=\"button\" class=\"disclosure\" data-action=\"disclose\" tabindex=\"-1\"")
            html.raw(" aria-label=\"")
            html.text(label(isExpanded: isExpanded, language: language))
            html.raw("\"></button>")
        } else {
            html.raw("<span class=\"disclosure-space\"></span>")
        }
        html.raw("<div class=\"tx\"><div class=\"t1\">")
        let first = kind == .table ? row.fields["text"]?.text : DatasetKind.primaryText(of: row.fields)
        html.cellText(first ?? "")
        html.raw("</div>")
        let second = kind == .table ? row.fields["detail"]?.text : DatasetKind.secondaryText(of: row.fields)
        if let second {
            html.raw("<div class=\"t2\">")
            html.cellText(second)
            html.raw("</div>")
        }
        html.raw("</div></div></div>")
    }

    /// The disclosure button's label: what a tap does.
    static func label(isExpanded: Bool, language: UILanguage) -> String {
        language.pick(isExpanded ? .collapse : .expand).description
    }
}
