// Models — one row of a table: a stable id and the dictionary it came from

/// One row of a table: a stable id and the dictionary it came from.
public struct Row: Sendable, Hashable, Identifiable {
    public var id: RowID
    public var fields: Fields

    public init(id: RowID, fields: Fields) {
        self.id = id
        self.fields = fields
    }
}

extension Row {
    /// The fields of the row at `row`, where it keeps them: read through this, they are neither copied
    /// nor retained.
    @inlinable @inline(__always)
    package static func fields(of row: UnsafePointer<Row>) -> UnsafePointer<Fields> {
        // Safe while `row` is: the fields are a stored property at a fixed offset of the row.
        assert(Int(bitPattern: row) % MemoryLayout<Row>.alignment == 0, "a row pointer is misaligned")
        return UnsafeRawPointer(row).advanced(by: MemoryLayout<Row>.offset(of: \Row.fields).unsafelyUnwrapped)
            .assumingMemoryBound(to: Fields.self)
    }
}
