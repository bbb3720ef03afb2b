// ListServer — ListRender
import Models

/// One section footer of a fragment window.
public struct FragmentFooter: Sendable, Hashable {
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

    /// Creates a footer.
    /// - Parameters:
    ///   - section: the section index.
    ///   - sectionID: the section's stable id.
    ///   - y: the footer's top.
    ///   - height: the footer's height.
    ///   - title: the text shown.
    public init(section: Int, sectionID: SectionID, y: Double, height: Double, title: String = "") {
        self.section = section
        self.sectionID = sectionID
        self.y = y
        self.height = height
        self.title = title
    }
}
