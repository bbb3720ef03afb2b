// ListRender — a section header lent to the renderer by whoever holds it
import Models

extension FragmentHeader {
    /// A header as the renderer reads it: its frame and flags by value, its title and link as bytes
    /// their owner keeps, so that writing it copies, retains and releases nothing.
    ///
    /// A ``FragmentHeader`` lends itself as one (``withLent(_:_:)``); a server writing headers from its
    /// dataset makes one for each header, its title and link where it wrote them. The buffers are valid
    /// only while the renderer's call that takes the header runs.
    @usableFromInline package struct Lent {
        /// The section's index in the table.
        @usableFromInline package var section: Int
        /// The section's stable id.
        @usableFromInline package var sectionID: SectionID
        /// The header's top in content coordinates (its natural position).
        @usableFromInline package var y: Double
        /// The header's height in pixels.
        @usableFromInline package var height: Double
        /// The bottom of the whole section (see ``FragmentHeader/sectionMaxY``).
        @usableFromInline package var sectionMaxY: Double
        /// The UTF-8 bytes of the title.
        @usableFromInline package var title: UnsafeRawBufferPointer
        /// The number of the group's friends online (its `online`), shown beside a friends header's title.
        @usableFromInline package var online: Int64
        /// The number of rows in the section.
        @usableFromInline package var rowCount: Int
        /// Whether the section's rows are shown.
        @usableFromInline package var isExpanded: Bool
        /// Whether a tap on the header expands or collapses the section.
        @usableFromInline package var isCollapsible: Bool
        /// The UTF-8 bytes of the address of the page with this section toggled, or nil for no link.
        @usableFromInline package var link: UnsafeRawBufferPointer?

        /// Creates a lent header; the parameters are as for ``FragmentHeader``'s, the title and the link
        /// as bytes their owner keeps, and `online` read from the group's keys.
        @inlinable
        package init(
            section: Int, sectionID: SectionID, y: Double, height: Double, sectionMaxY: Double,
            title: UnsafeRawBufferPointer, online: Int64, rowCount: Int, isExpanded: Bool, isCollapsible: Bool,
            link: UnsafeRawBufferPointer?
        ) {
            self.section = section
            self.sectionID = sectionID
            self.y = y
            self.height = height
            self.sectionMaxY = sectionMaxY
            self.title = title
            self.online = online
            self.rowCount = rowCount
            self.isExpanded = isExpanded
            self.isCollapsible = isCollapsible
            self.link = link
            // The bytes are only lent: valid while the call that lends them runs, so the checks are on them.
            assert(height >= 0 && rowCount >= 0, "a lent header's frame is out of bounds")
        }
    }

    /// A header with the values `header` lends, its title and link copied out, and the group's keys.
    @usableFromInline
    package init(_ header: Lent, fields: Fields) {
        self.init(
            section: header.section, sectionID: header.sectionID, y: header.y, height: header.height,
            sectionMaxY: header.sectionMaxY, title: String(decoding: header.title, as: UTF8.self), fields: fields,
            rowCount: header.rowCount, isExpanded: header.isExpanded, isCollapsible: header.isCollapsible,
            link: header.link.map { String(decoding: $0, as: UTF8.self) })
    }

    /// The number a friends header shows beside its title: the group's `online`, 0 without one.
    @inlinable
    public static func online(in fields: Fields) -> Int64 {
        fields["online"]?.integer ?? 0
    }

    /// ``online(in:)`` for the group keys at `fields`, read where they lie.
    @inlinable
    package static func online(of fields: UnsafePointer<Fields>) -> Int64 {
        Fields.integer(of: fields, forKey: "online") ?? 0
    }

    /// Lends `header` to `body`: its title's and link's bytes, its `online` read from its keys.
    /// - Complexity: O(the group's keys), plus making the strings contiguous when they are not native.
    @usableFromInline
    package static func withLent<Result>(_ header: FragmentHeader, _ body: (Lent) -> Result) -> Result {
        FragmentRow.withBytes(of: header.title) { title in
            FragmentRow.withBytes(of: header.link) { link in
                body(
                    Lent(
                        section: header.section, sectionID: header.sectionID, y: header.y, height: header.height,
                        sectionMaxY: header.sectionMaxY, title: title.unsafelyUnwrapped,
                        online: online(in: header.fields), rowCount: header.rowCount, isExpanded: header.isExpanded,
                        isCollapsible: header.isCollapsible, link: link))
            }
        }
    }
}
