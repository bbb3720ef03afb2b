// ListStore — a stored change applied to the dataset it was made against
import Models

extension Dataset {
    /// The dataset once `change` is applied, as the store holds it after committing the change: what
    /// another process reads back, without reading it back.
    ///
    /// Sections follow ``StoredChange/sectionOrder`` when it is given; a section in
    /// ``StoredChange/rowOrders`` gets exactly the rows listed there (from any section of this dataset
    /// or the change's upserts); an upserted row listed in no new order is edited where it stands.
    /// - Parameter change: A change whose ``StoredChange/expectedVersion`` is this dataset's version.
    /// - Returns: nil when the change does not fit this dataset (another version, an order naming a row or
    ///   section that is neither here nor upserted): read the dataset from the store instead.
    /// - Complexity: O(rows of the sections whose order changed + upserts), plus one pass over every row
    ///   when a row is edited in place.
    public func applying(_ change: StoredChange) -> Dataset? {
        guard change.datasetID == id, change.expectedVersion == version, change.newVersion > version else {
            return nil
        }
        var result = self
        result.version = change.newVersion
        result.nextID = change.nextID

        var upsertedSections: [SectionID: StoredChange.SectionFields] = [:]
        for section in change.upsertedSections { upsertedSections[section.id] = section }
        if let order = change.sectionOrder {
            var existing: [SectionID: Section] = [:]
            for section in sections { existing[section.id] = section }
            var ordered: [Section] = []
            ordered.reserveCapacity(order.count)
            for sectionID in order {
                if let section = existing[sectionID] {
                    ordered.append(section)
                } else if let fields = upsertedSections[sectionID] {
                    ordered.append(
                        Section(id: sectionID, fields: fields.fields, rowsKeyIndex: fields.rowsKeyIndex, rows: []))
                } else {
                    return nil
                }
            }
            result.sections = ordered
        } else if !change.deletedSectionIDs.isEmpty {
            let deleted = Set(change.deletedSectionIDs)
            result.sections.removeAll { deleted.contains($0.id) }
        }
        for index in result.sections.indices {
            if let fields = upsertedSections[result.sections[index].id] {
                result.sections[index].fields = fields.fields
                result.sections[index].rowsKeyIndex = fields.rowsKeyIndex
            }
        }

        var upsertedRows: [RowID: Row] = [:]
        for row in change.upsertedRows { upsertedRows[row.id] = row }
        var placed = Set<RowID>()
        if !change.rowOrders.isEmpty {
            // Rows may come from any section whose order changed, including one deleted by this change.
            let deleted = Set(change.deletedSectionIDs)
            var pool: [RowID: Row] = [:]
            for section in sections where change.rowOrders[section.id] != nil || deleted.contains(section.id) {
                for row in section.rows { pool[row.id] = row }
            }
            for index in result.sections.indices {
                guard let order = change.rowOrders[result.sections[index].id] else { continue }
                var rows: [Row] = []
                rows.reserveCapacity(order.count)
                for rowID in order {
                    guard let row = upsertedRows[rowID] ?? pool[rowID] else { return nil }
                    rows.append(row)
                    placed.insert(rowID)
                }
                result.sections[index].rows = rows
            }
        }
        let editedInPlace = upsertedRows.filter { !placed.contains($0.key) }
        if !editedInPlace.isEmpty {
            var found = 0
            for section in result.sections.indices where change.rowOrders[result.sections[section].id] == nil {
                for row in result.sections[section].rows.indices {
                    if let edited = editedInPlace[result.sections[section].rows[row].id] {
                        result.sections[section].rows[row] = edited
                        found += 1
                    }
                }
            }
            guard found == editedInPlace.count else { return nil }
        }
        return result
    }
}
