// ListRenderTests — the batch with every deleted row index shifted by `offset`
import Models
import Testing

@testable import ListRender

@Test("deletes and reloads name index paths before the batch, even when an insert comes first")
func deletesAndReloadsUseOldIndexes() throws {
    let snapshot = makeSnapshot([[1, 2, 3, 4]])
    var batch = BatchUpdate()
    batch.insertRow(RowID(9), at: path(0, 0))
    batch.deleteRows(at: [path(0, 0)])
    batch.reloadRows(at: [path(0, 2)])
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[9, 2, 3, 4]])
    #expect(result.reloadedRowIDs == [RowID(3)])
    #expect(result.deletedRowIDs == [RowID(1)])
}

@Test("inserts name index paths after the batch")
func insertsUseNewIndexes() throws {
    let snapshot = makeSnapshot([[1, 2, 3]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.insertRow(RowID(9), at: path(0, 2))
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[2, 3, 9]])
}

@Test("the order of the calls changes nothing: all deletes happen before all inserts")
func callOrderDoesNotMatter() throws {
    let snapshot = makeSnapshot([[1, 2, 3], [4, 5]])
    var deletesFirst = BatchUpdate()
    deletesFirst.deleteRows(at: [path(0, 1), path(1, 0)])
    deletesFirst.insertRows([RowID(8), RowID(9)], at: [path(0, 0), path(1, 1)])
    var insertsFirst = BatchUpdate()
    insertsFirst.insertRows([RowID(9), RowID(8)], at: [path(1, 1), path(0, 0)])
    insertsFirst.deleteRows(at: [path(1, 0), path(0, 1)])
    let first = try snapshot.applying(deletesFirst)
    let second = try snapshot.applying(insertsFirst)
    #expect(rowNumbers(first.snapshot) == [[8, 1, 3], [5, 9]])
    #expect(first.snapshot == second.snapshot)
    #expect(first.steps == second.steps)
}

@Test("a move takes its source before the batch and its destination after it")
func moveUsesOldSourceAndNewDestination() throws {
    let snapshot = makeSnapshot([[1, 2, 3, 4]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.moveRow(at: path(0, 3), to: path(0, 0))
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[4, 2, 3]])
}

@Test("a row can move to another section, where the kept rows close up around it")
func rowMovesAcrossSections() throws {
    let snapshot = makeSnapshot([[1, 2, 3], [4, 5]])
    var batch = BatchUpdate()
    batch.moveRow(at: path(0, 0), to: path(1, 1))
    batch.moveRow(at: path(1, 1), to: path(0, 2))
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[2, 3, 5], [4, 1]])
}

@Test("a moved section takes its rows along, and its rows are named by its index before and after")
func movedSectionKeepsRows() throws {
    let snapshot = makeSnapshot([[1, 2], [3, 4], [5]])
    var batch = BatchUpdate()
    batch.moveSection(0, toSection: 2)
    batch.deleteRows(at: [path(0, 0)])
    batch.insertRow(RowID(9), at: path(2, 1))
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[3, 4], [5], [2, 9]])
    #expect(result.snapshot.sections.map(\.id.rawValue) == [1001, 1002, 1000])
}

@Test("a new section starts empty and takes the rows inserted at its index after the batch")
func insertedSectionTakesInsertedRows() throws {
    let snapshot = makeSnapshot([[1], [2]])
    var batch = BatchUpdate()
    batch.insertSection(SectionID(7), at: 1)
    batch.insertRows([RowID(8), RowID(9)], at: [path(1, 1), path(1, 0)])
    batch.moveRow(at: path(0, 0), to: path(1, 2))
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[], [9, 8, 1], [2]])
    #expect(result.insertedSectionIDs == [SectionID(7)])
    #expect(result.insertedRowIDs == [RowID(9), RowID(8)])
}

@Test("deleting a section deletes its rows with it and reports them")
func deletedSectionTakesItsRows() throws {
    let snapshot = makeSnapshot([[1, 2], [3, 4], [5]])
    var batch = BatchUpdate()
    batch.deleteSections([1])
    batch.deleteRows(at: [path(0, 0)])
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[2], [5]])
    #expect(result.deletedRowIDs == [RowID(1), RowID(3), RowID(4)])
    #expect(result.deletedSectionIDs == [SectionID(1001)])
}

@Test("the seed's figure: delete row 1 of section 0 and section 1, then insert a row into the new section 1")
func seedFigureBatch() throws {
    let snapshot = makeSnapshot([[1, 2, 3], [4, 5], [6, 7]])
    var batch = BatchUpdate()
    batch.insertRow(RowID(9), at: path(1, 0))
    batch.deleteRows(at: [path(0, 1)])
    batch.deleteSections([1])
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[1, 3], [9, 6, 7]])
}

@Test("reloading keeps a row's id and place and reports it; reloading a section reports the section")
func reloadsKeepIdsAndAreReported() throws {
    let snapshot = makeSnapshot([[1, 2], [3]])
    var batch = BatchUpdate()
    batch.reloadRows(at: [path(0, 1), path(0, 1)])
    batch.reloadSections([1, 1])
    let result = try snapshot.applying(batch)
    #expect(result.snapshot == snapshot)
    #expect(result.steps.isEmpty)
    #expect(result.reloadedRowIDs == [RowID(2)])
    #expect(result.reloadedSectionIDs == [SectionID(1001)])
}

@Test("deleting the same section twice counts once, as with an index set")
func repeatedSectionDeleteCountsOnce() throws {
    let snapshot = makeSnapshot([[1], [2], [3]])
    var batch = BatchUpdate()
    batch.deleteSections([1, 1])
    batch.insertSection(SectionID(5), at: 2)
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[1], [3], []])
}

@Test("a moved row can also be reloaded; it is reported as reloaded at its new place")
func movedRowCanBeReloaded() throws {
    let snapshot = makeSnapshot([[1, 2, 3]])
    var batch = BatchUpdate()
    batch.moveRow(at: path(0, 0), to: path(0, 2))
    batch.reloadRows(at: [path(0, 0)])
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[2, 3, 1]])
    #expect(result.reloadedRowIDs == [RowID(1)])
}

@Test("an id given up by a deleted row or section can come back in the same batch")
func deletedIdsCanBeReinserted() throws {
    let snapshot = makeSnapshot([[1, 2], [3]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.deleteSections([1])
    batch.insertSection(SectionID(1001), at: 0)
    batch.insertRows([RowID(1), RowID(3)], at: [path(0, 0), path(1, 0)])
    #expect(rowNumbers(try snapshot.applying(batch).snapshot) == [[1], [3, 2]])
}

@Test("an empty batch changes nothing and has no steps")
func emptyBatchChangesNothing() throws {
    let snapshot = makeSnapshot([[1, 2], [3]])
    let result = try snapshot.applying(BatchUpdate())
    #expect(BatchUpdate().isEmpty)
    #expect(result.snapshot == snapshot)
    #expect(result.steps.isEmpty)
    #expect(result.deletedRowIDs.isEmpty && result.insertedRowIDs.isEmpty)
}

@Test("sections a batch leaves alone share their row storage with the old snapshot")
func untouchedSectionsShareStorage() throws {
    let snapshot = makeSnapshot([[1, 2], [3, 4]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    let result = try snapshot.applying(batch)
    let before = snapshot.sections[1].rows.withUnsafeBufferPointer { $0.baseAddress }
    let after = result.snapshot.sections[1].rows.withUnsafeBufferPointer { $0.baseAddress }
    #expect(before == after)
}

@Test("apply changes the snapshot in place and a refused batch leaves it as it was")
func applyInPlace() throws {
    var snapshot = makeSnapshot([[1, 2, 3]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 1)])
    try snapshot.apply(batch)
    #expect(rowNumbers(snapshot) == [[1, 3]])
    let kept = snapshot
    #expect(throws: BatchUpdateError.deleteRowOutOfRange(path(0, 2), rowCount: 2)) { try snapshot.apply(batch + 1) }
    #expect(snapshot == kept)
}

@Test("steps remove rows from the highest index path down, then sections, then insert sections and rows upward")
func stepsComeInReplayOrder() throws {
    let snapshot = makeSnapshot([[1, 2, 3], [4], [5, 6]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.moveRow(at: path(0, 2), to: path(2, 0))
    batch.moveSection(1, toSection: 2)
    batch.deleteSections([2])
    batch.insertSection(SectionID(7), at: 1)
    batch.insertRow(RowID(9), at: path(1, 0))
    let result = try snapshot.applying(batch)
    #expect(rowNumbers(result.snapshot) == [[2], [9], [3, 4]])
    #expect(
        result.steps == [
            .removeRow(at: path(0, 2), id: RowID(3), isMove: true),
            .removeRow(at: path(0, 0), id: RowID(1), isMove: false),
            .removeSection(at: 2, id: SectionID(1002), isMove: false),
            .removeSection(at: 1, id: SectionID(1001), isMove: true),
            .insertSection(at: 1, id: SectionID(7), isMove: false),
            .insertSection(at: 2, id: SectionID(1001), isMove: true),
            .insertRow(at: path(1, 0), id: RowID(9), isMove: false),
            .insertRow(at: path(2, 0), id: RowID(3), isMove: true),
        ])
}

extension BatchUpdate {
    /// The batch with every deleted row index shifted by `offset`, to make an out-of-range delete.
    static func + (batch: BatchUpdate, offset: Int) -> BatchUpdate {
        var shifted = batch
        shifted.deletedRows = batch.deletedRows.map { path($0.section, $0.row + offset) }
        return shifted
    }
}
