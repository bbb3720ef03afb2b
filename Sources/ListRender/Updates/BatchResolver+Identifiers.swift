// ListRender — checks that inserted sections and rows bring ids that are not in the
import Models

extension BatchResolver {
    /// Checks that inserted sections and rows bring ids that are not in the table after the batch:
    /// an id may come back only if the row or section that had it is deleted by this batch.
    /// - Complexity: O(inserted sections + inserted rows × log k), plus the snapshot's index build
    ///   the first time.
    func checkIdentifiers() throws(BatchUpdateError) {
        if !batch.insertedSections.isEmpty {
            var seen = Set<SectionID>()
            for insertion in batch.insertedSections {
                let reused = old.sectionIndex(for: insertion.id).map { sectionFate[$0] != .deleted } ?? false
                if reused || !seen.insert(insertion.id).inserted {
                    throw .duplicateSectionID(insertion.id, section: insertion.section)
                }
            }
        }
        guard !batch.insertedRows.isEmpty else { return }
        let failure: BatchUpdateError? = old.index.withRowLocations(old.sections, rowCount: old.rowCount) { table in
            var seen = Set<RowID>()
            seen.reserveCapacity(batch.insertedRows.count)
            for insertion in batch.insertedRows {
                let reused = table[insertion.id].map { !isDeleted($0) } ?? false
                if reused || !seen.insert(insertion.id).inserted {
                    return .duplicateRowID(insertion.id, insertion.indexPath)
                }
            }
            return nil
        }
        if let failure { throw failure }
    }

    /// Whether the batch deletes the row at a location before the batch (itself or its section).
    /// - Complexity: O(log k).
    private func isDeleted(_ location: RowLocation) -> Bool {
        let section = Int(location.section)
        let row = Int(location.row)
        if sectionFate[section] == .deleted { return true }
        var low = removalOffsets[section]
        var high = removalOffsets[section + 1]
        while low < high {
            let middle = (low + high) / 2
            if removals[middle].row < row { low = middle + 1 } else { high = middle }
        }
        return low < removalOffsets[section + 1] && removals[low].row == row && removals[low].kind == MarkKind.delete
    }
}
