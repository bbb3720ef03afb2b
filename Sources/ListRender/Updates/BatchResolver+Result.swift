// ListRender — builds the snapshot after the batch, the replay steps and the id sets
import Models

extension BatchResolver {
    /// Builds the snapshot after the batch, the replay steps and the id sets.
    /// Sections the batch leaves untouched share their row storage with the old snapshot.
    /// - Complexity: O(s + k + rows of the sections the batch changes).
    func makeResult() -> BatchResult {
        var sections: [SnapshotSection] = []
        sections.reserveCapacity(newSectionCount)
        var rowCount = 0
        for (newSection, source) in newSources.enumerated() {
            let placed = placements[placementOffsets[newSection]..<placementOffsets[newSection + 1]]
            let section: SnapshotSection
            switch source {
            case .inserted(let id):
                section = SnapshotSection(id: id, rows: placed.map(placedID))
            case .old(let oldSection):
                let removed = removals[removalOffsets[oldSection]..<removalOffsets[oldSection + 1]]
                let before = old.sections[oldSection]
                if removed.isEmpty && placed.isEmpty {
                    section = before
                } else {
                    section = SnapshotSection(
                        id: before.id, rows: merge(before.rows, removing: removed, placing: placed))
                }
            }
            rowCount += section.rows.count
            sections.append(section)
        }
        let snapshot = TableSnapshot(validatedSections: sections, rowCount: rowCount)
        snapshot.checkInvariants()
        return BatchResult(
            snapshot: snapshot, steps: makeSteps(),
            deletedRowIDs: deletedRowIDs(),
            insertedRowIDs: placements.filter { $0.kind == MarkKind.insert }.map(placedID),
            reloadedRowIDs: reloadedRows.map(old.rowID(at:)),
            reloadedSectionIDs: reloadedSections.sorted().map(old.sectionID(at:)),
            deletedSectionIDs: sectionFate.indices.filter { sectionFate[$0] == .deleted }.map(old.sectionID(at:)),
            insertedSectionIDs: newSources.compactMap {
                if case .inserted(let id) = $0 { id } else { nil }
            })
    }

    /// The id a placement brings: the inserted id, or the moved row's id.
    private func placedID(_ mark: RowMark) -> RowID {
        mark.kind == MarkKind.insert
            ? batch.insertedRows[mark.operation].id
            : old.rowID(at: batch.movedRows[mark.operation].from)
    }

    /// The rows of one section after the batch: the placed rows at their indexes, the kept rows in
    /// their old order around them, copied a run at a time.
    private func merge(_ rows: [RowID], removing removed: ArraySlice<RowMark>, placing placed: ArraySlice<RowMark>)
        -> [RowID]
    {
        let count = rows.count - removed.count + placed.count
        var result: [RowID] = []
        result.reserveCapacity(count)
        var nextRemoved = removed.startIndex
        var source = 0
        func keep(until end: Int) {
            var missing = end - result.count
            while missing > 0 {
                let stop = nextRemoved < removed.endIndex ? removed[nextRemoved].row : rows.count
                if source == stop {
                    source += 1
                    nextRemoved += 1
                    continue
                }
                let run = Swift.min(missing, stop - source)
                result.append(contentsOf: rows[source..<source + run])
                source += run
                missing -= run
            }
        }
        for mark in placed {
            keep(until: mark.row)
            result.append(placedID(mark))
        }
        keep(until: count)
        return result
    }

    /// Removals by descending index path, section removals descending, section insertions
    /// ascending, row insertions ascending (see ``BatchStep``).
    private func makeSteps() -> [BatchStep] {
        var steps: [BatchStep] = []
        steps.reserveCapacity(
            removals.count + placements.count + 2 * batch.movedSections.count
                + deletedSectionCount + batch.insertedSections.count)
        for mark in removals.reversed() {
            let path = mark.indexPath
            steps.append(.removeRow(at: path, id: old.rowID(at: path), isMove: mark.kind == MarkKind.move))
        }
        for section in sectionFate.indices.reversed() where sectionFate[section] != .stays {
            steps.append(
                .removeSection(
                    at: section, id: old.sectionID(at: section),
                    isMove: sectionFate[section] == .moved))
        }
        for (newSection, source) in newSources.enumerated() {
            switch source {
            case .inserted(let id):
                steps.append(.insertSection(at: newSection, id: id, isMove: false))
            case .old(let oldSection) where sectionFate[oldSection] == .moved:
                steps.append(.insertSection(at: newSection, id: old.sectionID(at: oldSection), isMove: true))
            case .old:
                break
            }
        }
        for mark in placements {
            steps.append(.insertRow(at: mark.indexPath, id: placedID(mark), isMove: mark.kind == MarkKind.move))
        }
        return steps
    }

    private func deletedRowIDs() -> [RowID] {
        var ids: [RowID] = []
        ids.reserveCapacity(batch.deletedRows.count)
        for mark in removals where mark.kind == MarkKind.delete {
            ids.append(old.rowID(at: mark.indexPath))
        }
        for section in sectionFate.indices where sectionFate[section] == .deleted {
            ids.append(contentsOf: old.sections[section].rows)
        }
        return ids
    }
}
