// Library — what a rebase reads of one logged change
import ListStore
import Models

/// What a rebase reads of one logged change (``BatchRebase``, ``BaseTable``): the rows and sections it deleted,
/// wrote and reordered, the keys it wrote and its event, without the row orders the store logs with it (the whole
/// order of every section whose rows it changed: 800 KB for a section of 100,000 rows). ``BaseTable`` reads the
/// one order it needs from the store.
struct LoggedChange: Sendable {
    /// The version the change led to.
    let version: Int64
    let deletedRows: [RowID]
    /// Rows it inserted or whose fields it wrote.
    let upsertedRows: [RowID]
    /// The keys each written row had written; nil when the change did not log them (a replace, a change an earlier
    /// server logged), which counts as every field written.
    let writtenFields: [RowID: [String]]?
    /// The sections whose rows it inserted, deleted or reordered.
    let reorderedSections: Set<SectionID>
    let deletedSections: [SectionID]
    /// The order of the sections after it, when it inserted, deleted or reordered sections.
    let sectionOrder: [SectionID]?
    /// Its `change` event, which tells where rows and sections went (``LoggedSteps``).
    let payload: [UInt8]

    /// The change that led to `change.newVersion`, with the event the store logs beside it.
    /// - Complexity: O(rows, sections and written keys it names), not of its row orders.
    init(_ change: StoredChange, payload: [UInt8]) {
        version = change.newVersion
        deletedRows = change.deletedRowIDs
        upsertedRows = change.upsertedRows.map(\.id)
        writtenFields = change.writtenFields
        reorderedSections = Set(change.rowOrders.keys)
        deletedSections = change.deletedSectionIDs
        sectionOrder = change.sectionOrder
        self.payload = payload
    }

    /// A logged event's change.
    /// - Returns: nil when a batch did not make it (a whole-dataset write, an event logged on its own).
    init?(_ event: StoredEvent) {
        guard let change = event.change, change.newVersion == event.version else { return nil }
        self.init(change, payload: event.payload)
    }

    /// What keeping it in memory costs, in ids (8 bytes each): its ids, written keys and event bytes.
    var weight: Int {
        deletedRows.count + upsertedRows.count + (writtenFields?.values.reduce(0) { $0 + $1.count } ?? 0)
            + reorderedSections.count + deletedSections.count + (sectionOrder?.count ?? 0) + payload.count / 8
    }
}
