// Library — a batch made on an older version, carried onto the current one
import ListRender
import ListStore
import Models

/// Carries a batch made against an older version onto the current one, as a list's operations are rebased over
/// the ones applied since (ShareDB's list transforms, Replicache's replay of pending mutations):
/// - a row it names by id must still be there, and an update must not write a field someone else wrote since
///   (another field of the same row is no conflict);
/// - a place it names by index (an insert's section and row, a move's destination, a new section's index) is read
///   in the table as the batch left it at its version, and lands in the current table between the same
///   neighbours (``carryingPlaces(of:onto:conflicts:)``); only a place in a section deleted since is a conflict;
/// - a place named by neighbours (an undo's restored rows and moves) is never a conflict: it lands by them, or
///   near its index path when they are gone.
///
/// Changes the client says it has seen (``BatchRequest/seenVersions``, its own earlier batches) are no conflict
/// either. Anything else is a real conflict, named by operation, row or section and field.
struct BatchRebase {
    /// What the changes since the batch's version did, the seen ones aside.
    let deletedRows: Set<RowID>
    /// The keys each row had written since, for rows whose changes logged them.
    let writtenFields: [RowID: Set<String>]
    /// Rows changed since by a change that did not log the keys it wrote: every field counts as written.
    let rewrittenRows: Set<RowID>
    let reorderedSections: Set<SectionID>
    let deletedSections: Set<SectionID>
    /// Whether sections were inserted, deleted or reordered.
    let sectionsChanged: Bool
    /// The logged changes a place is carried through: every one after the batch's version, but for the first
    /// ones the client saw (its own, which it drew before it made the batch).
    let log: [LoggedChange]
    /// The order of a section's rows after the change that led to a version, as the store logged it
    /// (``BaseTable/rowOrder``).
    let rowOrder: (_ version: Int64, _ section: SectionID) -> [RowID]?

    /// The most versions a batch may be behind and still be rebased.
    static let maximumDistance: Int64 = 1_000

    /// Reads what the changes after `base` up to `current` did, leaving out those of the `seen` versions.
    /// - Parameters:
    ///   - changes: the logged changes after `base`, oldest first; a version a batch did not make (a replace, an
    ///     event logged on its own) or one past the log's retention is missing from them.
    ///   - rowOrder: reads a section's order after a change from the store, for a place carried through it.
    /// - Returns: nil when `changes` does not hold every version since as a batch's change: then the batch cannot
    ///   be rebased.
    /// - Complexity: O(the changes' rows, sections and written keys).
    init?(
        _ changes: [LoggedChange], after base: Int64, upTo current: Int64, seen: Set<Int64> = [],
        rowOrder: @escaping (Int64, SectionID) -> [RowID]?
    ) {
        guard changes.count == current - base,
            changes.enumerated().allSatisfy({ $0.element.version == base + 1 + Int64($0.offset) })
        else { return nil }
        var deletedRows = Set<RowID>(), written: [RowID: Set<String>] = [:], rewritten = Set<RowID>()
        var reordered = Set<SectionID>(), deletedSections = Set<SectionID>(), sectionsChanged = false
        for change in changes where !seen.contains(change.version) {
            deletedRows.formUnion(change.deletedRows)
            if let keys = change.writtenFields {
                for row in change.upsertedRows {
                    if let rowKeys = keys[row] { written[row, default: []].formUnion(rowKeys) } else { rewritten.insert(row) }
                }
            } else {
                rewritten.formUnion(change.upsertedRows)
            }
            reordered.formUnion(change.reorderedSections)
            deletedSections.formUnion(change.deletedSections)
            if change.sectionOrder != nil || !change.deletedSections.isEmpty { sectionsChanged = true }
        }
        self.deletedRows = deletedRows
        writtenFields = written
        rewrittenRows = rewritten
        reorderedSections = reordered
        self.deletedSections = deletedSections
        self.sectionsChanged = sectionsChanged
        log = Array(changes.drop { seen.contains($0.version) })
        self.rowOrder = rowOrder
    }

    /// `request` carried onto the current version `snapshot`, or why it cannot be.
    /// - Returns: the conflicts, one line per operation and the row, section or fields in conflict (empty when
    ///   there are none), and the request with its places carried onto `snapshot`.
    /// - Complexity: O(operations of the request), plus what ``carryingPlaces(of:onto:conflicts:)`` costs when
    ///   the request places rows or sections by index.
    func rebased(_ request: BatchRequest, onto snapshot: TableSnapshot) -> (conflicts: [RebaseConflict], request: BatchRequest) {
        var conflicts: [RebaseConflict] = []
        /// `keys`: nil for an operation that writes no field, empty for one that may write any.
        func named(_ id: RowID, _ path: String, writes keys: [String]?) {
            if deletedRows.contains(id) {
                conflicts.append(RebaseConflict(operation: path, reason: .rowDeleted, row: id))
            } else if keys != nil, rewrittenRows.contains(id) {
                conflicts.append(RebaseConflict(operation: path, reason: .rowChanged, row: id))
            } else if let keys, let written = writtenFields[id] {
                let both = keys.isEmpty ? written.sorted() : keys.filter(written.contains)
                if !both.isEmpty { conflicts.append(RebaseConflict(operation: path, reason: .fieldsChanged, row: id, fields: both)) }
            }
        }
        if !request.child.isEmpty { conflicts.append(RebaseConflict(operation: "child", reason: .childTable)) }
        for (position, id) in request.deleteRows.enumerated() { named(id, request.deleteRowPath(position), writes: nil) }
        for run in request.deleteRuns { conflicts += self.conflicts(of: run, in: snapshot) }
        for (position, change) in request.updateRows.enumerated() {
            named(change.id, "updateRows[\(position)]", writes: change.fields.keys)
        }
        // A row action may write any field: any change of its row is a conflict.
        for (position, run) in request.rowActions.enumerated() { named(run.id, "rowActions[\(position)]", writes: []) }
        for (position, move) in request.moveRows.enumerated() { named(move.id, "moveRows[\(position)]", writes: nil) }
        for (position, id) in request.deleteSections.enumerated() {
            if deletedSections.contains(id) {
                conflicts.append(RebaseConflict(operation: "deleteSections[\(position)]", reason: .sectionDeleted, section: id))
            } else if reorderedSections.contains(id) {
                // Deleting a section takes its rows: rows someone else put or moved there since would go with it.
                conflicts.append(RebaseConflict(operation: "deleteSections[\(position)]", reason: .sectionRowsChanged, section: id))
            }
        }
        var rebased = request
        if request.child.isEmpty {
            if let carried = carryingPlaces(of: request, onto: snapshot, conflicts: &conflicts) {
                rebased = carried
            } else {
                conflicts += placeConflicts(of: request, in: snapshot)
            }
        }
        return (conflicts, rebased)
    }

    /// Why the places `request` names by index cannot be applied to the current version as they are, when the
    /// log cannot say where they land (``carryingPlaces(of:onto:conflicts:)`` returned nil): each such place must
    /// lie in a section whose rows nobody inserted, deleted or reordered since, with no section inserted or deleted.
    /// - Complexity: O(operations of the request).
    private func placeConflicts(of request: BatchRequest, in snapshot: TableSnapshot) -> [RebaseConflict] {
        var conflicts: [RebaseConflict] = []
        func place(section: Int, _ path: String) {
            if sectionsChanged {
                conflicts.append(RebaseConflict(operation: path, reason: .sectionsChanged))
            } else if section >= 0 && section < snapshot.sections.count,
                reorderedSections.contains(snapshot.sectionID(at: section))
            {
                conflicts.append(RebaseConflict(operation: path, reason: .sectionRowsChanged, section: snapshot.sectionID(at: section)))
            }
        }
        for (position, move) in request.moveRows.enumerated() where move.neighbours.isEmpty {
            place(section: move.toSection, "moveRows[\(position)]")
        }
        for (position, insert) in request.insertRows.enumerated() { place(section: insert.section, "insertRows[\(position)]") }
        if sectionsChanged && !request.insertSections.isEmpty {
            conflicts.append(RebaseConflict(operation: "insertSections", reason: .sectionsChanged))
        }
        return conflicts
    }

    /// Why a run of deletes cannot be applied to the current version as it is: it names rows by their place
    /// between its bounds, so it means the same rows when its bounds are there and no section it spans had rows
    /// inserted, deleted or moved since (nor, for a run over several sections, were sections inserted, deleted
    /// or reordered); its exceptions are rows of those sections, so they are there too.
    /// - Complexity: O(sections the run spans).
    private func conflicts(of run: BatchRequest.RowRun, in snapshot: TableSnapshot) -> [RebaseConflict] {
        let path = "deleteRows[\(run.position)]"
        let first: Int?, last: Int?
        switch run.bounds {
        case .sections(let from, let to):
            for id in [from, to] where deletedSections.contains(id) {
                return [RebaseConflict(operation: path, reason: .sectionDeleted, section: id)]
            }
            (first, last) = (snapshot.sectionIndex(for: from), snapshot.sectionIndex(for: to))
        case .rows(let from, let to):
            for id in [from, to] where deletedRows.contains(id) { return [RebaseConflict(operation: path, reason: .rowDeleted, row: id)] }
            (first, last) = (snapshot.indexPath(for: from)?.section, snapshot.indexPath(for: to)?.section)
        }
        // A bound that is not there was never there; planning says so.
        guard let first, let last else { return [] }
        if first != last && sectionsChanged { return [RebaseConflict(operation: path, reason: .sectionsChanged)] }
        return (min(first, last)...max(first, last)).map(snapshot.sectionID(at:)).filter(reorderedSections.contains).map {
            RebaseConflict(operation: path, reason: .sectionRowsChanged, section: $0)
        }
    }
}
