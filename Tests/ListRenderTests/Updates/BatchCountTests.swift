// ListRenderTests — sections of 2, 3 and 5 rows
import Models
import Testing

@testable import ListRender

/// Sections of 2, 3 and 5 rows.
private let snapshot = makeSnapshot([[1, 2], [3, 4, 5], [6, 7, 8, 9, 10]])

/// A batch whose row counts are checked: counts that must be refused with `error`, and counts that are right.
struct CountCheck: Sendable, CustomTestStringConvertible {
    var testDescription: String
    var batch: BatchUpdate
    var wrong: [Int]
    var right: [Int]
    var error: BatchUpdateError

    init(
        _ name: String, refuses wrong: [Int], accepts right: [Int], with error: BatchUpdateError,
        _ build: (inout BatchUpdate) -> Void
    ) {
        testDescription = name
        var batch = BatchUpdate()
        build(&batch)
        self.batch = batch
        self.wrong = wrong
        self.right = right
        self.error = error
    }
}

@Test("a row inserted while the data source still reports the old count gives UIKit's message for section 2")
func insertWithoutDataSourceChangeIsRefused() {
    var batch = BatchUpdate()
    batch.insertRow(RowID(90), at: path(2, 0))
    #expect(throws: BatchUpdateError.self) { try snapshot.validate(batch, newRowCounts: [2, 3, 5]) }
    do {
        try snapshot.validate(batch, newRowCounts: [2, 3, 5])
    } catch {
        #expect(
            error.description
                == "Invalid update: invalid number of rows in section 2. The number of rows contained in an existing "
                + "section after the update (5) must be equal to the number of rows contained in that section before "
                + "the update (5), plus or minus the number of rows inserted or deleted from that section (1 inserted, "
                + "0 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, "
                + "0 moved out).")
    }
}

@Test(
    "a wrong row count is refused with UIKit's counts, and the right one accepted",
    arguments: [
        CountCheck(
            "the row count message counts the rows moved into and out of the section",
            refuses: [2, 3, 4], accepts: [2, 4, 4],
            with: .rowCountMismatch(section: 1, after: 3, before: 3, inserted: 1, deleted: 1, movedIn: 2, movedOut: 1)
        ) {
            $0.moveRow(at: path(0, 0), to: path(1, 0))
            $0.moveRow(at: path(2, 0), to: path(1, 1))
            $0.moveRow(at: path(1, 2), to: path(0, 0))
            $0.moveRow(at: path(1, 0), to: path(1, 3))
            $0.deleteRows(at: [path(1, 1)])
            $0.insertRow(RowID(90), at: path(1, 2))
        },
        CountCheck(
            "a moved section is checked against its count before the batch, at its index after it",
            refuses: [3, 5, 2], accepts: [3, 5, 1],
            with: .rowCountMismatch(section: 2, after: 2, before: 2, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
        ) {
            $0.moveSection(0, toSection: 2)
            $0.deleteRows(at: [path(0, 0)])
        },
    ])
func rowCountsAreChecked(_ check: CountCheck) {
    #expect(throws: check.error) { try snapshot.validate(check.batch, newRowCounts: check.wrong) }
    #expect((try? snapshot.validate(check.batch, newRowCounts: check.right)) != nil)
}

@Test("a section count that ignores inserted or deleted sections gives UIKit's section message")
func sectionCountMismatchIsRefused() {
    var batch = BatchUpdate()
    batch.insertSection(SectionID(50), at: 2)
    batch.deleteSections([0])
    let error = BatchUpdateError.sectionCountMismatch(after: 4, before: 3, inserted: 1, deleted: 1)
    #expect(throws: error) { try snapshot.validate(batch, newRowCounts: [3, 5, 0, 0]) }
    #expect(
        error.description
            == "Invalid update: invalid number of sections. The number of sections contained in the table view after "
            + "the update (4) must be equal to the number of sections contained in the table view before the update "
            + "(3), plus or minus the number of sections inserted or deleted (1 inserted, 1 deleted).")
}

@Test("an inserted section must hold exactly the rows inserted or moved into it")
func insertedSectionCountIsChecked() {
    var batch = BatchUpdate()
    batch.insertSection(SectionID(50), at: 0)
    batch.insertRow(RowID(90), at: path(0, 0))
    batch.moveRow(at: path(1, 0), to: path(0, 1))
    let error = BatchUpdateError.insertedSectionRowCountMismatch(section: 0, after: 3, inserted: 1, movedIn: 1)
    #expect(throws: error) { try snapshot.validate(batch, newRowCounts: [3, 2, 2, 5]) }
    #expect(
        error.description
            == "Invalid update: invalid number of rows in section 0. The number of rows contained in an inserted "
            + "section after the update (3) must be equal to the number of rows inserted into that section "
            + "(1 inserted) plus the number of rows moved into it (1 moved in).")
    #expect((try? snapshot.applying(batch, newRowCounts: [2, 2, 2, 5])).map { rowNumbers($0.snapshot)[0] } == [90, 3])
}

@Test("index errors are reported before count errors")
func indexErrorsComeFirst() {
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 7)])
    #expect(throws: BatchUpdateError.deleteRowOutOfRange(path(0, 7), rowCount: 2)) {
        try snapshot.validate(batch, newRowCounts: [])
    }
}

@Test("the first section whose count is wrong is the one reported")
func firstWrongSectionIsReported() {
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0), path(2, 0)])
    #expect(
        throws: BatchUpdateError.rowCountMismatch(
            section: 0, after: 2, before: 2, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
    ) { try snapshot.validate(batch, newRowCounts: [2, 3, 5]) }
}
