// ListServer — ListRender
import Models

/// What applying a ``BatchUpdate`` to a ``TableSnapshot`` gives.
public struct BatchResult: Sendable {
    /// The table after the batch.
    public var snapshot: TableSnapshot
    /// The primitive changes in replay order (see ``BatchStep``).
    public var steps: [BatchStep]
    /// Rows that left the table: deleted rows and the rows of deleted sections.
    public var deletedRowIDs: Set<RowID>
    /// Rows that entered the table (moves excluded).
    public var insertedRowIDs: Set<RowID>
    /// Rows named by `reloadRows`; they keep their ids and content must be fetched again.
    public var reloadedRowIDs: Set<RowID>
    /// Sections named by `reloadSections`; all their rows after the batch are to be fetched again.
    public var reloadedSectionIDs: Set<SectionID>
    /// Sections that left the table.
    public var deletedSectionIDs: Set<SectionID>
    /// Sections that entered the table (moves excluded).
    public var insertedSectionIDs: Set<SectionID>

    /// Creates a result.
    public init(
        snapshot: TableSnapshot, steps: [BatchStep], deletedRowIDs: Set<RowID>, insertedRowIDs: Set<RowID>,
        reloadedRowIDs: Set<RowID>, reloadedSectionIDs: Set<SectionID>, deletedSectionIDs: Set<SectionID>,
        insertedSectionIDs: Set<SectionID>
    ) {
        self.snapshot = snapshot
        self.steps = steps
        self.deletedRowIDs = deletedRowIDs
        self.insertedRowIDs = insertedRowIDs
        self.reloadedRowIDs = reloadedRowIDs
        self.reloadedSectionIDs = reloadedSectionIDs
        self.deletedSectionIDs = deletedSectionIDs
        self.insertedSectionIDs = insertedSectionIDs
    }
}
