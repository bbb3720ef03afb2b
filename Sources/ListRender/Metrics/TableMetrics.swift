// ListRender — the sizes a dataset's table is drawn with
import Models

/// The sizes a dataset's table is drawn with: header, row and footer heights per kind, which
/// sections start expanded, and the section titles. Headers, footers and fixed cells are drawn at
/// exactly these heights; rows whose text wraps size themselves on the page, which measures them and
/// corrects the offsets around its first visible row, so these are their estimated heights.
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
        table = dataset.kind.isTableDocument ? TableAttributes(dataset) : nil
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
        case .table, .settings: return style.isGrouped ? Self.groupGap : 0
        }
    }

    /// A section footer's height: the gap below each inset group in grouped style.
    public var footerHeight: Double { style == .grouped && hasSectionHeaders ? 12 : 0 }

    /// The height of a row with these fields, estimated for a cell `width` points wide.
    ///
    /// Rows size themselves on the page (`UITableView.automaticDimension`): this is the estimate the
    /// layout starts from, which the page corrects once it has measured the row. Only heroes'
    /// multi-line descriptions depend on the width; the other cells have one fixed height.
    /// - Parameters:
    ///   - fields: the row's dictionary.
    ///   - width: the cell's width in points, or nil for ``referenceWidth``.
    public func rowHeight(for fields: Fields, width: Double? = nil) -> Double {
        switch kind {
        case .friends: 60
        case .heroes: Self.heroHeight(fields, width: width)
        case .apps: 72
        case .messages: 76
        case .generic: hasSubtitles ? 58 : 44
        case .table, .settings: Self.tableRowHeight(TableCell(fields))
        }
    }

    /// Whether row heights depend on the width the client draws at (heroes' wrapped descriptions).
    public var heightsDependOnWidth: Bool { kind == .heroes }

    /// The cell width estimates assume when a client gives none: a phone's.
    public static let referenceWidth = 375.0


    /// The section's title shown in its header: a friend group's or generic group's name or title (else
    /// its first text), as text (``FieldValue/text``: a string, or a number's digits).
    public func title(of section: Section) -> String {
        withUnsafePointer(to: section) { Self.withTitle(of: $0, kind: kind) { String(decoding: $0, as: UTF8.self) } }
    }

    /// Lends `body` the UTF-8 bytes of ``title(of:)`` for the section at `section`, a section of a dataset
    /// of `kind`, read where the section keeps them: nothing is copied or retained for it. A table
    /// document's section shows its `header`; any other its `name`, else its `title`, else its first text.
    /// - Complexity: O(bytes of the section's keys).
    @inlinable
    package static func withTitle<Result>(
        of section: UnsafePointer<Section>, kind: DatasetKind, _ body: (UnsafeRawBufferPointer) -> Result
    ) -> Result {
        let fields = Section.fields(of: section)
        let none: StaticString = ""
        let empty = UnsafeRawBufferPointer(start: none.utf8Start, count: 0)
        if kind.isTableDocument { return Fields.withText(of: fields, forKey: "header", body) ?? body(empty) }
        if let titled = Fields.withText(of: fields, forKey: "name", body) ?? Fields.withText(of: fields, forKey: "title", body) {
            return titled
        }
        // A group titled under another key (`state`, `letter`, `year`): its first text.
        guard var text = fields.pointee.lazy.compactMap(\.value.text).first else { return body(empty) }
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// The layout metrics of one section, its row heights estimated for cells `width` points wide.
    public func sectionMetrics(_ section: Section, isExpanded: Bool, width: Double? = nil) -> SectionMetrics {
        let rowHeights: RowHeights
        if kind == .heroes || kind.isTableDocument {
            rowHeights = .individual(section.rows.map { rowHeight(for: $0.fields, width: width) })
        } else {
            rowHeights = .uniform(count: section.rows.count, height: rowHeight(for: Fields()))
        }
        return SectionMetrics(
            headerHeight: headerHeight(of: section), rowHeights: rowHeights, footerHeight: footerHeight(of: section),
            isExpanded: isExpanded)
    }

    /// The layout of the whole dataset with every section expanded, row heights estimated for cells
    /// `width` points wide (nil: ``referenceWidth``); derive others with
    /// `TableLayout.withExpandedSections(_:)`.
    /// - Complexity: O(sections), plus O(rows) for kinds whose rows differ in height.
    public func layout(of dataset: Dataset, width: Double? = nil) -> TableLayout {
        TableLayout(
            style: style, tableHeaderHeight: tableHeaderHeight, tableFooterHeight: tableFooterHeight,
            sections: dataset.sections.map { sectionMetrics($0, isExpanded: true, width: width) })
    }
}

extension TableMetrics {
    /// Whether rows can be deleted in edit mode: heroes, messages and generic lists, as in the
    /// samples' edit modes; friends and apps are read-only lists.
    public var rowsCanBeEdited: Bool {
        switch kind {
        case .heroes, .messages, .generic: true
        case .friends, .apps: false
        case .table, .settings: table?.hasEditableRows ?? false
        }
    }

    /// Whether rows show a reorder handle in edit mode.
    public var rowsCanBeMoved: Bool {
        switch kind {
        case .heroes, .generic: true
        case .friends, .apps, .messages: false
        case .table, .settings: table?.hasMovableRows ?? false
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
