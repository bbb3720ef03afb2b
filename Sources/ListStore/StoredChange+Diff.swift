// ListStore — the change that turns `old` into `new`
import Models

extension StoredChange {
    /// The change that turns `old` into `new`, found by comparing ids: rows and sections that
    /// appeared, disappeared or changed, and the orders that changed.
    ///
    /// Meant for whole-dataset edits and tests; a batch that already knows what it changed can
    /// build its ``StoredChange`` directly and save this O(n) pass.
    /// - Parameters:
    ///   - old: The dataset as stored, at `old.version`.
    ///   - new: The dataset after the edit; `new.version` must be above `old.version`.
    ///   - eventPayload: The event to log with the change.
    /// - Complexity: O(rows of both datasets), with hashing.
    public init(from old: Dataset, to new: Dataset, eventPayload: [UInt8]? = nil) {
        precondition(old.id == new.id, "a change stays within one dataset")
        self.init(
            datasetID: new.id, expectedVersion: old.version, newVersion: new.version, nextID: new.nextID,
            eventPayload: eventPayload)

        var oldRows: [RowID: Fields] = [:]
        oldRows.reserveCapacity(old.rowCount)
        var oldSections: [SectionID: Section] = [:]
        for section in old.sections {
            oldSections[section.id] = section
            for row in section.rows { oldRows[row.id] = row.fields }
        }

        var newRowIDs = Set<RowID>(minimumCapacity: new.rowCount)
        for section in new.sections {
            let previous = oldSections[section.id]
            if previous == nil || previous?.fields != section.fields || previous?.rowsKeyIndex != section.rowsKeyIndex {
                upsertedSections.append(SectionFields(section))
            }
            let rowIDs = section.rows.map(\.id)
            if let previous, previous.rows.map(\.id) == rowIDs {
                // Same rows in the same order.
            } else if previous != nil || !rowIDs.isEmpty {
                rowOrders[section.id] = rowIDs
            }
            for row in section.rows {
                newRowIDs.insert(row.id)
                if oldRows[row.id] != row.fields { upsertedRows.append(row) }
            }
        }
        let newSectionIDs = Set(new.sections.map(\.id))
        deletedSectionIDs = old.sections.map(\.id).filter { !newSectionIDs.contains($0) }
        deletedRowIDs = old.sections.flatMap { $0.rows.map(\.id) }.filter { !newRowIDs.contains($0) }
        let order = new.sections.map(\.id)
        if order != old.sections.map(\.id) { sectionOrder = order }
    }

    /// Whether the change writes nothing but the version, next id and event.
    public var isEmpty: Bool {
        deletedRowIDs.isEmpty && upsertedRows.isEmpty && deletedSectionIDs.isEmpty && upsertedSections.isEmpty
            && sectionOrder == nil && rowOrders.isEmpty
    }
}
