// Library — the batch that undoes a batch, for a page's Undo
import ListRender
import Models

/// The batch that undoes a planned batch, as a page's Undo sends it: inserted rows deleted, deleted rows
/// restored with their ids and fields next to the rows they were beside, moved rows moved back next to their
/// old neighbours, updated rows given their old values. Every row and place is named by id, so the undo rebases
/// over other clients' changes like any batch (``BatchRebase``), and undoing the undo gives the batch again.
enum BatchInverse {
    /// The most rows an undo may carry; a larger batch has none.
    static let maximumRows = 10_000

    /// The undo of `planned`, made against `version` (the version the batch gives).
    /// - Returns: nil when the batch inserted or deleted sections, or touched more than ``maximumRows`` rows.
    /// - Complexity: O(rows the batch touches × their sections' rows).
    static func of(_ planned: PlannedBatch, version: Int64) -> BatchRequest? {
        if let child = planned.child {
            guard var inner = child.undo else { return nil }
            inner.baseVersion = version
            return inner
        }
        let result = planned.result
        guard result.insertedSectionIDs.isEmpty, result.deletedSectionIDs.isEmpty else { return nil }
        let old = planned.entry.snapshot, rows = planned.entry.dataset.sections
        var moved = Set<RowID>()
        for case .removeRow(_, let id, true) in result.steps { moved.insert(id) }
        let deleted = Set(result.deletedRowIDs), inserted = Set(result.insertedRowIDs)
        guard deleted.count + moved.count + inserted.count + planned.updatedIDs.count <= maximumRows else { return nil }

        var undo = BatchRequest(baseVersion: version)
        undo.deleteRows = result.insertedRowIDs
        for id in planned.updatedIDs where !inserted.contains(id) {
            guard let at = old.indexPath(for: id), let new = planned.newRows[id]?.fields else { continue }
            let before = rows[at.section].rows[at.row].fields
            var fields = Fields()
            for field in before where new[field.key] != field.value { fields[field.key] = field.value }
            for field in new where before[field.key] == nil { fields[field.key] = .null }
            if !fields.isEmpty { undo.updateRows.append(BatchRequest.RowUpdate(id: id, fields: fields)) }
        }
        // In table order, so each row's neighbour above is back before it (moves before restores).
        let stays = { (id: RowID) in !deleted.contains(id) && !moved.contains(id) }
        for id in moved.compactMap({ id in old.indexPath(for: id).map { (id, $0) } }).sorted(by: { $0.1 < $1.1 }) {
            let section = old.sections[id.1.section].rows
            let above = section[..<id.1.row].last { !deleted.contains($0) }
            let below = section[(id.1.row + 1)...].first(where: stays)
            undo.moveRows.append(
                BatchRequest.RowMove(
                    id: id.0, toSection: id.1.section, toRow: id.1.row,
                    neighbours: .init(after: above, before: below), byAction: planned.movedByActions.contains(id.0)))
        }
        for id in result.deletedRowIDs {
            guard let at = old.indexPath(for: id) else { continue }
            let section = old.sections[at.section].rows
            let above = at.row > 0 ? section[at.row - 1] : nil
            let below = section[(at.row + 1)...].first { !deleted.contains($0) }
            undo.restoreRows.append(
                BatchRequest.RowRestore(
                    id: id, section: at.section, row: at.row, fields: rows[at.section].rows[at.row].fields,
                    neighbours: .init(after: above, before: below)))
        }
        undo.restoreRows.sort { old.indexPath(for: $0.id)! < old.indexPath(for: $1.id)! }
        return undo.operationCount > 0 ? undo : nil
    }
}
