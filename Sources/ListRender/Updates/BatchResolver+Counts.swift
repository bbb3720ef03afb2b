// ListRender — compares the counts the data source reports after the batch with the
import Models

extension BatchResolver {
    /// Compares the counts the data source reports after the batch with the counts the batch
    /// gives, as `endUpdates` does.
    /// - Parameter counts: the data source's number of rows in each section after the batch.
    /// - Throws: ``BatchUpdateError/sectionCountMismatch(after:before:inserted:deleted:)`` or, for the
    ///   first section whose count differs, a row count mismatch.
    /// - Complexity: O(s) when the counts agree; O(s + k) to word the error otherwise.
    func checkCounts(_ counts: [Int]) throws(BatchUpdateError) {
        guard counts.count == newSectionCount else {
            throw .sectionCountMismatch(
                after: counts.count, before: old.sections.count, inserted: batch.insertedSections.count,
                deleted: deletedSectionCount)
        }
        guard let section = counts.indices.first(where: { counts[$0] != newRowCount(inSection: $0) }) else { return }
        let inserted = batch.insertedRows.filter { $0.indexPath.section == section }.count
        let movedIn = batch.movedRows.filter {
            $0.to.section == section && oldToNewSection[$0.from.section] != section
        }.count
        switch newSources[section] {
        case .inserted:
            throw .insertedSectionRowCountMismatch(
                section: section, after: counts[section], inserted: inserted, movedIn: movedIn)
        case .old(let oldSection):
            let deleted = batch.deletedRows.filter { $0.section == oldSection }.count
            let movedOut = batch.movedRows.filter {
                $0.from.section == oldSection && $0.to.section != section
            }.count
            throw .rowCountMismatch(
                section: section, after: counts[section], before: old.sections[oldSection].rows.count,
                inserted: inserted, deleted: deleted, movedIn: movedIn, movedOut: movedOut)
        }
    }
}
