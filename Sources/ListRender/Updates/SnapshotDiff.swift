// ListRender — turns two snapshots into the ``BatchUpdate`` that changes the first into the second
import Models

/// Turns two snapshots into the ``BatchUpdate`` that changes the first into the second, matching
/// sections and rows by id (as DifferenceKit does for a table).
///
/// The batch is reproducible: `old.applying(SnapshotDiff.batch(from: old, to: new)).snapshot == new`.
/// It is small: sections and rows whose relative order is kept (a longest increasing subsequence of
/// their old positions) stay in place, and only the others are moved. A row whose section is deleted
/// but which appears elsewhere in `new` is inserted again with its id (a row cannot move out of a
/// deleted section).
///
/// ```swift
/// let old = TableSnapshot(sections: [SnapshotSection(id: SectionID(1), rows: [RowID(10), RowID(11), RowID(12)])])
/// let new = TableSnapshot(sections: [SnapshotSection(id: SectionID(1), rows: [RowID(12), RowID(10), RowID(13)])])
/// let batch = SnapshotDiff.batch(from: old, to: new)   // delete 11, insert 13, move 12 to row 0
/// let result = try old.applying(batch)                 // UIKit's batch rules
/// assert(result.snapshot == new)
/// ```
public enum SnapshotDiff {
    /// The batch that turns `old` into `new`.
    /// - Parameters:
    ///   - old: the table before.
    ///   - new: the table after.
    ///   - updated: ids of rows whose content changed; those in both snapshots (and not re-inserted)
    ///     are reloaded.
    /// - Returns: a batch with deletes and reloads at indexes in `old`, inserts and move destinations
    ///   at indexes in `new`, all in ascending order.
    /// - Complexity: O(n + s + m log m) for n rows, s sections and m rows or sections whose order is
    ///   compared; the id index of `old` is built in O(n) if it never was.
    public static func batch(
        from old: TableSnapshot, to new: TableSnapshot, reloading updated: Set<RowID> = []
    ) -> BatchUpdate {
        var batch = BatchUpdate()
        let sectionPlan = diffSections(from: old, to: new, into: &batch)
        let locations = old.rowLocationTable()
        var rowOffsets = [Int](repeating: 0, count: old.numberOfSections + 1)
        for (section, content) in old.sections.enumerated() {
            rowOffsets[section + 1] = rowOffsets[section] + content.rows.count
        }
        var present = [Bool](repeating: false, count: old.rowCount)
        for (newSection, content) in new.sections.enumerated() {
            let keptSection = sectionPlan.oldIndexOfNewSection[newSection]
            var positions: [Int] = []
            var oldRows: [Int] = []
            for (position, id) in content.rows.enumerated() {
                let target = IndexPath(row: position, section: newSection)
                guard let location = locations[id], !sectionPlan.isDeleted[Int(location.section)] else {
                    batch.insertRow(id, at: target)
                    continue
                }
                present[rowOffsets[Int(location.section)] + Int(location.row)] = true
                if Int(location.section) == keptSection {
                    positions.append(position)
                    oldRows.append(Int(location.row))
                } else {
                    batch.moveRow(at: location.indexPath, to: target)
                }
            }
            guard keptSection >= 0 else { continue }
            let stays = LongestIncreasingSubsequence.membership(oldRows)
            for candidate in oldRows.indices where !stays[candidate] {
                batch.moveRow(
                    at: IndexPath(row: oldRows[candidate], section: keptSection),
                    to: IndexPath(row: positions[candidate], section: newSection))
            }
        }
        for (section, content) in old.sections.enumerated() where !sectionPlan.isDeleted[section] {
            for row in content.rows.indices where !present[rowOffsets[section] + row] {
                batch.deletedRows.append(IndexPath(row: row, section: section))
            }
        }
        for id in updated.sorted() {
            guard let location = locations[id], !sectionPlan.isDeleted[Int(location.section)],
                present[rowOffsets[Int(location.section)] + Int(location.row)]
            else { continue }
            batch.reloadedRows.append(location.indexPath)
        }
        return batch
    }

    /// Which old sections are deleted, and for each new section the old section it keeps (-1 for a
    /// new one).
    private struct SectionPlan {
        var isDeleted: [Bool]
        var oldIndexOfNewSection: [Int]
    }

    /// Adds the section deletes, inserts and moves to `batch`.
    /// - Complexity: O(s log s).
    private static func diffSections(from old: TableSnapshot, to new: TableSnapshot, into batch: inout BatchUpdate)
        -> SectionPlan
    {
        var plan = SectionPlan(
            isDeleted: [Bool](repeating: false, count: old.numberOfSections),
            oldIndexOfNewSection: [Int](repeating: -1, count: new.numberOfSections))
        for (section, content) in old.sections.enumerated() where new.sectionIndex(for: content.id) == nil {
            plan.isDeleted[section] = true
            batch.deletedSections.append(section)
        }
        var newIndexes: [Int] = []
        var oldIndexes: [Int] = []
        for (section, content) in new.sections.enumerated() {
            if let oldSection = old.sectionIndex(for: content.id) {
                plan.oldIndexOfNewSection[section] = oldSection
                newIndexes.append(section)
                oldIndexes.append(oldSection)
            } else {
                batch.insertSection(content.id, at: section)
            }
        }
        let stays = LongestIncreasingSubsequence.membership(oldIndexes)
        for candidate in oldIndexes.indices where !stays[candidate] {
            batch.moveSection(oldIndexes[candidate], toSection: newIndexes[candidate])
        }
        return plan
    }
}
