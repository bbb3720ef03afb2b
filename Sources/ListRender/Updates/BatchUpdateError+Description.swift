// ListRender — the reason, worded as UIKit words it
import Models

extension BatchUpdateError: CustomStringConvertible {
    /// The reason, worded as UIKit words it.
    public var description: String {
        switch self {
        case .deleteSectionOutOfRange(let section, let count):
            "attempt to delete section \(section), but there are only \(count) sections before the update"
        case .reloadSectionOutOfRange(let section, let count):
            "attempt to reload section \(section), but there are only \(count) sections before the update"
        case .deleteAndReloadSection(let section):
            "attempt to delete and reload the same section (\(section))"
        case .moveSectionOutOfRange(let section, let count):
            "attempt to move section \(section), but there are only \(count) sections before the update"
        case .deleteAndMoveSection(let section):
            "attempt to perform a delete and a move from the same section (\(section))"
        case .moveSectionTwice(let section):
            "attempt to perform multiple moves from the same section (\(section))"
        case .insertSectionOutOfRange(let section, let count):
            "attempt to insert section \(section) but there are only \(count) sections after the update"
        case .moveSectionDestinationOutOfRange(let from, let to, let count):
            "attempt to move section \(from) to section \(to), but there are only \(count) sections after the update"
        case .insertSectionTwice(let section):
            "attempt to insert two sections at the same index (\(section))"
        case .insertAndMoveSection(let section):
            "attempt to perform an insert and a move to the same section (\(section))"
        case .moveSectionsToSameIndex(let section):
            "attempt to perform multiple moves to the same section (\(section))"
        case .duplicateSectionID(let id, let section):
            "attempt to insert section \(section) with identifier \(id), but that identifier is already in use"
        case .deleteRowSectionOutOfRange(let path, let count):
            "attempt to delete row \(path.row) from section \(path.section), "
                + "but there are only \(count) sections before the update"
        case .deleteRowOutOfRange(let path, let count):
            "attempt to delete row \(path.row) from section \(path.section) "
                + "which only contains \(count) rows before the update"
        case .deleteRowInDeletedSection(let path):
            "attempt to delete row \(path.row) from section \(path.section), which is also being deleted"
        case .reloadRowSectionOutOfRange(let path, let count):
            "attempt to reload row \(path.row) in section \(path.section), "
                + "but there are only \(count) sections before the update"
        case .reloadRowOutOfRange(let path, let count):
            "attempt to reload row \(path.row) in section \(path.section) "
                + "which only contains \(count) rows before the update"
        case .reloadRowInDeletedSection(let path):
            "attempt to reload row \(path.row) in section \(path.section), which is being deleted"
        case .moveRowSectionOutOfRange(let path, let count):
            "attempt to move row \(path.row) from section \(path.section), "
                + "but there are only \(count) sections before the update"
        case .moveRowOutOfRange(let path, let count):
            "attempt to move row \(path.row) from section \(path.section) "
                + "which only contains \(count) rows before the update"
        case .moveRowFromDeletedSection(let path):
            "attempt to move row \(path.row) from section \(path.section), which is being deleted"
        case .deleteRowTwice(let path):
            "attempt to delete the same index path twice (\(Self.uikit(path)))"
        case .deleteAndReloadRow(let path):
            "attempt to delete and reload the same index path (\(Self.uikit(path)))"
        case .deleteAndMoveRow(let path):
            "attempt to perform a delete and a move from the same index path (\(Self.uikit(path)))"
        case .moveRowTwice(let path):
            "attempt to perform multiple moves from the same index path (\(Self.uikit(path)))"
        case .insertRowSectionOutOfRange(let path, let count):
            "attempt to insert row \(path.row) into section \(path.section), "
                + "but there are only \(count) sections after the update"
        case .insertRowOutOfRange(let path, let count):
            "attempt to insert row \(path.row) into section \(path.section), "
                + "but there are only \(count) rows in section \(path.section) after the update"
        case .moveRowDestinationSectionOutOfRange(let from, let to, let count):
            "attempt to move index path (\(Self.uikit(from))) to index path (\(Self.uikit(to))), "
                + "but there are only \(count) sections after the update"
        case .moveRowDestinationOutOfRange(let from, let to, let count):
            "attempt to move index path (\(Self.uikit(from))) to index path (\(Self.uikit(to))), "
                + "but there are only \(count) rows in section \(to.section) after the update"
        case .insertRowTwice(let path):
            "attempt to insert two rows at the same index path (\(Self.uikit(path)))"
        case .insertAndMoveRow(let path):
            "attempt to perform an insert and a move to the same index path (\(Self.uikit(path)))"
        case .moveRowsToSameIndexPath(let path):
            "attempt to perform multiple moves to the same index path (\(Self.uikit(path)))"
        case .duplicateRowID(let id, let path):
            "attempt to insert row \(path.row) into section \(path.section) with identifier \(id), "
                + "but that identifier is already in use"
        case .sectionCountMismatch(let after, let before, let inserted, let deleted):
            "Invalid update: invalid number of sections. The number of sections contained in the table view "
                + "after the update (\(after)) must be equal to the number of sections contained in the table "
                + "view before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted)."
        case .rowCountMismatch(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
                + "existing section after the update (\(after)) must be equal to the number of rows contained in "
                + "that section before the update (\(before)), plus or minus the number of rows inserted or "
                + "deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the "
                + "number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .insertedSectionRowCountMismatch(let section, let after, let inserted, let movedIn):
            "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
                + "inserted section after the update (\(after)) must be equal to the number of rows inserted into "
                + "that section (\(inserted) inserted) plus the number of rows moved into it (\(movedIn) moved in)."
        }
    }

    /// `{length = 2, path = 0 - 3}`, as `NSIndexPath` prints itself.
    static func uikit(_ indexPath: IndexPath) -> String {
        "{length = 2, path = \(indexPath.section) - \(indexPath.row)}"
    }
}
