// ListRender — one section header of a fragment window
import Models

/// One section header of a fragment window, with its frame and what it shows.
public struct FragmentHeader: Sendable, Hashable {
    /// The section's index in the table.
    public var section: Int
    /// The section's stable id.
    public var sectionID: SectionID
    /// The header's top in content coordinates (its natural position, not the pinned one).
    public var y: Double
    /// The header's height in pixels.
    public var height: Double
    /// The bottom of the whole section (header, rows and footer) in content coordinates; a pinned header
    /// is pushed up by the next section when the viewport's top passes `sectionMaxY - height`.
    public var sectionMaxY: Double
    /// The header title (a friend group's name, a generic group's title).
    public var title: String
    /// The group's own keys, rows key left out (for friends: `name`, `online`).
    public var fields: Fields
    /// The number of rows in the section, whether or not it is expanded.
    public var rowCount: Int
    /// Whether the section's rows are shown.
    public var isExpanded: Bool
    /// Whether a tap on the header expands or collapses the section.
    public var isCollapsible: Bool
    /// The address of the page with this section toggled, for a collapsible header: the header is
    /// then a link, which works without a script; nil writes no link.
    public var link: String?

    /// Creates a header.
    /// - Parameters:
    ///   - section: the section index.
    ///   - sectionID: the section's stable id.
    ///   - y: the header's top.
    ///   - height: the header's height.
    ///   - sectionMaxY: the section's bottom; defaults to the header's bottom.
    ///   - title: the title shown.
    ///   - fields: the group's keys.
    ///   - rowCount: the section's number of rows.
    ///   - isExpanded: whether its rows are shown.
    ///   - isCollapsible: whether it toggles on tap.
    ///   - link: the address of the page with the section toggled, or nil.
    public init(
        section: Int, sectionID: SectionID, y: Double, height: Double, sectionMaxY: Double? = nil,
        title: String, fields: Fields = Fields(), rowCount: Int, isExpanded: Bool = true,
        isCollapsible: Bool = false, link: String? = nil
    ) {
        self.section = section
        self.sectionID = sectionID
        self.y = y
        self.height = height
        self.sectionMaxY = sectionMaxY ?? (y + height)
        self.title = title
        self.fields = fields
        self.rowCount = rowCount
        self.isExpanded = isExpanded
        self.isCollapsible = isCollapsible
        self.link = link
    }
}
