// ListServer — ListServer
import ListRender
import Models

/// Turns a batch request (by ids) into the engine's index-based ``BatchUpdate`` for one dataset
/// version: deletes, reloads and move sources at their indexes before the batch, inserts and move
/// destinations at their indexes after it, every new row checked against the kind's rules.
struct BatchPlanner {
    let entry: DatasetEntry

    /// Checks a request and resolves it against the engine.
    /// - Throws: ``HTTPError`` `422` naming the operation at fault, or the engine's `UITableView`-style
    ///   reason when the batch is inconsistent.
    /// - Complexity: O(k) for k operations, plus the engine's O(n) in the rows of touched sections.
    func plan(_ request: BatchRequest) throws(HTTPError) -> PlannedBatch {
        var dataset = entry.dataset
        let snapshot = entry.snapshot
        let kind = dataset.kind
        var update = BatchUpdate()
        var newRows: [RowID: Row] = [:]
        var newSections: [SectionID: Section] = [:]

        update.deleteSections(
            try request.deleteSections.enumerated().map { position, id throws(HTTPError) in
                guard let index = snapshot.sectionIndex(for: id) else {
                    throw BatchRequest.invalid("deleteSections[\(position)]", "section \(id) does not exist")
                }
                return index
            })
        update.deleteRows(
            at: try request.deleteRows.enumerated().map { position, id throws(HTTPError) in
                try indexPath(of: id, "deleteRows[\(position)]")
            })
        for (position, change) in request.updateRows.enumerated() {
            let path = "updateRows[\(position)]"
            let at = try indexPath(of: change.id, path)
            var fields = newRows[change.id]?.fields ?? dataset.sections[at.section].rows[at.row].fields
            for field in change.fields { fields[field.key] = field.value == .null ? nil : field.value }
            try check(fields, kind.rowRules, "\(path).fields")
            update.reloadRows(at: [at])
            newRows[change.id] = Row(id: change.id, fields: fields)
        }
        for (position, move) in request.moveRows.enumerated() {
            let from = try indexPath(of: move.id, "moveRows[\(position)]")
            update.moveRow(at: from, to: IndexPath(row: move.toRow, section: move.toSection))
        }
        for (position, insert) in request.insertSections.enumerated() {
            let path = "insertSections[\(position)]"
            guard let rowsKey = dataset.shape.rowsKey else {
                throw BatchRequest.invalid(
                    path, "the dataset '\(dataset.id)' is one flat list of rows; it has no groups to insert")
            }
            guard insert.fields[rowsKey] == nil else {
                throw BatchRequest.invalid("\(path).fields.\(rowsKey)", "insert the group's rows with insertRows")
            }
            try check(insert.fields, kind.groupRules, "\(path).fields")
            let id = SectionID(dataset.makeID())
            update.insertSection(id, at: insert.section)
            newSections[id] = Section(id: id, fields: insert.fields, rowsKeyIndex: insert.fields.count, rows: [])
        }
        for (position, insert) in request.insertRows.enumerated() {
            try check(insert.fields, kind.rowRules, "insertRows[\(position)].fields")
            let id = RowID(dataset.makeID())
            update.insertRow(id, at: IndexPath(row: insert.row, section: insert.section))
            newRows[id] = Row(id: id, fields: insert.fields)
        }

        let result: BatchResult
        do {
            result = try snapshot.applying(update)
        } catch {
            throw HTTPError(422, title: "Inconsistent batch", detail: error.description)
        }
        return PlannedBatch(
            entry: entry, result: result, newRows: newRows, newSections: newSections,
            updatedIDs: request.updateRows.map(\.id), nextID: dataset.nextID)
    }

    private func indexPath(of id: RowID, _ path: String) throws(HTTPError) -> IndexPath {
        guard let indexPath = entry.snapshot.indexPath(for: id) else {
            throw BatchRequest.invalid(path, "row \(id) does not exist in '\(entry.dataset.id)'")
        }
        return indexPath
    }

    private func check(_ fields: Fields, _ rules: [FieldRule], _ path: String) throws(HTTPError) {
        do {
            try rules.check(fields)
        } catch {
            throw BatchRequest.invalid("\(path).\(error.keyPath)", error.message)
        }
    }
}
