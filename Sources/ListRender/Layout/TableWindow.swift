// ListRender — what to draw for one viewport
import Models

/// What to draw for one viewport: the table header and footer, section headers, rows and section
/// footers whose frames meet the viewport grown by the overscan, in content order, and in plain
/// style the pinned header and footer.
///
/// Every header and footer is listed at its natural (scrolling) frame. `pinnedHeader` and
/// `pinnedFooter` give where the sections under the viewport's top and bottom edges draw theirs
/// instead; a renderer draws those two at the pinned frames and skips their natural ones.
/// Headers, footers and rows of height 0 are never listed.
public struct TableWindow: Sendable, Hashable {
    /// A section header or footer and its frame.
    public struct SectionItem: Sendable, Hashable {
        public var section: Int
        public var frame: TableFrame

        public init(section: Int, frame: TableFrame) {
            self.section = section
            self.frame = frame
        }
    }

    /// A row and its frame.
    public struct RowItem: Sendable, Hashable {
        public var indexPath: IndexPath
        public var frame: TableFrame

        public init(indexPath: IndexPath, frame: TableFrame) {
            self.indexPath = indexPath
            self.frame = frame
        }
    }

    /// The viewport's top edge, from the top of the content, as asked.
    public var top: Double
    /// The viewport height, as asked.
    public var height: Double
    /// The extra extent above and below the viewport that was included, as asked.
    public var overscan: Double
    /// The height of the whole content.
    public var contentHeight: Double
    /// The table header's frame, when it has a height and meets the window.
    public var tableHeader: TableFrame?
    /// Section headers in the window, at their natural frames.
    public var headers: [SectionItem]
    /// Rows in the window.
    public var rows: [RowItem]
    /// Section footers in the window, at their natural frames.
    public var footers: [SectionItem]
    /// The table footer's frame, when it has a height and meets the window.
    public var tableFooter: TableFrame?
    /// Plain style: the header of the section under the viewport's top edge, drawn at the top edge
    /// and pushed up by the end of its section (the next section's header). Nil in grouped style,
    /// when no section is under the top edge, or when that section has no header.
    public var pinnedHeader: SectionItem?
    /// Plain style: the footer of the section under the viewport's bottom edge, drawn at the bottom
    /// edge and pushed down by the start of its section. Nil in grouped style, when no section is
    /// under the bottom edge, or when that section has no footer.
    public var pinnedFooter: SectionItem?

    /// An empty window for the given query.
    public init(top: Double, height: Double, overscan: Double, contentHeight: Double) {
        self.top = top
        self.height = height
        self.overscan = overscan
        self.contentHeight = contentHeight
        tableHeader = nil
        headers = []
        rows = []
        footers = []
        tableFooter = nil
        pinnedHeader = nil
        pinnedFooter = nil
    }
}
