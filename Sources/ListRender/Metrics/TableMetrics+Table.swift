// ListRender — the table document: heights of its headers, footers and cells, read from its keys
import Models

/// What the table dictionary of a table document says about the whole table.
public struct TableAttributes: Sendable, Hashable {
    /// The table header's text (`tableHeaderView`), nil for none.
    public var header: String?
    /// The table footer's text (`tableFooterView`), nil for none.
    public var footer: String?
    public var separatorStyle: TableSeparatorStyle
    public var allowsSelection: Bool
    public var allowsMultipleSelection: Bool
    /// `sectionIndexMinimumDisplayRowCount`: the fewest rows the table has for its index bar to show.
    public var indexMinimumRowCount: Int
    /// Whether any row's editing style is delete or insert.
    public var hasEditableRows: Bool
    /// Whether any row can move.
    public var hasMovableRows: Bool

    /// Reads a table dataset's table keys and its rows' editing keys.
    /// - Complexity: O(rows).
    public init(_ dataset: Dataset) {
        let fields = TableDocument.tableFields(of: dataset.shape) ?? Fields()
        header = fields["header"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        footer = fields["footer"]?.text.flatMap { $0.isEmpty ? nil : $0 }
        separatorStyle = fields["separatorStyle"]?.stringValue.flatMap(TableSeparatorStyle.init(rawValue:)) ?? .singleLine
        allowsSelection = fields["allowsSelection"]?.flag ?? true
        allowsMultipleSelection = fields["allowsMultipleSelection"]?.flag ?? false
        indexMinimumRowCount = fields[TableDocument.indexMinimumRowCountKey]?.number.map { Int(max(0, min($0, 1e15))) } ?? 0
        var editable = false
        var movable = false
        for section in dataset.sections {
            for row in section.rows {
                let cell = TableCell(row.fields)
                editable = editable || cell.editingStyle != .none
                movable = movable || cell.canMove
            }
        }
        hasEditableRows = editable
        hasMovableRows = movable
    }
}

extension TableMetrics {
    /// The gap a grouped table's section header or footer leaves when it has no title.
    static let groupGap = 18.0

    /// The narrow characters (a CJK character counts as two) that fit on a line of a section's header or
    /// footer title, or of the table's header or footer text, in a 320 px wide table.
    static let titleLineCharacters = 44

    /// A row's height: its explicit `height`, else its style's (subtitle cells are taller: two lines).
    public static func tableRowHeight(_ cell: TableCell) -> Double {
        cell.height ?? (cell.style == .subtitle ? 58 : 44)
    }

    /// The number of lines `text` takes at ``titleLineCharacters`` a line; 0 for no text.
    static func lineCount(_ text: String?) -> Int {
        guard let text, !text.isEmpty else { return 0 }
        var units = 0
        let perLine = titleLineCharacters
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                units += perLine - units % perLine
            } else {
                units += scalar.value >= 0x1100 ? 2 : 1
            }
        }
        return max(1, (units + perLine - 1) / perLine)
    }

    /// A section header's height (`heightForHeaderInSection`): for table documents, from its title (a
    /// line of small type in grouped styles with the gap above it, a plain bar in plain style) or the
    /// group gap without one; the kind's header height otherwise. A plain bar pins over the rows, so its
    /// title shows ``plainHeaderLines`` lines at most (the page ends it in an ellipsis).
    /// - Complexity: O(title length).
    public func headerHeight(of section: Section) -> Double {
        guard kind.isTableDocument else { return headerHeight }
        let lines = Self.lineCount(title(of: section))
        if lines == 0 { return style.isGrouped ? Self.groupGap : 0 }
        return style.isGrouped ? 38 + 16 * Double(lines - 1) : 28 + 18 * Double(min(lines, Self.plainHeaderLines) - 1)
    }

    /// The lines a plain-style header's title shows at most (`-webkit-line-clamp` in the page's cells.css).
    public static let plainHeaderLines = 3

    /// The section's footer title (`titleForFooterInSection`): a table document section's `footer`,
    /// empty for other kinds.
    public func footerTitle(of section: Section) -> String {
        kind.isTableDocument ? section.fields["footer"]?.text ?? "" : ""
    }

    /// A section footer's height (`heightForFooterInSection`): for table documents, from its title's lines
    /// of small grey type, or the group gap without one; the kind's footer height otherwise.
    /// - Complexity: O(title length).
    public func footerHeight(of section: Section) -> Double {
        guard kind.isTableDocument else { return footerHeight }
        let lines = Self.lineCount(footerTitle(of: section))
        if lines == 0 { return style.isGrouped ? Self.groupGap : 0 }
        return 16 * Double(lines) + (style.isGrouped ? 22 : 12)
    }

    /// The table header's height, from the table document's header text; 0 for none.
    public var tableHeaderHeight: Double { Self.tableTextHeight(table?.header) }

    /// The table footer's height, from the table document's footer text; 0 for none.
    public var tableFooterHeight: Double { Self.tableTextHeight(table?.footer) }

    static func tableTextHeight(_ text: String?) -> Double {
        let lines = lineCount(text)
        return lines == 0 ? 0 : 20 * Double(lines) + 28
    }

    /// Whether a row can be deleted: a table document's row when its editing style is delete, any row of
    /// a kind whose rows can be edited.
    public func rowCanBeEdited(_ fields: Fields) -> Bool {
        rowCanBeEdited(cell: kind.isTableDocument ? TableCell(fields) : nil)
    }

    /// ``rowCanBeEdited(_:)`` for a row whose cell was read already: `cell` is a table document row's, nil
    /// for other kinds.
    public func rowCanBeEdited(cell: TableCell?) -> Bool {
        cell.map { $0.editingStyle == .delete } ?? rowsCanBeEdited
    }

    /// Whether a row shows a reorder handle: a table document's row when it says `canMove`, any row of a
    /// kind whose rows move.
    public func rowCanBeMoved(_ fields: Fields) -> Bool {
        rowCanBeMoved(cell: kind.isTableDocument ? TableCell(fields) : nil)
    }

    /// ``rowCanBeMoved(_:)`` for a row whose cell was read already, as for ``rowCanBeEdited(cell:)``.
    public func rowCanBeMoved(cell: TableCell?) -> Bool {
        cell.map(\.canMove) ?? rowsCanBeMoved
    }
}
