// ListRender — one section of a ``TableSnapshot``
import Models

/// One section of a ``TableSnapshot``: its stable id and its rows' ids in display order.
public struct SnapshotSection: Sendable, Hashable, Identifiable {
    public var id: SectionID
    public var rows: [RowID]

    /// Creates a section.
    /// - Parameters:
    ///   - id: the section's stable id.
    ///   - rows: the ids of its rows, in display order.
    public init(id: SectionID, rows: [RowID] = []) {
        self.id = id
        self.rows = rows
    }
}
