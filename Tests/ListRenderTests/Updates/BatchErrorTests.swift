// ListRenderTests — one refused batch: the table
import Models
import Testing

@testable import ListRender

/// One refused batch: the table, the batch, and the error with UIKit's wording.
struct RefusedBatch: Sendable, CustomTestStringConvertible {
    var name: String
    var rows: [[Int64]]
    var batch: BatchUpdate
    var error: BatchUpdateError
    var message: String
    var testDescription: String { name }

    init(
        _ name: String, _ rows: [[Int64]], _ error: BatchUpdateError, _ message: String,
        _ build: (inout BatchUpdate) -> Void
    ) {
        self.name = name
        self.rows = rows
        var batch = BatchUpdate()
        build(&batch)
        self.batch = batch
        self.error = error
        self.message = message
    }
}

/// Three sections of 5, 2 and 3 rows.
private let table: [[Int64]] = [[1, 2, 3, 4, 5], [6, 7], [8, 9, 10]]

let sectionRefusals: [RefusedBatch] = [
    RefusedBatch(
        "a section deleted beyond the end", table, .deleteSectionOutOfRange(section: 4, sectionCount: 3),
        "attempt to delete section 4, but there are only 3 sections before the update"
    ) {
        $0.deleteSections([4])
    },
    RefusedBatch(
        "a section reloaded beyond the end", table, .reloadSectionOutOfRange(section: 3, sectionCount: 3),
        "attempt to reload section 3, but there are only 3 sections before the update"
    ) {
        $0.reloadSections([3])
    },
    RefusedBatch(
        "a section both deleted and reloaded", table, .deleteAndReloadSection(section: 2),
        "attempt to delete and reload the same section (2)"
    ) {
        $0.reloadSections([2])
        $0.deleteSections([2])
    },
    RefusedBatch(
        "a section moved from beyond the end", table, .moveSectionOutOfRange(section: -1, sectionCount: 3),
        "attempt to move section -1, but there are only 3 sections before the update"
    ) {
        $0.moveSection(-1, toSection: 0)
    },
    RefusedBatch(
        "a section both deleted and moved", table, .deleteAndMoveSection(section: 1),
        "attempt to perform a delete and a move from the same section (1)"
    ) {
        $0.deleteSections([1])
        $0.moveSection(1, toSection: 0)
    },
    RefusedBatch(
        "a section moved twice", table, .moveSectionTwice(section: 0),
        "attempt to perform multiple moves from the same section (0)"
    ) {
        $0.moveSection(0, toSection: 1)
        $0.moveSection(0, toSection: 2)
    },
    RefusedBatch(
        "a section inserted beyond the end after deletes", table,
        .insertSectionOutOfRange(section: 3, sectionCount: 3),
        "attempt to insert section 3 but there are only 3 sections after the update"
    ) {
        $0.deleteSections([0])
        $0.insertSection(SectionID(50), at: 3)
    },
    RefusedBatch(
        "a section moved beyond the end", table,
        .moveSectionDestinationOutOfRange(from: 0, to: 3, sectionCount: 3),
        "attempt to move section 0 to section 3, but there are only 3 sections after the update"
    ) {
        $0.moveSection(0, toSection: 3)
    },
    RefusedBatch(
        "two sections inserted at one index", table, .insertSectionTwice(section: 1),
        "attempt to insert two sections at the same index (1)"
    ) {
        $0.insertSections([SectionID(50), SectionID(51)], at: [1, 1])
    },
    RefusedBatch(
        "a section inserted where another moves", table, .insertAndMoveSection(section: 0),
        "attempt to perform an insert and a move to the same section (0)"
    ) {
        $0.insertSection(SectionID(50), at: 0)
        $0.moveSection(2, toSection: 0)
    },
    RefusedBatch(
        "two sections moved to one index", table, .moveSectionsToSameIndex(section: 0),
        "attempt to perform multiple moves to the same section (0)"
    ) {
        $0.moveSection(1, toSection: 0)
        $0.moveSection(2, toSection: 0)
    },
    RefusedBatch(
        "a section inserted with an id in use", table, .duplicateSectionID(SectionID(1001), section: 0),
        "attempt to insert section 0 with identifier 1001, but that identifier is already in use"
    ) {
        $0.insertSection(SectionID(1001), at: 0)
    },
    RefusedBatch(
        "two sections inserted with one id", table, .duplicateSectionID(SectionID(50), section: 3),
        "attempt to insert section 3 with identifier 50, but that identifier is already in use"
    ) {
        $0.insertSections([SectionID(50), SectionID(50)], at: [0, 3])
    },
]

let rowSourceRefusals: [RefusedBatch] = [
    RefusedBatch(
        "a row deleted beyond the end of its section", table, .deleteRowOutOfRange(path(0, 7), rowCount: 5),
        "attempt to delete row 7 from section 0 which only contains 5 rows before the update"
    ) {
        $0.deleteRows(at: [path(0, 7)])
    },
    RefusedBatch(
        "a row deleted from a section beyond the end", table,
        .deleteRowSectionOutOfRange(path(3, 0), sectionCount: 3),
        "attempt to delete row 0 from section 3, but there are only 3 sections before the update"
    ) {
        $0.deleteRows(at: [path(3, 0)])
    },
    RefusedBatch(
        "a row deleted from a deleted section", table, .deleteRowInDeletedSection(path(1, 0)),
        "attempt to delete row 0 from section 1, which is also being deleted"
    ) {
        $0.deleteSections([1])
        $0.deleteRows(at: [path(1, 0)])
    },
    RefusedBatch(
        "a row reloaded beyond the end of its section", table, .reloadRowOutOfRange(path(1, 2), rowCount: 2),
        "attempt to reload row 2 in section 1 which only contains 2 rows before the update"
    ) {
        $0.reloadRows(at: [path(1, 2)])
    },
    RefusedBatch(
        "a row reloaded in a section beyond the end", table,
        .reloadRowSectionOutOfRange(path(5, 0), sectionCount: 3),
        "attempt to reload row 0 in section 5, but there are only 3 sections before the update"
    ) {
        $0.reloadRows(at: [path(5, 0)])
    },
    RefusedBatch(
        "a row reloaded in a deleted section", table, .reloadRowInDeletedSection(path(2, 1)),
        "attempt to reload row 1 in section 2, which is being deleted"
    ) {
        $0.deleteSections([2])
        $0.reloadRows(at: [path(2, 1)])
    },
    RefusedBatch(
        "a row moved from beyond the end of its section", table, .moveRowOutOfRange(path(2, 3), rowCount: 3),
        "attempt to move row 3 from section 2 which only contains 3 rows before the update"
    ) {
        $0.moveRow(at: path(2, 3), to: path(0, 0))
    },
    RefusedBatch(
        "a row moved from a section beyond the end", table,
        .moveRowSectionOutOfRange(path(3, 0), sectionCount: 3),
        "attempt to move row 0 from section 3, but there are only 3 sections before the update"
    ) {
        $0.moveRow(at: path(3, 0), to: path(0, 0))
    },
    RefusedBatch(
        "a row moved out of a deleted section", table, .moveRowFromDeletedSection(path(1, 1)),
        "attempt to move row 1 from section 1, which is being deleted"
    ) {
        $0.deleteSections([1])
        $0.moveRow(at: path(1, 1), to: path(0, 0))
    },
    RefusedBatch(
        "the same row deleted twice", table, .deleteRowTwice(path(0, 3)),
        "attempt to delete the same index path twice ({length = 2, path = 0 - 3})"
    ) {
        $0.deleteRows(at: [path(0, 3), path(0, 1), path(0, 3)])
    },
    RefusedBatch(
        "a row both deleted and reloaded", table, .deleteAndReloadRow(path(0, 1)),
        "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})"
    ) {
        $0.reloadRows(at: [path(0, 1)])
        $0.deleteRows(at: [path(0, 1)])
    },
    RefusedBatch(
        "a row both deleted and moved", table, .deleteAndMoveRow(path(2, 0)),
        "attempt to perform a delete and a move from the same index path ({length = 2, path = 2 - 0})"
    ) {
        $0.moveRow(at: path(2, 0), to: path(0, 0))
        $0.deleteRows(at: [path(2, 0)])
    },
    RefusedBatch(
        "a row moved twice", table, .moveRowTwice(path(0, 0)),
        "attempt to perform multiple moves from the same index path ({length = 2, path = 0 - 0})"
    ) {
        $0.moveRow(at: path(0, 0), to: path(1, 0))
        $0.moveRow(at: path(0, 0), to: path(2, 0))
    },
]

let rowDestinationRefusals: [RefusedBatch] = [
    RefusedBatch(
        "a row inserted beyond the end of its section after the update", table,
        .insertRowOutOfRange(path(0, 9), rowCount: 6),
        "attempt to insert row 9 into section 0, but there are only 6 rows in section 0 after the update"
    ) {
        $0.insertRow(RowID(90), at: path(0, 9))
    },
    RefusedBatch(
        "a row inserted at the old end of a section that lost a row", table,
        .insertRowOutOfRange(path(1, 2), rowCount: 2),
        "attempt to insert row 2 into section 1, but there are only 2 rows in section 1 after the update"
    ) {
        $0.deleteRows(at: [path(1, 0)])
        $0.insertRow(RowID(90), at: path(1, 2))
    },
    RefusedBatch(
        "a row inserted into a section that the batch deletes", table,
        .insertRowSectionOutOfRange(path(2, 0), sectionCount: 2),
        "attempt to insert row 0 into section 2, but there are only 2 sections after the update"
    ) {
        $0.deleteSections([2])
        $0.insertRow(RowID(90), at: path(2, 0))
    },
    RefusedBatch(
        "a row moved into a section that the batch deletes", table,
        .moveRowDestinationSectionOutOfRange(from: path(0, 0), to: path(2, 0), sectionCount: 2),
        "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 2 - 0}), "
            + "but there are only 2 sections after the update"
    ) {
        $0.deleteSections([1])
        $0.moveRow(at: path(0, 0), to: path(2, 0))
    },
    RefusedBatch(
        "a row moved beyond the end of its new section", table,
        .moveRowDestinationOutOfRange(from: path(0, 0), to: path(1, 3), rowCount: 3),
        "attempt to move index path ({length = 2, path = 0 - 0}) to index path ({length = 2, path = 1 - 3}), "
            + "but there are only 3 rows in section 1 after the update"
    ) {
        $0.moveRow(at: path(0, 0), to: path(1, 3))
    },
    RefusedBatch(
        "two rows inserted at one index path", table, .insertRowTwice(path(1, 0)),
        "attempt to insert two rows at the same index path ({length = 2, path = 1 - 0})"
    ) {
        $0.insertRows([RowID(90), RowID(91)], at: [path(1, 0), path(1, 0)])
    },
    RefusedBatch(
        "a row inserted where another moves", table, .insertAndMoveRow(path(1, 0)),
        "attempt to perform an insert and a move to the same index path ({length = 2, path = 1 - 0})"
    ) {
        $0.moveRow(at: path(0, 0), to: path(1, 0))
        $0.insertRow(RowID(90), at: path(1, 0))
    },
    RefusedBatch(
        "two rows moved to one index path", table, .moveRowsToSameIndexPath(path(2, 1)),
        "attempt to perform multiple moves to the same index path ({length = 2, path = 2 - 1})"
    ) {
        $0.moveRow(at: path(0, 0), to: path(2, 1))
        $0.moveRow(at: path(1, 0), to: path(2, 1))
    },
    RefusedBatch(
        "a row inserted with an id in use", table, .duplicateRowID(RowID(7), path(0, 0)),
        "attempt to insert row 0 into section 0 with identifier 7, but that identifier is already in use"
    ) {
        $0.insertRow(RowID(7), at: path(0, 0))
    },
    RefusedBatch(
        "a row inserted with the id of a row that only moves", table, .duplicateRowID(RowID(1), path(0, 0)),
        "attempt to insert row 0 into section 0 with identifier 1, but that identifier is already in use"
    ) {
        $0.moveRow(at: path(0, 0), to: path(1, 0))
        $0.insertRow(RowID(1), at: path(0, 0))
    },
    RefusedBatch(
        "two rows inserted with one id", table, .duplicateRowID(RowID(90), path(2, 0)),
        "attempt to insert row 0 into section 2 with identifier 90, but that identifier is already in use"
    ) {
        $0.insertRows([RowID(90), RowID(90)], at: [path(0, 0), path(2, 0)])
    },
]

@Test(
    "every inconsistent batch is refused with UIKit's reason",
    arguments: sectionRefusals + rowSourceRefusals + rowDestinationRefusals)
func inconsistentBatchIsRefused(_ refused: RefusedBatch) {
    let snapshot = makeSnapshot(refused.rows)
    let error = refusal(refused.batch, on: snapshot)
    #expect(error == refused.error)
    #expect(error?.description == refused.message)
}

@Test(
    "a refused batch changes nothing, whichever check refuses it",
    arguments: sectionRefusals + rowSourceRefusals + rowDestinationRefusals)
func refusedBatchChangesNothing(_ refused: RefusedBatch) {
    var snapshot = makeSnapshot(refused.rows)
    let before = snapshot
    #expect(throws: BatchUpdateError.self) { try snapshot.apply(refused.batch) }
    #expect(snapshot == before)
    #expect(snapshot.indexPath(for: RowID(10)) == path(2, 2))
}

@Test("the error list covers every kind of refusal the engine has, but the count checks")
func everyErrorKindHasACase() {
    let all = sectionRefusals + rowSourceRefusals + rowDestinationRefusals
    let kinds = Set(all.compactMap { Mirror(reflecting: $0.error).children.first?.label })
    #expect(kinds.count == 33)
}
