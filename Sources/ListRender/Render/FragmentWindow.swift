// ListRender — everything the HTML fragment of one window shows
import Models

/// Everything the HTML fragment of one window shows: the dataset's kind and style, its version and
/// content height, and the headers, rows and footers that intersect the window, with their frames.
///
/// This is the renderer's own input, independent of the layout engine: the server fills it from the
/// engine's window (`GET /d/{id}/fragment`). Frames are in content coordinates (pixels from the
/// top of the table).
public struct FragmentWindow: Sendable, Hashable {
    /// What the dataset holds; decides the cell of every row.
    public var kind: DatasetKind
    /// Plain tables pin their section headers; grouped tables draw inset groups.
    public var style: TableStyle
    /// The dataset version the window was computed from.
    public var version: Int64
    /// The height of the whole table for the current expansion, in pixels.
    public var contentHeight: Double
    /// The index of the section whose header is pinned at the top of the viewport (plain style), or nil.
    /// When it is set, `headers` holds that section's header at its natural position.
    public var pinnedSection: Int?
    /// Section headers in the window, in table order.
    public var headers: [FragmentHeader]
    /// Rows in the window, in table order.
    public var rows: [FragmentRow]
    /// Section footers in the window, in table order.
    public var footers: [FragmentFooter]
    /// Whether the page offers edit mode for this dataset (Edit/Manage).
    public var editable: Bool
    /// Whether the sections end with insertion rows (editing mode, for a kind whose rows can be
    /// inserted); the fragment says so with `data-editing`.
    public var hasInsertionRows: Bool
    /// A table document's table keys (separators, selection); nil for other kinds.
    public var table: TableAttributes?
    /// The table header in the window (`[data-role="table-header"]`), or nil.
    public var tableHeader: FragmentTableText?
    /// The table footer in the window (`[data-role="table-footer"]`), or nil.
    public var tableFooter: FragmentTableText?
    /// Whether rows are grouped under section headers: the rows are then a tree grid's, headers at
    /// level 1 and rows at level 2 with their set size and position; otherwise a grid's.
    public var isGrouped: Bool
    /// The search whose matches the cells mark with `<mark>`, nil outside a search.
    public var marks: SearchQuery?
    /// The number of rows that match the search (`data-matches`), nil outside a search.
    public var matches: Int?
    /// In a search, the place of the window's first row among the rows the results' grid reads (from 0) and
    /// their number (`data-row-index`, `data-row-count`), so that the page can say "row 5 of 17".
    public var gridRows: GridRows?
    /// The width the rows' heights are estimated for (`data-width`), when they depend on it: a page of
    /// another width asks again for its own.
    public var estimatedWidth: Double?
    /// The language of the interface's own words (buttons, labels, counts).
    public var language = UILanguage.english
    /// The reader's language when the interface does not speak it (``HTMLBuffer/reader``).
    public var reader: String?
    /// Where the built-in icons' URLs point: ``IconDirectory/plain`` unless the server hashes them.
    public var iconDirectory = IconDirectory.plain

    /// Creates a window.
    /// - Parameters:
    ///   - kind: the dataset's kind.
    ///   - style: the table style.
    ///   - version: the dataset version.
    ///   - contentHeight: the table's full height in pixels.
    ///   - pinnedSection: the section whose header is pinned, or nil.
    ///   - headers: section headers intersecting the window (plus the pinned one).
    ///   - rows: rows intersecting the window.
    ///   - footers: section footers intersecting the window.
    ///   - editable: whether the dataset can enter edit mode.
    ///   - hasInsertionRows: whether the sections end with insertion rows.
    ///   - isGrouped: whether rows are grouped under section headers.
    public init(
        kind: DatasetKind, style: TableStyle, version: Int64, contentHeight: Double, pinnedSection: Int? = nil,
        headers: [FragmentHeader] = [], rows: [FragmentRow] = [], footers: [FragmentFooter] = [],
        editable: Bool = false, hasInsertionRows: Bool = false, isGrouped: Bool = false
    ) {
        self.kind = kind
        self.style = style
        self.version = version
        self.contentHeight = contentHeight
        self.pinnedSection = pinnedSection
        self.headers = headers
        self.rows = rows
        self.footers = footers
        self.editable = editable
        self.hasInsertionRows = hasInsertionRows
        self.isGrouped = isGrouped
    }
}

/// Where a search's window lies among the rows the results' grid reads (``FragmentWindow/gridRows``).
public struct GridRows: Sendable, Hashable {
    /// The place of the window's first row, from 0, headers that are rows counted.
    public var firstRow: Int
    /// The number of rows the grid reads.
    public var count: Int

    /// Creates the places of a window: its first row's and the grid's number of rows.
    public init(firstRow: Int, count: Int) {
        self.firstRow = firstRow
        self.count = count
    }
}

/// The table header or footer of a fragment window: its frame and its text.
public struct FragmentTableText: Sendable, Hashable {
    /// The top in content coordinates.
    public var y: Double
    /// The height in pixels.
    public var height: Double
    public var text: String

    public init(y: Double, height: Double, text: String) {
        self.y = y
        self.height = height
        self.text = text
    }
}
