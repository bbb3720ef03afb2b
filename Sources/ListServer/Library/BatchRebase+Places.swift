// Library — places named by index, carried from a batch's version to the current one
import ListRender
import ListStore
import Models

/// A place in a list as a batch lays it out: an item that was there (`kept`), or one the batch puts (`placed`).
enum Slot<Kept: Hashable, Placed: Hashable>: Hashable {
    case kept(Kept)
    case placed(Placed)
}

/// A row the batch places by index: `insertRows[k]` or `moveRows[k]`.
enum PlacedRow: Hashable {
    case insert(Int)
    case move(Int)
}

extension BatchRebase {
    /// The request with every place it names by index (an insert's section and row, a move's destination without
    /// neighbours, a new section's index) carried onto the current version, as operational transforms carry
    /// positions through the inserts and deletes applied since.
    ///
    /// The batch is laid out at its version (``BaseTable``): each placed row or section then has the rows (or
    /// sections) it was between. In the current table it goes right after the one the batch placed before it, else
    /// right before the nearest row that followed it and is still in its section, else at the section's end. So it
    /// lands between the same rows when they are there, after anything others put between them since (as an
    /// index carried through their inserts and deletes would), and the batch's own rows keep their order.
    /// Rows the batch deletes or moves are taken out first; a row it moves by neighbours stays where it is, as
    /// ``BatchPlanner/placingByNeighbours(_:origins:)`` places it afterwards.
    /// - Parameter conflicts: gets a line per place in a section deleted since.
    /// - Returns: the request with index paths valid on `snapshot`; the request itself when it places nothing by
    ///   index; nil when the log cannot say where its places were (a run of deletes beside them, a replace or a
    ///   change an earlier server logged since, an index out of range, an event that does not read), so the older
    ///   rule applies.
    /// - Complexity: O(E + R + p × r) for E bytes of the events read (those of the first change after the batch's
    ///   version that changed the sections, and of the first that changed each section placed into), R rows of the
    ///   sections placed into, and p places in sections of r rows; nothing when no place is named by index.
    func carryingPlaces(
        of request: BatchRequest, onto snapshot: TableSnapshot, conflicts: inout [RebaseConflict]
    ) -> BatchRequest? {
        let indexMoves = request.moveRows.indices.filter { request.moveRows[$0].neighbours.isEmpty }
        guard !request.insertRows.isEmpty || !indexMoves.isEmpty || !request.insertSections.isEmpty else { return request }
        // A change logged without its written keys is a replace (whose sections may have moved) or an earlier
        // server's: its event may not tell every place it changed.
        guard request.deleteRuns.isEmpty, log.allSatisfy({ $0.writtenFields != nil }),
            let base = BaseTable(current: snapshot, log: log, rowOrder: rowOrder)
        else { return nil }

        // The sections as the batch leaves them at its version.
        let deletedByBatch = Set(request.deleteSections)
        guard
            let planned = Self.laidOut(
                base.sections.filter { !deletedByBatch.contains($0) }.map(Optional.some),
                placing: request.insertSections.enumerated().map { ($0.offset, $0.element.section) })
        else { return nil }
        var destinations: [(PlacedRow, IndexPath)] = request.insertRows.enumerated().map {
            (.insert($0.offset), IndexPath(row: $0.element.row, section: $0.element.section))
        }
        destinations += indexMoves.map {
            (.move($0), IndexPath(row: request.moveRows[$0].toRow, section: request.moveRows[$0].toSection))
        }
        guard destinations.allSatisfy({ $0.1.section >= 0 && $0.1.section < planned.count }) else { return nil }

        // The rows of each kept section that gets rows, laid out at the batch's version and placed in the current one.
        let removed = Set(request.deleteRows + indexMoves.map { request.moveRows[$0].id })
        var rowsBySection: [SectionID: [(PlacedRow, Int)]] = [:]
        for (row, at) in destinations {
            if case .kept(let id?) = planned[at.section] { rowsBySection[id, default: []].append((row, at.row)) }
        }
        var finalRow: [PlacedRow: Int] = [:]
        for (section, placed) in rowsBySection {
            if deletedSections.contains(section) {
                for (row, _) in placed {
                    conflicts.append(RebaseConflict(operation: Self.path(of: row), reason: .sectionDeleted, section: section))
                }
                continue
            }
            guard let baseRows = base.rows(of: section), let index = snapshot.sectionIndex(for: section),
                let plan = Self.laidOut(baseRows.filter { $0.map { !removed.contains($0) } ?? true }, placing: placed)
            else { return nil }
            var now: [Slot<RowID, PlacedRow>] = snapshot.sections[index].rows.filter { !removed.contains($0) }.map { .kept($0) }
            Self.place(plan, into: &now)
            for (position, slot) in now.enumerated() { if case .placed(let row) = slot { finalRow[row] = position } }
        }

        // The sections, placed in the current order the same way.
        var sections: [Slot<SectionID, Int>] = snapshot.sections.map(\.id).filter { !deletedByBatch.contains($0) }.map { .kept($0) }
        Self.place(planned, into: &sections)
        var finalSection: [Slot<SectionID, Int>: Int] = [:]
        for (position, slot) in sections.enumerated() { finalSection[slot] = position }

        var carried = request
        for (row, at) in destinations {
            let section: Int
            switch planned[at.section] {
            case .kept(let id?):
                guard let index = finalSection[.kept(id)] else { continue }  // deleted since: a conflict above
                section = index
            case .kept(nil): return nil
            case .placed(let new): section = finalSection[.placed(new)]!
            }
            let position = finalRow[row] ?? at.row
            switch row {
            case .insert(let k): (carried.insertRows[k].section, carried.insertRows[k].row) = (section, position)
            case .move(let k): (carried.moveRows[k].toSection, carried.moveRows[k].toRow) = (section, position)
            }
        }
        for k in carried.insertSections.indices { carried.insertSections[k].section = finalSection[.placed(k)]! }
        return carried
    }

    private static func path(of row: PlacedRow) -> String {
        switch row {
        case .insert(let k): "insertRows[\(k)]"
        case .move(let k): "moveRows[\(k)]"
        }
    }

    /// The list `kept` with `placing` items put at their indexes in the result, as `UITableView` reads an insert's
    /// index (its place after the batch).
    /// - Returns: nil when two items name one index or an index lies past the result.
    /// - Complexity: O((n + k) + k log k).
    static func laidOut<Kept: Hashable, Placed: Hashable>(
        _ kept: [Kept?], placing: [(Placed, Int)]
    ) -> [Slot<Kept?, Placed>]? {
        let sorted = placing.sorted { $0.1 < $1.1 }
        var result: [Slot<Kept?, Placed>] = []
        result.reserveCapacity(kept.count + placing.count)
        var (next, keptNext) = (0, 0)
        while result.count < kept.count + placing.count {
            if next < sorted.count, sorted[next].1 == result.count {
                result.append(.placed(sorted[next].0))
                next += 1
            } else if keptNext < kept.count {
                result.append(.kept(kept[keptNext]))
                keptNext += 1
            } else {
                return nil
            }
        }
        return next == sorted.count ? result : nil
    }

    /// Puts the placed items of `plan` (a list as the batch laid it out at its version; nil for an item whose
    /// identity the log lost) into `now` (the list as it is, less what the batch takes out), in the plan's order:
    /// right after the item placed before it, else right before the nearest kept item after it that is in `now`,
    /// else at the end. So an item lands last in its gap between the kept items that are still there, after what
    /// others put in that gap since, as a position carried through their inserts would.
    /// - Complexity: O(p × (n + m)) for p placed items, n items of the plan and m of `now`.
    static func place<Kept: Hashable, Placed: Hashable>(_ plan: [Slot<Kept?, Placed>], into now: inout [Slot<Kept, Placed>]) {
        let present = Set(now.compactMap { if case .kept(let item) = $0 { item } else { nil } })
        func keptAndPresent(_ slot: Slot<Kept?, Placed>) -> Kept? {
            if case .kept(let item?) = slot, present.contains(item) { item } else { nil }
        }
        for (position, slot) in plan.enumerated() {
            guard case .placed(let item) = slot else { continue }
            let at: Int
            if position > 0, case .placed(let previous) = plan[position - 1] {
                at = now.firstIndex(of: .placed(previous))! + 1
            } else if let next = plan[(position + 1)...].lazy.compactMap(keptAndPresent).first {
                at = now.firstIndex(of: .kept(next))!
            } else {
                at = now.count
            }
            now.insert(.placed(item), at: at)
        }
    }
}
