// Library — a batch made on an older version, applied to the current one when nothing it names changed
import ListRender
import ListStore
import Models

/// Decides whether a batch made against an older version may be applied to the current one as it is, as a
/// list's operations are rebased over the ones applied since (ShareDB's and Replicache's rule): it may when
/// every row it names by id is still there and unchanged since, and every place it names by index (an
/// insert's, a move's destination, a new section's) lies in a section whose rows nobody reordered since, so
/// the index means the same place in both versions. A place named by neighbours (an undo's restored rows and moves)
/// is never a conflict: it lands by them, or near its index path when they are gone. Changes the client says
/// it has seen (``BatchRequest/seenVersions``, its own earlier batches) are no conflict either. Anything else
/// is a real conflict, named.
struct BatchRebase {
    /// What the changes since the batch's version did.
    let deletedRows: Set<RowID>
    let changedRows: Set<RowID>
    let reorderedSections: Set<SectionID>
    let deletedSections: Set<SectionID>
    /// Whether sections were inserted, deleted or reordered.
    let sectionsChanged: Bool

    /// The most versions a batch may be behind and still be rebased.
    static let maximumDistance: Int64 = 1_000

    /// Reads what the changes after `base` up to `current` did, leaving out those of the `seen` versions.
    /// - Returns: nil when the log does not hold each of them as a batch's change (a replace, a version past
    ///   the log's retention): then the batch cannot be rebased.
    /// - Complexity: O(the changes' rows and sections).
    init?(_ events: [StoredEvent], after base: Int64, upTo current: Int64, seen: Set<Int64> = []) {
        guard events.count == current - base,
            events.enumerated().allSatisfy({ $0.element.version == base + 1 + Int64($0.offset) && $0.element.change != nil })
        else { return nil }
        var deletedRows = Set<RowID>(), changedRows = Set<RowID>(), reordered = Set<SectionID>()
        var deletedSections = Set<SectionID>(), sectionsChanged = false
        for case let change? in events.lazy.filter({ !seen.contains($0.version) }).map(\.change) {
            deletedRows.formUnion(change.deletedRowIDs)
            changedRows.formUnion(change.upsertedRows.map(\.id))
            reordered.formUnion(change.rowOrders.keys)
            deletedSections.formUnion(change.deletedSectionIDs)
            if change.sectionOrder != nil || !change.deletedSectionIDs.isEmpty { sectionsChanged = true }
        }
        self.deletedRows = deletedRows
        self.changedRows = changedRows
        reorderedSections = reordered
        self.deletedSections = deletedSections
        self.sectionsChanged = sectionsChanged
    }

    /// Why `request` cannot be applied to the current version `snapshot` as it is: one line per row or place
    /// that changed since its version; empty when it can.
    /// - Complexity: O(operations of the request).
    func conflicts(of request: BatchRequest, in snapshot: TableSnapshot) -> [String] {
        var conflicts: [String] = []
        func named(_ id: RowID, _ path: String, writes: Bool) {
            if deletedRows.contains(id) {
                conflicts.append("\(path): row \(id) was deleted")
            } else if writes && changedRows.contains(id) {
                conflicts.append("\(path): row \(id) was changed")
            }
        }
        func place(section: Int, _ path: String) {
            if sectionsChanged {
                conflicts.append("\(path): the sections were inserted, deleted or reordered")
            } else if section >= 0 && section < snapshot.sections.count,
                reorderedSections.contains(snapshot.sectionID(at: section))
            {
                conflicts.append("\(path): the rows of section \(snapshot.sectionID(at: section)) changed")
            }
        }
        if !request.child.isEmpty { conflicts.append("child: a child table's batch is not rebased") }
        for (position, id) in request.deleteRows.enumerated() { named(id, request.deleteRowPath(position), writes: false) }
        for run in request.deleteRuns { conflicts += self.conflicts(of: run, in: snapshot) }
        for (position, change) in request.updateRows.enumerated() { named(change.id, "updateRows[\(position)]", writes: true) }
        for (position, run) in request.rowActions.enumerated() { named(run.id, "rowActions[\(position)]", writes: true) }
        for (position, move) in request.moveRows.enumerated() {
            named(move.id, "moveRows[\(position)]", writes: false)
            // A place named by neighbours means the same in every version; its index path is only a fallback.
            if move.neighbours.isEmpty { place(section: move.toSection, "moveRows[\(position)]") }
        }
        for (position, insert) in request.insertRows.enumerated() { place(section: insert.section, "insertRows[\(position)]") }
        for (position, id) in request.deleteSections.enumerated()
        where reorderedSections.contains(id) || deletedSections.contains(id) {
            conflicts.append("deleteSections[\(position)]: the rows of section \(id) changed")
        }
        if sectionsChanged && !request.insertSections.isEmpty {
            conflicts.append("insertSections: the sections were inserted, deleted or reordered")
        }
        return conflicts
    }

    /// Why a run of deletes cannot be applied to the current version as it is: it names rows by their place
    /// between its bounds, so it means the same rows when its bounds are there and no section it spans had rows
    /// inserted, deleted or moved since (nor, for a run over several sections, were sections inserted, deleted
    /// or reordered); its exceptions are rows of those sections, so they are there too.
    /// - Complexity: O(sections the run spans).
    private func conflicts(of run: BatchRequest.RowRun, in snapshot: TableSnapshot) -> [String] {
        let path = "deleteRows[\(run.position)]"
        let first: Int?, last: Int?
        switch run.bounds {
        case .sections(let from, let to):
            for id in [from, to] where deletedSections.contains(id) { return ["\(path): section \(id) was deleted"] }
            (first, last) = (snapshot.sectionIndex(for: from), snapshot.sectionIndex(for: to))
        case .rows(let from, let to):
            for id in [from, to] where deletedRows.contains(id) { return ["\(path): row \(id) was deleted"] }
            (first, last) = (snapshot.indexPath(for: from)?.section, snapshot.indexPath(for: to)?.section)
        }
        // A bound that is not there was never there; planning says so.
        guard let first, let last else { return [] }
        if first != last && sectionsChanged { return ["\(path): the sections were inserted, deleted or reordered"] }
        return (min(first, last)...max(first, last)).map(snapshot.sectionID(at:)).filter(reorderedSections.contains).map {
            "\(path): the rows of section \($0) changed"
        }
    }
}
