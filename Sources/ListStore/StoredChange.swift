// ListStore — one accepted change to a dataset
import Models

/// One accepted change to a dataset, as the store writes it in one transaction.
///
/// A row belongs to the section whose row order lists it; the row itself does not name its
/// section. So a move writes only the new row orders of the sections involved, and an edit
/// writes only the row. The change must describe a consistent result:
/// - a new or edited row is in ``upsertedRows``, and a new row is also in the new row order
///   of its section;
/// - every section whose rows were inserted, deleted or reordered has its new order in
///   ``rowOrders``;
/// - when sections are inserted or deleted, ``sectionOrder`` gives the new order.
///
/// Deleting a section also deletes its stored rows, except those that appear in a new row
/// order of the same change (rows moved out of it before it went).
public struct StoredChange: Sendable, Hashable {
    /// A section's own fields, as written by an upsert.
    public struct SectionFields: Sendable, Hashable {
        public var id: SectionID
        public var fields: Fields
        public var rowsKeyIndex: Int

        public init(id: SectionID, fields: Fields, rowsKeyIndex: Int) {
            self.id = id
            self.fields = fields
            self.rowsKeyIndex = rowsKeyIndex
        }

        public init(_ section: Section) {
            self.init(id: section.id, fields: section.fields, rowsKeyIndex: section.rowsKeyIndex)
        }
    }

    public var datasetID: String
    /// The version the change was made against; the commit fails unless it is the stored one.
    public var expectedVersion: Int64
    /// The version stored once the change is written.
    public var newVersion: Int64
    /// The dataset's next free id after the change.
    public var nextID: Int64
    public var deletedRowIDs: [RowID] = []
    /// Rows inserted or whose fields changed.
    public var upsertedRows: [Row] = []
    public var deletedSectionIDs: [SectionID] = []
    /// Sections inserted or whose own fields changed.
    public var upsertedSections: [SectionFields] = []
    /// The new order of all sections, when it changed.
    public var sectionOrder: [SectionID]?
    /// The new complete row order of each section whose rows changed.
    public var rowOrders: [SectionID: [RowID]] = [:]
    /// The keys each updated row had written (set or removed), so that a batch made on an older version can tell
    /// whether another client wrote the same fields of a row since; nil when not known (a replace, a change logged
    /// before the keys were), which counts as every field written.
    public var writtenFields: [RowID: [String]]?
    /// An event for the live-update stream, stored with `newVersion` in the same transaction.
    public var eventPayload: [UInt8]?

    public init(
        datasetID: String, expectedVersion: Int64, newVersion: Int64, nextID: Int64,
        deletedRowIDs: [RowID] = [], upsertedRows: [Row] = [],
        deletedSectionIDs: [SectionID] = [], upsertedSections: [SectionFields] = [],
        sectionOrder: [SectionID]? = nil, rowOrders: [SectionID: [RowID]] = [:],
        writtenFields: [RowID: [String]]? = nil, eventPayload: [UInt8]? = nil
    ) {
        self.datasetID = datasetID
        self.expectedVersion = expectedVersion
        self.newVersion = newVersion
        self.nextID = nextID
        self.deletedRowIDs = deletedRowIDs
        self.upsertedRows = upsertedRows
        self.deletedSectionIDs = deletedSectionIDs
        self.upsertedSections = upsertedSections
        self.sectionOrder = sectionOrder
        self.rowOrders = rowOrders
        self.writtenFields = writtenFields
        self.eventPayload = eventPayload
    }
}

/// One entry of a dataset's event log.
public struct StoredEvent: Sendable, Hashable {
    /// The dataset version the event leads to.
    public var version: Int64
    public var payload: [UInt8]
    /// The change that led to `version` when a batch made it (without its event payload), so that
    /// another process can apply it; nil for whole-dataset writes and events appended on their own.
    public var change: StoredChange?

    public init(version: Int64, payload: [UInt8], change: StoredChange? = nil) {
        self.version = version
        self.payload = payload
        self.change = change
    }
}
