// ListRenderTests — every single operation on a table
import Models
import Testing

@testable import ListRender

/// Every single operation on a table, valid or just out of range (one past the end and, unless
/// `negative` is false, one before the start), each inserted row or section with an id of its own.
func singleOperations(on snapshot: TableSnapshot, negative: Bool = true) -> [BatchUpdate] {
    let sections = snapshot.numberOfSections
    let first = negative ? -1 : 0
    func rows(_ section: Int) -> Int {
        (0..<sections).contains(section) ? snapshot.numberOfRows(inSection: section) : 1
    }
    var nextID: Int64 = 500
    var operations: [BatchUpdate] = []
    func add(_ build: (inout BatchUpdate) -> Void) {
        var batch = BatchUpdate()
        build(&batch)
        operations.append(batch)
    }
    for section in first...sections {
        add { $0.deleteSections([section]) }
        add { $0.reloadSections([section]) }
        for to in first...sections { add { $0.moveSection(section, toSection: to) } }
        for row in first...rows(section) {
            add { $0.deleteRows(at: [path(section, row)]) }
            add { $0.reloadRows(at: [path(section, row)]) }
            for to in first...sections {
                for toRow in first...rows(to) { add { $0.moveRow(at: path(section, row), to: path(to, toRow)) } }
            }
        }
    }
    for section in first...(sections + 1) {
        add { $0.insertSection(SectionID(nextID), at: section) }
        nextID += 1
    }
    for section in first...sections {
        for row in first...(rows(section) + 1) {
            add { $0.insertRow(RowID(nextID), at: path(section, row)) }
            nextID += 1
        }
    }
    return operations
}

/// All the tables of up to `maxSections` sections of up to `maxRows` rows each.
func allShapes(maxSections: Int, maxRows: Int) -> [[Int]] {
    var shapes: [[Int]] = [[]]
    var frontier: [[Int]] = [[]]
    for _ in 0..<maxSections {
        frontier = frontier.flatMap { shape in (0...maxRows).map { shape + [$0] } }
        shapes += frontier
    }
    return shapes
}

/// The two batches merged, as if every call of both had been made on one batch.
func merged(_ first: BatchUpdate, _ second: BatchUpdate) -> BatchUpdate {
    var batch = first
    batch.deletedSections += second.deletedSections
    batch.insertedSections += second.insertedSections
    batch.reloadedSections += second.reloadedSections
    batch.movedSections += second.movedSections
    batch.deletedRows += second.deletedRows
    batch.insertedRows += second.insertedRows
    batch.reloadedRows += second.reloadedRows
    batch.movedRows += second.movedRows
    return batch
}

/// Checks the engine against the naive model on one batch: both refuse it, or both give the same
/// table and the steps replay to it.
/// - Returns: whether the engine accepted the batch.
@discardableResult
func expectAgreement(
    _ batch: BatchUpdate, on snapshot: TableSnapshot, sourceLocation: SourceLocation = #_sourceLocation
)
    -> Bool
{
    let table = NaiveTable(snapshot)
    let expected = table.applying(batch)
    do {
        let result = try snapshot.applying(batch)
        #expect(NaiveTable(result.snapshot) == expected, "\(batch) on \(snapshot)", sourceLocation: sourceLocation)
        #expect(table.replaying(result.steps) == NaiveTable(result.snapshot), sourceLocation: sourceLocation)
        return true
    } catch {
        #expect(expected == nil, "refused \(batch) on \(snapshot): \(error)", sourceLocation: sourceLocation)
        return false
    }
}

@Test("every single operation on every table of up to 3 sections of up to 3 rows agrees with the naive model")
func everySingleOperationOnSmallTables() {
    for shape in allShapes(maxSections: 3, maxRows: 3) {
        let snapshot = makeSnapshot(shape: shape)
        for batch in singleOperations(on: snapshot) { expectAgreement(batch, on: snapshot) }
    }
}

@Test("every single operation on square tables up to 5 sections of 5 rows agrees with the naive model")
func everySingleOperationOnSquareTables() {
    for sections in 0...5 {
        for rows in 0...5 {
            let snapshot = makeSnapshot(shape: Array(repeating: rows, count: sections))
            for batch in singleOperations(on: snapshot) { expectAgreement(batch, on: snapshot) }
        }
    }
}

@Test("every pair of operations on every table of up to 2 sections of up to 2 rows agrees with the naive model")
func everyPairOfOperationsOnSmallTables() {
    var accepted = 0
    var refused = 0
    for shape in allShapes(maxSections: 2, maxRows: 2) {
        let snapshot = makeSnapshot(shape: shape)
        let operations = singleOperations(on: snapshot, negative: false)
        for first in operations.indices {
            for second in operations.indices where second > first {
                if expectAgreement(merged(operations[first], operations[second]), on: snapshot) {
                    accepted += 1
                } else {
                    refused += 1
                }
            }
        }
    }
    #expect(accepted > 1_000 && refused > 1_000)
}
