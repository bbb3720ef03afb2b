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
    let newRows: [RowID: Row]
    /// Inserted sections, still without their rows.
    let newSections: [SectionID: Section]
    let updatedIDs: [RowID]
    let nextID: Int64
    /// The ids given to the inserted rows and sections, in the order of the request's lists.
    let insertedRowIDs: [RowID]
    let insertedSectionIDs: [SectionID]
    /// How open pages animate the change.
    let animation: RowAnimation
    /// A batch on a child table: the row update that writes the child back into the dataset carries the
    /// child's own changes in its event.
    var child: ChildChange?

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
        for step in result.steps {
            switch step {
            case .removeRow(let at, _, _): touched.insert(oldSnapshot.sectionID(at: at.section))
            case .insertRow(let at, _, _): touched.insert(newSnapshot.sectionID(at: at.section))
            case .insertSection(_, let id, _): touched.insert(id)
            case .removeSection: break
            }
        }
        for id in updatedIDs {
            if let at = newSnapshot.indexPath(for: id) { touched.insert(newSnapshot.sectionID(at: at.section)) }
        }

        var oldSectionIndex: [SectionID: Int] = [:]
        oldSectionIndex.reserveCapacity(old.sections.count)
        for (index, section) in old.sections.enumerated() { oldSectionIndex[section.id] = index }
        var rowPool = newRows
        for id in touched {
            guard let index = oldSectionIndex[id] else { continue }
            for row in old.sections[index].rows where rowPool[row.id] == nil { rowPool[row.id] = row }
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
            section.rows = snapshotSection.rows.map { rowPool[$0]! }
            sections.append(section)
            if reordered { rowOrders[id] = snapshotSection.rows }
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
                layout.insertRow(at: at, height: metrics.rowHeight(for: rowPool[id]!.fields))
            }
        }
        for id in updatedIDs {
            guard let at = newSnapshot.indexPath(for: id) else { continue }
            let height = metrics.rowHeight(for: rowPool[id]!.fields)
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
            rowOrders: rowOrders, eventPayload: event)
        // A table document's table attributes follow its rows (whether any can be edited or moved).
        let nextMetrics = dataset.kind.isTableDocument ? TableMetrics(for: dataset) : metrics
        let next = DatasetEntry(dataset: dataset, snapshot: newSnapshot, metrics: nextMetrics, layout: layout)
        return Applied(entry: next, change: change, event: event)
    }

    /// The `change` event: the new version and the applied changes by id and index path (deletes
    /// and move sources before the batch, inserts, move destinations and updates after it). A
    /// deleted section lists the ids of the rows that left with it.
    private func eventPayload(version: Int64) -> [UInt8] {
        var json = JSONOutput()
        var moveSources: [RowID: IndexPath] = [:]
        json.beginObject()
        json.member("version", version)
        json.member("baseVersion", entry.dataset.version)
        json.member("animation", animation.rawValue)
        json.key("deletes")
        json.beginArray()
        for case .removeRow(let at, let id, let isMove) in result.steps {
            if isMove { moveSources[id] = at; continue }
            writeRow(&json, id, at)
        }
        json.endArray()
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
        for case .removeRow(_, let id, _) in result.steps { removedOnTheirOwn.insert(id) }
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
