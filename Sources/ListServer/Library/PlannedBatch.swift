// ListServer — A batch the engine accepted
import ListRender
import ListStore
import Models

/// A batch the engine accepted, not yet applied: everything needed to build the next version's
/// rows, layout, stored change and event.
struct PlannedBatch {
    let entry: DatasetEntry
    let result: BatchResult
    /// Inserted rows and the new fields of updated rows.
    var newRows: [RowID: Row]
    /// Inserted sections, still without their rows.
    let newSections: [SectionID: Section]
    var updatedIDs: [RowID]
    let nextID: Int64
    /// The ids given to the inserted rows and sections, in the order of the request's lists.
    let insertedRowIDs: [RowID]
    let insertedSectionIDs: [SectionID]
    /// How open pages animate the change.
    let animation: RowAnimation
    /// A batch on a child table: the row update that writes the child back into the dataset carries the
    /// child's own changes in its event.
    var child: ChildChange?
    /// Whether the event writes rows deleted together as ranges (the batch deleted runs of rows).
    var deletesAsRanges = false
    /// The keys each updated row had written, logged for batches rebased later (``BatchRebase``); nil for a
    /// replace, whose change a rebase does not carry places through.
    var writtenFields: [RowID: [String]]? = nil
    /// The rows moved by a row action (or by the undo of one), which needed no `canMove`; their undo says so.
    var movedByActions: Set<RowID> = []

    /// What applying the batch gives.
    struct Applied {
        let entry: DatasetEntry
        let change: StoredChange
        /// The `change` event's JSON.
        let event: [UInt8]
    }

    /// Builds the next version. Sections the batch did not touch are shared with the current one;
    /// the layout is updated by replaying the batch's steps, not rebuilt.
    /// - Complexity: O(S + k log n + rows of touched sections) for S sections and k steps.
    func apply() -> Applied {
        let old = entry.dataset
        let oldSnapshot = entry.snapshot
        let newSnapshot = result.snapshot
        var touched: Set<SectionID> = []
        // Steps come in runs of one section (a million deletes of one section hash its id once).
        var lastRemoved = -1, lastInserted = -1
        for step in result.steps {
            switch step {
            case .removeRow(let at, _, _) where at.section != lastRemoved:
                lastRemoved = at.section
                touched.insert(oldSnapshot.sectionID(at: at.section))
            case .insertRow(let at, _, _) where at.section != lastInserted:
                lastInserted = at.section
                touched.insert(newSnapshot.sectionID(at: at.section))
            case .insertSection(_, let id, _): touched.insert(id)
            case .removeRow, .insertRow, .removeSection: break
            }
        }
        for id in updatedIDs {
            if let at = newSnapshot.indexPath(for: id) { touched.insert(newSnapshot.sectionID(at: at.section)) }
        }

        var oldSectionIndex: [SectionID: Int] = [:]
        oldSectionIndex.reserveCapacity(old.sections.count)
        for (index, section) in old.sections.enumerated() { oldSectionIndex[section.id] = index }
        // Every row a touched section holds after the batch: its new fields, else the row as it was. A section
        // whose kept rows stay in their order is read in one walk beside its old rows; a pool of every row of the
        // touched sections by id is built only for a section a row moved into or within.
        var pool: [RowID: Row]?
        func rows(of snapshotSection: SnapshotSection, oldIndex: Int?) -> [Row] {
            let oldRows = oldIndex.map { old.sections[$0].rows } ?? []
            var result: [Row] = []
            result.reserveCapacity(snapshotSection.rows.count)
            var next = 0
            for id in snapshotSection.rows {
                if !newRows.isEmpty, let row = newRows[id] {
                    result.append(row)
                    continue
                }
                while next < oldRows.count && oldRows[next].id != id { next += 1 }
                guard next < oldRows.count else { return pooledRows(of: snapshotSection) }
                result.append(oldRows[next])
                next += 1
            }
            return result
        }
        func pooledRows(of snapshotSection: SnapshotSection) -> [Row] {
            if pool == nil {
                var rowPool = newRows
                for id in touched {
                    guard let index = oldSectionIndex[id] else { continue }
                    for row in old.sections[index].rows where rowPool[row.id] == nil { rowPool[row.id] = row }
                }
                pool = rowPool
            }
            return snapshotSection.rows.map { pool![$0]! }
        }

        var sections: [Section] = []
        sections.reserveCapacity(newSnapshot.numberOfSections)
        var rowOrders: [SectionID: [RowID]] = [:]
        for snapshotSection in newSnapshot.sections {
            let id = snapshotSection.id
            if !touched.contains(id), let index = oldSectionIndex[id] {
                sections.append(old.sections[index])
                continue
            }
            var section = oldSectionIndex[id].map { old.sections[$0] } ?? newSections[id]!
            // A section whose rows were only edited keeps its order: the change writes the rows, not the order,
            // so a batch made on an older version can tell an edit from a reorder (``BatchRebase``).
            let reordered = !section.rows.elementsEqual(snapshotSection.rows) { $0.id == $1 } || oldSectionIndex[id] == nil
            section.rows = rows(of: snapshotSection, oldIndex: oldSectionIndex[id])
            sections.append(section)
            if reordered { rowOrders[id] = snapshotSection.rows }
        }

        /// A row's fields after the batch.
        func rowFields(_ id: RowID) -> Fields {
            if let row = newRows[id] { return row.fields }
            let at = newSnapshot.indexPath(for: id)!
            return sections[at.section].rows[at.row].fields
        }

        var layout = entry.layout
        let metrics = entry.metrics
        for step in result.steps {
            switch step {
            case .removeRow(let at, _, _):
                layout.deleteRow(at: at)
            case .removeSection(let at, _, _):
                layout.deleteSection(at: at)
            case .insertSection(let at, let id, _):
                let empty = Section(id: id, fields: newSections[id]?.fields ?? Fields(), rows: [])
                layout.insertSection(metrics.sectionMetrics(empty, isExpanded: true), at: at)
            case .insertRow(let at, let id, _):
                layout.insertRow(at: at, height: metrics.rowHeight(for: newRows[id]?.fields ?? rowFields(id)))
            }
        }
        for id in updatedIDs {
            guard let at = newSnapshot.indexPath(for: id) else { continue }
            let height = metrics.rowHeight(for: rowFields(id))
            if layout.heightForRow(at: at) != height { layout.setRowHeight(height, at: at) }
        }

        var dataset = old
        dataset.sections = sections
        dataset.version = old.version + 1
        dataset.nextID = nextID
        let event = child.map { $0.event(around: eventPayload(version: dataset.version)) }
            ?? eventPayload(version: dataset.version)
        let sectionsChanged = !result.insertedSectionIDs.isEmpty || !result.deletedSectionIDs.isEmpty
        let change = StoredChange(
            datasetID: old.id, expectedVersion: old.version, newVersion: dataset.version, nextID: nextID,
            deletedRowIDs: result.deletedRowIDs, upsertedRows: Array(newRows.values),
            deletedSectionIDs: result.deletedSectionIDs,
            upsertedSections: result.insertedSectionIDs.compactMap { newSections[$0].map(StoredChange.SectionFields.init) },
            sectionOrder: sectionsChanged ? newSnapshot.sections.map(\.id) : nil,
            rowOrders: rowOrders, writtenFields: writtenFields, eventPayload: event)
        // A table document's table attributes follow its rows (whether any can be edited or moved).
        let nextMetrics = dataset.kind.isTableDocument ? TableMetrics(for: dataset) : metrics
        let next = DatasetEntry(dataset: dataset, snapshot: newSnapshot, metrics: nextMetrics, layout: layout)
        return Applied(entry: next, change: change, event: event)
    }

    /// The `change` event: the new version and the applied changes by id and index path (deletes
    /// and move sources before the batch, inserts, move destinations and updates after it). A
    /// deleted section lists the ids of the rows that left with it. In a batch that deleted runs of rows, rows
    /// deleted together, at least ``shortestDeleteRange`` of them one after the other, go as a range in
    /// `deleteRanges` (section, first row, count, first and last id) instead of one by one in `deletes`.
    private func eventPayload(version: Int64) -> [UInt8] {
        var json = JSONOutput()
        var moveSources: [RowID: IndexPath] = [:]
        json.beginObject()
        json.member("version", version)
        json.member("baseVersion", entry.dataset.version)
        json.member("animation", animation.rawValue)
        // Rows deleted together (a run of a selection) go as ranges, so a million deletes are a small event. The
        // steps remove rows from the last up; a range is kept by its first row.
        var together: [(at: IndexPath, first: RowID, last: RowID, count: Int)] = []
        var rangeOfStep: [Int] = []
        for case .removeRow(let at, let id, false) in result.steps {
            if let run = together.last, run.at.section == at.section, run.at.row - 1 == at.row {
                together[together.count - 1] = (at, id, run.last, run.count + 1)
            } else if let run = together.last, run.at.section == at.section, run.at.row + run.count == at.row {
                together[together.count - 1] = (run.at, run.first, id, run.count + 1)
            } else {
                together.append((at, id, id, 1))
            }
            rangeOfStep.append(together.count - 1)
        }
        json.key("deletes")
        json.beginArray()
        var removal = 0
        for case .removeRow(let at, let id, let isMove) in result.steps {
            if isMove { moveSources[id] = at; continue }
            if !deletesAsRanges || together[rangeOfStep[removal]].count < Self.shortestDeleteRange { writeRow(&json, id, at) }
            removal += 1
        }
        json.endArray()
        let ranges = deletesAsRanges ? together.filter { $0.count >= Self.shortestDeleteRange } : []
        if !ranges.isEmpty {
            json.key("deleteRanges")
            json.beginArray()
            for run in ranges {
                json.beginObject()
                json.member("section", run.at.section)
                json.member("row", run.at.row)
                json.member("count", run.count)
                json.member("fromId", run.first.rawValue)
                json.member("toId", run.last.rawValue)
                json.endObject()
            }
            json.endArray()
        }
        json.key("inserts")
        json.beginArray()
        for case .insertRow(let at, let id, false) in result.steps { writeRow(&json, id, at) }
        json.endArray()
        json.key("moves")
        json.beginArray()
        for case .insertRow(let at, let id, true) in result.steps {
            guard let from = moveSources[id] else { continue }
            json.beginObject()
            json.member("id", id.rawValue)
            json.member("fromSection", from.section)
            json.member("fromRow", from.row)
            json.member("toSection", at.section)
            json.member("toRow", at.row)
            json.endObject()
        }
        json.endArray()
        json.key("updates")
        json.beginArray()
        for id in Set(updatedIDs).sorted() {
            if let at = result.snapshot.indexPath(for: id) { writeRow(&json, id, at) }
        }
        json.endArray()
        json.key("sectionDeletes")
        json.beginArray()
        var removedOnTheirOwn: Set<RowID> = []
        if !result.deletedSectionIDs.isEmpty {
            for case .removeRow(_, let id, _) in result.steps { removedOnTheirOwn.insert(id) }
        }
        for case .removeSection(let at, let id, false) in result.steps {
            json.beginObject()
            json.member("id", id.rawValue)
            json.member("section", at)
            json.key("rows")
            json.beginArray()
            for row in entry.dataset.sections[at].rows where !removedOnTheirOwn.contains(row.id) {
                json.int(row.id.rawValue)
            }
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.key("sectionInserts")
        json.beginArray()
        for case .insertSection(let at, let id, false) in result.steps { writeSection(&json, id, at) }
        json.endArray()
        json.endObject()
        return json.bytes
    }

    /// The fewest rows deleted together that a `change` event writes as one range (`deleteRanges`).
    static let shortestDeleteRange = 64

    private func writeRow(_ json: inout JSONOutput, _ id: RowID, _ at: IndexPath) {
        json.beginObject()
        json.member("id", id.rawValue)
        json.member("section", at.section)
        json.member("row", at.row)
        json.endObject()
    }

    private func writeSection(_ json: inout JSONOutput, _ id: SectionID, _ at: Int) {
        json.beginObject()
        json.member("id", id.rawValue)
        json.member("section", at)
        json.endObject()
    }
}
