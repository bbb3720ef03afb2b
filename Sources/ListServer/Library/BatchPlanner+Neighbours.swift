// Library — places named by neighbours: restored rows and moves that land next to the rows they were beside
import ListRender
import Models

extension BatchPlanner {
    /// Turns the request's restores and its moves placed by neighbours into index-based operations: the rest of
    /// the batch is planned first, then each such row is put, one after the other (the moves in their order,
    /// then the restores in theirs), right after its `after` row when that row is there, else right before its
    /// `before` row, else at its index path (clamped to the table). Every insert and move destination of the
    /// batch is then written as its position in that final table, so the engine builds exactly it.
    ///
    /// A place named by a neighbour means the same thing whatever other clients inserted or deleted around it,
    /// which is why an undo (``BatchInverse``) names places this way.
    /// - Parameter origins: records that `insertRows[k]` stands for the client's `restoreRows[j]`.
    /// - Returns: the request with `restoreRows` turned into inserts that keep their ids, and every place an
    ///   index path after the batch; the request itself when nothing is placed by neighbours.
    /// - Throws: ``LibraryError/invalidBatch(path:message:)`` when a restored id is in use or was never given,
    ///   when a row is restored twice, or as planning the rest of the batch throws.
    /// - Complexity: O(the rest of the batch's planning + rows of the sections the placed rows land in × k) for
    ///   k placed rows.
    func placingByNeighbours(
        _ request: BatchRequest, origins: inout OperationOrigins
    ) throws(LibraryError) -> BatchRequest {
        let placedMoves = request.moveRows.indices.filter { !request.moveRows[$0].neighbours.isEmpty }
        guard !placedMoves.isEmpty || !request.restoreRows.isEmpty else { return request }
        var rest = request
        rest.restoreRows = []
        rest.moveRows = request.moveRows.filter { $0.neighbours.isEmpty }
        let settled = try plan(rest, movedByActions: [])
        var table = TableOrder(settled.result.snapshot)

        for position in placedMoves {
            let move = request.moveRows[position]
            guard table.remove(move.id) else {
                // A row that is not in the table (deleted here or before) keeps a move the planner refuses as such.
                continue
            }
            // The row came out of a section, so there is one to put it in.
            _ = table.put(move.id, move.neighbours, section: move.toSection, row: move.toRow)
        }
        var restored: Set<RowID> = []
        for (position, restore) in request.restoreRows.enumerated() {
            let path = "restoreRows[\(position)].id"
            guard restore.id.rawValue > 0, restore.id.rawValue < entry.dataset.nextID else {
                throw Self.invalidPlace(
                    path, "row \(restore.id) was never in '\(entry.dataset.id)'; restoreRows brings back deleted rows")
            }
            guard restored.insert(restore.id).inserted else {
                throw Self.invalidPlace(path, "row \(restore.id) is already restored by an earlier restoreRows")
            }
            guard entry.snapshot.indexPath(for: restore.id) == nil,
                entry.snapshot.sectionIndex(for: SectionID(restore.id.rawValue)) == nil, table.locate(restore.id) == nil
            else {
                throw Self.invalidPlace(path, "row \(restore.id) is in the table; restoreRows brings back deleted rows")
            }
            guard table.put(restore.id, restore.neighbours, section: restore.section, row: restore.row) else {
                throw Self.invalidPlace("restoreRows[\(position)]", "the table has no section to restore the row into")
            }
        }

        var placed = rest
        placed.restoreRows = []
        for index in rest.insertRows.indices {
            guard let at = table.locate(settled.insertedRowIDs[index]) else { continue }
            (placed.insertRows[index].section, placed.insertRows[index].row) = (at.section, at.row)
        }
        placed.moveRows = request.moveRows.map { move in
            var move = move
            if let at = table.locate(move.id) { (move.toSection, move.toRow) = (at.section, at.row) }
            move.neighbours = Neighbours()
            return move
        }
        for (position, restore) in request.restoreRows.enumerated() {
            let at = table.locate(restore.id)!
            origins.record("insertRows[\(placed.insertRows.count)]", from: "restoreRows[\(position)]")
            placed.insertRows.append(
                BatchRequest.RowInsert(section: at.section, row: at.row, fields: restore.fields, id: restore.id))
        }
        return placed
    }

    private typealias Neighbours = BatchRequest.Neighbours

    private static func invalidPlace(_ path: String, _ message: String) -> LibraryError {
        LibraryError.invalidBatch(path: path, message: message)
    }
}

/// The rows of a table by section, as ids, for putting rows next to others one at a time.
private struct TableOrder {
    var sections: [[RowID]]
    /// The section of each row put or taken out since the snapshot (nil: taken out).
    var moved: [RowID: Int?] = [:]
    let snapshot: TableSnapshot

    init(_ snapshot: TableSnapshot) {
        self.snapshot = snapshot
        sections = snapshot.sections.map(\.rows)
    }

    /// Where `id` is now.
    /// - Complexity: O(rows of its section).
    func locate(_ id: RowID) -> IndexPath? {
        let section: Int? = if let known = moved[id] { known } else { snapshot.indexPath(for: id)?.section }
        guard let section, let row = sections[section].firstIndex(of: id) else { return nil }
        return IndexPath(row: row, section: section)
    }

    /// Takes `id` out; returns whether it was there.
    mutating func remove(_ id: RowID) -> Bool {
        guard let at = locate(id) else { return false }
        sections[at.section].remove(at: at.row)
        moved[id] = .some(nil)
        return true
    }

    /// Puts `id` after its `after` neighbour, else before its `before` one, else at `section`/`row` clamped to the
    /// table; returns false when the table has no section.
    mutating func put(_ id: RowID, _ neighbours: BatchRequest.Neighbours, section: Int, row: Int) -> Bool {
        var at: IndexPath
        if let after = neighbours.after, let found = locate(after) {
            at = IndexPath(row: found.row + 1, section: found.section)
        } else if let before = neighbours.before, let found = locate(before) {
            at = found
        } else {
            guard !sections.isEmpty else { return false }
            let clamped = min(section, sections.count - 1)
            at = IndexPath(row: min(row, sections[clamped].count), section: clamped)
        }
        sections[at.section].insert(id, at: at.row)
        moved[id] = .some(at.section)
        return true
    }
}
