// ListServer — ListRender
import Models

extension BatchUpdateError: CustomStringConvertible {
    /// The reason, worded as UIKit words it.
    public var description: String {
        switch self {
        case let .deleteSectionOutOfRange(section, count):
            "attempt to delete section \(section), but there are only \(count) sections before the update"
        case let .reloadSectionOutOfRange(section, count):
            "attempt to reload section \(section), but there are only \(count) sections before the update"
        case let .deleteAndReloadSection(section):
            "attempt to delete and reload the same section (\(section))"
        case let .moveSectionOutOfRange(section, count):
            "attempt to move section \(section), but there are only \(count) sections before the update"
        case let .deleteAndMoveSection(section):
            "attempt to perform a delete and a move from the same section (\(section))"
        case let .moveSectionTwice(section):
            "attempt to perform multiple moves from the same section (\(section))"
        case let .insertSectionOutOfRange(section, count):
            "attempt to insert section \(section) but there are only \(count) sections after the update"
        case let .moveSectionDestinationOutOfRange(from, to, count):
            "attempt to move section \(from) to section \(to), but there are only \(count) sections after the update"
        case let .insertSectionTwice(section):
            "attempt to insert two sections at the same index (\(section))"
        case let .insertAndMoveSection(section):
            "attempt to perform an insert and a move to the same section (\(section))"
        case let .moveSectionsToSameIndex(section):
            "attempt to perform multiple moves to the same section (\(section))"
        case let .duplicateSectionID(id, section):
            "attempt to insert section \(section) with identifier \(id), but that identifier is already in use"
        case let .deleteRowSectionOutOfRange(path, count):
            "attempt to delete row \(path.row) from section \(path.section), "
                + "but there are only \(count) sections before the update"
        case let .deleteRowOutOfRange(path, count):
            "attempt to delete row \(path.row) from section \(path.section) "
                + "which only contains \(count) rows before the update"
        case let .deleteRowInDeletedSection(path):
            "attempt to delete row \(path.row) from section \(path.section), which is also being deleted"
        case let .reloadRowSectionOutOfRange(path, count):
            "attempt to reload row \(path.row) in section \(path.section), "
                + "but there are only \(count) sections before the update"
        case let .reloadRowOutOfRange(path, count):
            "attempt to reload row \(path.row) in section \(path.section) "
                + "which only contains \(count) rows before the update"
        case let .reloadRowInDeletedSection(path):
            "attempt to reload row \(path.row) in section \(path.section), which is being deleted"
        case let .moveRowSectionOutOfRange(path, count):
            "attempt to move row \(path.row) from section \(path.section), "
                + "but there are only \(count) sections before the update"
        case let .moveRowOutOfRange(path, count):
            "attempt to move row \(path.row) from section \(path.section) "
                + "which only contains \(count) rows before the update"
        case let .moveRowFromDeletedSection(path):
            "attempt to move row \(path.row) from section \(path.section), which is being deleted"
        case let .deleteRowTwice(path):
            "attempt to delete the same index path twice (\(Self.uikit(path)))"
        case let .deleteAndReloadRow(path):
            "attempt to delete and reload the same index path (\(Self.uikit(path)))"
        case let .deleteAndMoveRow(path):
            "attempt to perform a delete and a move from the same index path (\(Self.uikit(path)))"
        case let .moveRowTwice(path):
            "attempt to perform multiple moves from the same index path (\(Self.uikit(path)))"
        case let .insertRowSectionOutOfRange(path, count):
            "attempt to insert row \(path.row) into section \(path.section), "
                + "but there are only \(count) sections after the update"
        case let .insertRowOutOfRange(path, count):
            "attempt to insert row \(path.row) into section \(path.section), "
                + "but there are only \(count) rows in section \(path.section) after the update"
        case let .moveRowDestinationSectionOutOfRange(from, to, count):
            "attempt to move index path (\(Self.uikit(from))) to index path (\(Self.uikit(to))), "
                + "but there are only \(count) sections after the update"
        case let .moveRowDestinationOutOfRange(from, to, count):
            "attempt to move index path (\(Self.uikit(from))) to index path (\(Self.uikit(to))), "
                + "but there are only \(count) rows in section \(to.section) after the update"
        case let .insertRowTwice(path):
            "attempt to insert two rows at the same index path (\(Self.uikit(path)))"
        case let .insertAndMoveRow(path):
            "attempt to perform an insert and a move to the same index path (\(Self.uikit(path)))"
        case let .moveRowsToSameIndexPath(path):
            "attempt to perform multiple moves to the same index path (\(Self.uikit(path)))"
        case let .duplicateRowID(id, path):
            "attempt to insert row \(path.row) into section \(path.section) with identifier \(id), "
                + "but that identifier is already in use"
        case let .sectionCountMismatch(after, before, inserted, deleted):
            "Invalid update: invalid number of sections. The number of sections contained in the table view "
                + "after the update (\(after)) must be equal to the number of sections contained in the table "
                + "view before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted)."
        case let .rowCountMismatch(section, after, before, inserted, deleted, movedIn, movedOut):
            "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
                + "existing section after the update (\(after)) must be equal to the number of rows contained in "
                + "that section before the update (\(before)), plus or minus the number of rows inserted or "
                + "deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the "
                + "number of rows moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .insertedSectionRowCountMismatch(section, after, inserted, movedIn):
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
