// ListRender — why a ``BatchUpdate`` was refused
import Models

/// Why a ``BatchUpdate`` was refused. A refused batch changes nothing.
///
/// ``description`` reads like the reason of the `NSInternalInconsistencyException` UIKit raises
/// for the same mistake; index paths print as UIKit prints them (`{length = 2, path = 0 - 3}`).
/// Section and row indexes are the ones the caller gave (before the batch for deletes, reloads
/// and move sources, after it for inserts and move destinations).
public enum BatchUpdateError: Error, Sendable, Hashable {
    // Sections, before the batch.
    case deleteSectionOutOfRange(section: Int, sectionCount: Int)
    case reloadSectionOutOfRange(section: Int, sectionCount: Int)
    case deleteAndReloadSection(section: Int)
    case moveSectionOutOfRange(section: Int, sectionCount: Int)
    case deleteAndMoveSection(section: Int)
    case moveSectionTwice(section: Int)
    // Sections, after the batch.
    case insertSectionOutOfRange(section: Int, sectionCount: Int)
    case moveSectionDestinationOutOfRange(from: Int, to: Int, sectionCount: Int)
    case insertSectionTwice(section: Int)
    case insertAndMoveSection(section: Int)
    case moveSectionsToSameIndex(section: Int)
    case duplicateSectionID(SectionID, section: Int)
    // Rows, before the batch.
    case deleteRowSectionOutOfRange(IndexPath, sectionCount: Int)
    case deleteRowOutOfRange(IndexPath, rowCount: Int)
    case deleteRowInDeletedSection(IndexPath)
    case reloadRowSectionOutOfRange(IndexPath, sectionCount: Int)
    case reloadRowOutOfRange(IndexPath, rowCount: Int)
    case reloadRowInDeletedSection(IndexPath)
    case moveRowSectionOutOfRange(IndexPath, sectionCount: Int)
    case moveRowOutOfRange(IndexPath, rowCount: Int)
    case moveRowFromDeletedSection(IndexPath)
    case deleteRowTwice(IndexPath)
    case deleteAndReloadRow(IndexPath)
    case deleteAndMoveRow(IndexPath)
    case moveRowTwice(IndexPath)
    // Rows, after the batch.
    case insertRowSectionOutOfRange(IndexPath, sectionCount: Int)
    case insertRowOutOfRange(IndexPath, rowCount: Int)
    case moveRowDestinationSectionOutOfRange(from: IndexPath, to: IndexPath, sectionCount: Int)
    case moveRowDestinationOutOfRange(from: IndexPath, to: IndexPath, rowCount: Int)
    case insertRowTwice(IndexPath)
    case insertAndMoveRow(IndexPath)
    case moveRowsToSameIndexPath(IndexPath)
    case duplicateRowID(RowID, IndexPath)
    // Counts given by the data source.
    case sectionCountMismatch(after: Int, before: Int, inserted: Int, deleted: Int)
    case rowCountMismatch(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    case insertedSectionRowCountMismatch(section: Int, after: Int, inserted: Int, movedIn: Int)
}
