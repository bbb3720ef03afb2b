// ListRender — what applying a ``BatchUpdate`` to a ``TableSnapshot`` gives
import Models

/// What applying a ``BatchUpdate`` to a ``TableSnapshot`` gives.
public struct BatchResult: Sendable {
    /// The table after the batch.
    public var snapshot: TableSnapshot
    /// The primitive changes in replay order (see ``BatchStep``).
    public var steps: [BatchStep]
    /// Rows that left the table: deleted rows by ascending index path before the batch, then the
    /// rows of deleted sections. Each id occurs once (as in every list here).
    public var deletedRowIDs: [RowID]
    /// Rows that entered the table (moves excluded), by ascending index path after the batch.
    public var insertedRowIDs: [RowID]
    /// Rows named by `reloadRows`, by ascending index path before the batch; they keep their ids and
    /// their content is to be fetched again.
    public var reloadedRowIDs: [RowID]
    /// Sections named by `reloadSections`, by ascending index before the batch; all their rows after
    /// the batch are to be fetched again.
    public var reloadedSectionIDs: [SectionID]
    /// Sections that left the table, by ascending index before the batch.
    public var deletedSectionIDs: [SectionID]
    /// Sections that entered the table (moves excluded), by ascending index after the batch.
    public var insertedSectionIDs: [SectionID]

    /// Creates a result.
    public init(
        snapshot: TableSnapshot, steps: [BatchStep], deletedRowIDs: [RowID], insertedRowIDs: [RowID],
        reloadedRowIDs: [RowID], reloadedSectionIDs: [SectionID], deletedSectionIDs: [SectionID],
        insertedSectionIDs: [SectionID]
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
