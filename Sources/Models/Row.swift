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
