// ListRender — the sizes a dataset's table is drawn with
import Models

/// The sizes a dataset's table is drawn with: header, row and footer heights per kind, which
/// sections start expanded, and the section titles. The page draws cells at exactly these heights,
/// so the server's windows and the browser agree on every offset.
public struct TableMetrics: Sendable, Hashable {
    public var kind: DatasetKind
    public var style: TableStyle
    /// Whether sections have a header at all (grouped lists do; a single flat section does not).
    public var hasSectionHeaders: Bool
    /// Generic rows show a second line when the dataset has one.
    public var hasSubtitles: Bool
    /// Table documents: the table's own keys (header and footer text, separators, selection), and
    /// whether any row can be deleted, inserted or moved.
    public var table: TableAttributes?

    /// The metrics of `dataset`'s table.
    /// - Complexity: O(rows) for generic datasets (to find subtitles), O(1) otherwise.
    public init(for dataset: Dataset) {
        kind = dataset.kind
        style = dataset.style
        hasSectionHeaders = dataset.shape.isGrouped
        hasSubtitles =
            dataset.kind == .generic
            && dataset.sections.contains { $0.rows.contains { DatasetKind.secondaryText(of: $0.fields) != nil } }
        table = dataset.kind == .table ? TableAttributes(dataset) : nil
    }

    /// Whether a section's rows are shown when the client names no expanded set.
    public var sectionsStartExpanded: Bool { !kind.sectionsStartCollapsed }

    /// A section header's height; 0 for none.
    public var headerHeight: Double {
        guard hasSectionHeaders else { return 0 }
        switch kind {
        case .friends: return 44
        case .generic: return style == .grouped ? 38 : 28
        case .heroes, .apps, .messages: return 28
        case .table: return style.isGrouped ? Self.groupGap : 0
        }
    }

    /// A section footer's height: the gap below each inset group in grouped style.
    public var footerHeight: Double { style == .grouped && hasSectionHeaders ? 12 : 0 }

    /// The height of a row with these fields.
    public func rowHeight(for fields: Fields) -> Double {
        switch kind {
        case .friends: 60
        case .heroes: 76 + 18 * Double(TableMetrics.descriptionLineCount(fields["desc"]?.text ?? ""))
        case .apps: 72
        case .messages: 76
        case .generic: hasSubtitles ? 58 : 44
        case .table: Self.tableRowHeight(TableCell(fields))
        }
    }

    /// The number of lines a hero's description takes: its width in narrow characters (a CJK
    /// character counts as two) over 44 per line, at least 1 and at most 6, when the cell is at least
    /// 360 px wide; the cell clamps to that many lines.
    public static func descriptionLineCount(_ text: String) -> Int {
        var units = 0
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                units += 44 - units % 44
            } else {
                units += scalar.value >= 0x1100 ? 2 : 1
            }
        }
        return min(6, max(1, (units + 43) / 44))
    }

    /// The section's title shown in its header: a friend group's or generic group's name or title, as
    /// text (``FieldValue/text``: a string, or a number's digits).
    public func title(of section: Section) -> String {
        if kind == .table { return section.fields["header"]?.text ?? "" }
        return section.fields["name"]?.text ?? section.fields["title"]?.text ?? ""
    }

    /// The layout metrics of one section.
    public func sectionMetrics(_ section: Section, isExpanded: Bool) -> SectionMetrics {
        let rowHeights: RowHeights
        if kind == .heroes || kind == .table {
            rowHeights = .individual(section.rows.map { rowHeight(for: $0.fields) })
        } else {
            rowHeights = .uniform(count: section.rows.count, height: rowHeight(for: Fields()))
        }
        return SectionMetrics(
            headerHeight: headerHeight(of: section), rowHeights: rowHeights, footerHeight: footerHeight(of: section),
            isExpanded: isExpanded)
    }

    /// The layout of the whole dataset with every section expanded; derive others with
    /// `TableLayout.withExpandedSections(_:)`.
    /// - Complexity: O(sections), plus O(rows) for kinds whose rows differ in height.
    public func layout(of dataset: Dataset) -> TableLayout {
        TableLayout(
            style: style, tableHeaderHeight: tableHeaderHeight, tableFooterHeight: tableFooterHeight,
            sections: dataset.sections.map { sectionMetrics($0, isExpanded: true) })
    }
}

extension TableMetrics {
    /// Whether rows can be deleted in edit mode: heroes, messages and generic lists, as in the
    /// samples' edit modes; friends and apps are read-only lists.
    public var rowsCanBeEdited: Bool {
        switch kind {
        case .heroes, .messages, .generic: true
        case .friends, .apps: false
        case .table: table?.hasEditableRows ?? false
        }
    }

    /// Whether rows show a reorder handle in edit mode.
    public var rowsCanBeMoved: Bool {
        switch kind {
        case .heroes, .generic: true
        case .friends, .apps, .messages: false
        case .table: table?.hasMovableRows ?? false
        }
    }

    /// Whether editing mode ends each section with an insertion row, whose green plus adds a row at
    /// the end of the section (the row's editing style is `insert`, as in UIKit's editable lists):
    /// generic lists, whose rows have no fixed shape to fill in elsewhere.
    public var rowsCanBeInserted: Bool { kind == .generic }

    /// The height of the insertion row at the top of each section's footer in editing mode; 0 for
    /// kinds without one.
    public var insertionRowHeight: Double { rowsCanBeInserted ? 44 : 0 }

    /// A section footer's height in or out of editing mode.
    public func footerHeight(isEditing: Bool) -> Double {
        isEditing ? footerHeight + insertionRowHeight : footerHeight
    }

    /// Whether tapping a section header expands or collapses it (friend groups).
    public var sectionsAreCollapsible: Bool { kind == .friends }
}
