// ListRender — checks deletes, move sources and reloads
import Models

extension BatchResolver {
    /// Checks deletes, move sources and reloads (index paths before the batch) and sorts them.
    /// - Complexity: O(k log k) for k such operations.
    mutating func resolveRowSources() throws(BatchUpdateError) {
        var marks: [RowMark] = []
        marks.reserveCapacity(batch.deletedRows.count + batch.movedRows.count + batch.reloadedRows.count)
        for (operation, path) in batch.deletedRows.enumerated() {
            try checkSource(path, kind: MarkKind.delete)
            marks.append(RowMark(path, kind: MarkKind.delete, operation: operation))
        }
        for (operation, move) in batch.movedRows.enumerated() {
            try checkSource(move.from, kind: MarkKind.move)
            marks.append(RowMark(move.from, kind: MarkKind.move, operation: operation))
        }
        for (operation, path) in batch.reloadedRows.enumerated() {
            try checkSource(path, kind: MarkKind.reload)
            marks.append(RowMark(path, kind: MarkKind.reload, operation: operation))
        }
        marks.sort { $0.key < $1.key }
        removals.reserveCapacity(batch.deletedRows.count + batch.movedRows.count)
        for (position, mark) in marks.enumerated() {
            if position > 0 {
                let previous = marks[position - 1]
                if previous.isAtSamePlace(as: mark) {
                    try checkSourceConflict(previous.kind, mark.kind, at: mark.indexPath)
                    if previous.kind == MarkKind.reload { continue }
                }
            }
            if mark.kind == MarkKind.reload {
                reloadedRows.append(mark.indexPath)
            } else {
                removals.append(mark)
            }
        }
        removalOffsets = Self.groupOffsets(removals, sectionCount: old.sections.count)
    }

    private func checkSource(_ path: IndexPath, kind: UInt8) throws(BatchUpdateError) {
        let sectionCount = old.sections.count
        guard path.section >= 0 && path.section < sectionCount else {
            switch kind {
            case MarkKind.delete: throw .deleteRowSectionOutOfRange(path, sectionCount: sectionCount)
            case MarkKind.move: throw .moveRowSectionOutOfRange(path, sectionCount: sectionCount)
            default: throw .reloadRowSectionOutOfRange(path, sectionCount: sectionCount)
            }
        }
        let rowCount = old.sections[path.section].rows.count
        guard path.row >= 0 && path.row < rowCount else {
            switch kind {
            case MarkKind.delete: throw .deleteRowOutOfRange(path, rowCount: rowCount)
            case MarkKind.move: throw .moveRowOutOfRange(path, rowCount: rowCount)
            default: throw .reloadRowOutOfRange(path, rowCount: rowCount)
            }
        }
        guard sectionFate[path.section] != .deleted else {
            switch kind {
            case MarkKind.delete: throw .deleteRowInDeletedSection(path)
            case MarkKind.move: throw .moveRowFromDeletedSection(path)
            default: throw .reloadRowInDeletedSection(path)
            }
        }
    }

    /// Two operations on one index path before the batch, `first.kind <= second.kind`. A reload
    /// of a moved row, and a reload given twice, are allowed; every other pair is refused.
    private func checkSourceConflict(_ first: UInt8, _ second: UInt8, at path: IndexPath) throws(BatchUpdateError) {
        switch (first, second) {
        case (MarkKind.delete, MarkKind.delete): throw .deleteRowTwice(path)
        case (MarkKind.delete, MarkKind.move): throw .deleteAndMoveRow(path)
        case (MarkKind.delete, _): throw .deleteAndReloadRow(path)
        case (MarkKind.move, MarkKind.move): throw .moveRowTwice(path)
        default: return
        }
    }

    /// Checks inserts and move destinations (index paths after the batch) and sorts them.
    /// - Complexity: O(k log k) for k such operations.
    mutating func resolveRowDestinations() throws(BatchUpdateError) {
        let sectionCount = newSectionCount
        var perSection = Array(repeating: 0, count: sectionCount + 1)
        for insertion in batch.insertedRows {
            let path = insertion.indexPath
            guard path.section >= 0 && path.section < sectionCount else {
                throw .insertRowSectionOutOfRange(path, sectionCount: sectionCount)
            }
            perSection[path.section + 1] += 1
        }
        for move in batch.movedRows {
            guard move.to.section >= 0 && move.to.section < sectionCount else {
                throw .moveRowDestinationSectionOutOfRange(from: move.from, to: move.to, sectionCount: sectionCount)
            }
            perSection[move.to.section + 1] += 1
        }
        for section in 0..<sectionCount { perSection[section + 1] += perSection[section] }
        placementOffsets = perSection
        for insertion in batch.insertedRows {
            let path = insertion.indexPath
            let rowCount = newRowCount(inSection: path.section)
            guard path.row >= 0 && path.row < rowCount else { throw .insertRowOutOfRange(path, rowCount: rowCount) }
        }
        for move in batch.movedRows {
            let rowCount = newRowCount(inSection: move.to.section)
            guard move.to.row >= 0 && move.to.row < rowCount else {
                throw .moveRowDestinationOutOfRange(from: move.from, to: move.to, rowCount: rowCount)
            }
        }
        try sortPlacements()
    }

    private mutating func sortPlacements() throws(BatchUpdateError) {
        var marks: [RowMark] = []
        marks.reserveCapacity(batch.insertedRows.count + batch.movedRows.count)
        for (operation, insertion) in batch.insertedRows.enumerated() {
            marks.append(RowMark(insertion.indexPath, kind: MarkKind.insert, operation: operation))
        }
        for (operation, move) in batch.movedRows.enumerated() {
            marks.append(RowMark(move.to, kind: MarkKind.move, operation: operation))
        }
        marks.sort { $0.key < $1.key }
        for position in marks.indices.dropFirst() {
            let previous = marks[position - 1]
            let mark = marks[position]
            guard previous.isAtSamePlace(as: mark) else { continue }
            switch (previous.kind, mark.kind) {
            case (MarkKind.insert, MarkKind.insert): throw .insertRowTwice(mark.indexPath)
            case (MarkKind.insert, _): throw .insertAndMoveRow(mark.indexPath)
            default: throw .moveRowsToSameIndexPath(mark.indexPath)
            }
        }
        placements = marks
    }
}
