// ListRender — one section footer of a fragment window
import Models

/// One section footer of a fragment window.
public struct FragmentFooter: Sendable, Hashable {
    /// The insertion row editing mode draws at the top of a footer: its green plus adds a row at the
    /// end of the section.
    public struct Insertion: Sendable, Hashable {
        /// The insertion row's height; the rest of the footer is the footer's own spacing.
        public var height: Double
        /// The index the new row takes: the section's row count.
        public var row: Int
        /// The field that holds a row's title in this section (`title`, `name`, or the first string
        /// field of its rows).
        public var titleKey: String

        public init(height: Double, row: Int, titleKey: String) {
            self.height = height
            self.row = row
            self.titleKey = titleKey
        }
    }

    /// The section's index in the table.
    public var section: Int
    /// The section's stable id.
    public var sectionID: SectionID
    /// The footer's top in content coordinates.
    public var y: Double
    /// The footer's height in pixels.
    public var height: Double
    /// The footer text; an empty title draws only the spacing.
    public var title: String
    /// The insertion row it holds in editing mode, or nil.
    public var insertion: Insertion?

    /// Creates a footer.
    /// - Parameters:
    ///   - section: the section index.
    ///   - sectionID: the section's stable id.
    ///   - y: the footer's top.
    ///   - height: the footer's height.
    ///   - title: the text shown.
    ///   - insertion: the insertion row it holds, or nil.
    public init(
        section: Int, sectionID: SectionID, y: Double, height: Double, title: String = "", insertion: Insertion? = nil
    ) {
        self.section = section
        self.sectionID = sectionID
        self.y = y
        self.height = height
        self.title = title
        self.insertion = insertion
    }
}
