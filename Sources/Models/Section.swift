// Models — one section of a table

/// One section of a table: a stable id, the group dictionary it came from (without its rows)
/// and its rows in order.
public struct Section: Sendable, Hashable, Identifiable {
    public var id: SectionID
    /// The group's own keys (`name`, `online`, `title`, ...), the rows key left out.
    public var fields: Fields
    /// Where the rows key stood among the group's keys, so an export keeps the key order.
    public var rowsKeyIndex: Int
    public var rows: [Row]

    public init(id: SectionID, fields: Fields = Fields(), rowsKeyIndex: Int = 0, rows: [Row]) {
        self.id = id
        self.fields = fields
        self.rowsKeyIndex = rowsKeyIndex
        self.rows = rows
    }
}

extension Section {
    /// The group's own keys of the section at `section`, where it keeps them: read through this, they are
    /// neither copied nor retained.
    @inlinable @inline(__always)
    package static func fields(of section: UnsafePointer<Section>) -> UnsafePointer<Fields> {
        // Safe while `section` is: the fields are a stored property at a fixed offset of the section.
        assert(Int(bitPattern: section) % MemoryLayout<Section>.alignment == 0, "a section pointer is misaligned")
        return UnsafeRawPointer(section)
            .advanced(by: MemoryLayout<Section>.offset(of: \Section.fields).unsafelyUnwrapped)
            .assumingMemoryBound(to: Fields.self)
    }
}
