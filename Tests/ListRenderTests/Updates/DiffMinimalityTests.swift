// ListRenderTests — the length of the longest increasing subsequence
import Models
import TestSupport
import Testing

@testable import ListRender

@Test("the diff of a table with itself is empty")
func diffOfEqualTablesIsEmpty() {
    let snapshot = makeSnapshot([[1, 2, 3], [], [4]])
    #expect(SnapshotDiff.batch(from: snapshot, to: snapshot).isEmpty)
    #expect(SnapshotDiff.batch(from: TableSnapshot(), to: TableSnapshot()).isEmpty)
}

@Test("one row moved to the front is one move, not a move of every other row")
func oneRowMovedIsOneMove() {
    let old = makeSnapshot([[1, 2, 3, 4, 5, 6]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[6, 1, 2, 3, 4, 5]]))
    #expect(batch.movedRows == [RowMove(from: path(0, 5), to: path(0, 0))])
    #expect(batch.operationCount == 1)
}

@Test("reversing n rows moves n - 1 of them")
func reversalMovesAllButOne() {
    let old = makeSnapshot([[1, 2, 3, 4, 5]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[5, 4, 3, 2, 1]]))
    #expect(batch.movedRows.count == 4)
    #expect(batch.operationCount == 4)
}

@Test("a row that changes section is one move and nothing else")
func rowChangingSectionIsOneMove() {
    let old = makeSnapshot([[1, 2], [3]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[2], [3, 1]]))
    #expect(batch.movedRows == [RowMove(from: path(0, 0), to: path(1, 1))])
    #expect(batch.operationCount == 1)
}

@Test("swapping two sections is one section move and their rows go along")
func sectionSwapIsOneMove() {
    let old = makeSnapshot([[1], [2, 3]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[2, 3], [1]], sectionIDs: [1001, 1000]))
    #expect(batch.movedSections.count == 1)
    #expect(batch.operationCount == 1)
}

@Test("appended and removed rows are inserts and deletes only")
func insertsAndDeletesOnly() {
    let old = makeSnapshot([[1, 2, 3], [4]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[1, 3, 7], [8, 4]]))
    #expect(batch.deletedRows == [path(0, 1)])
    #expect(
        Set(batch.insertedRows) == [
            RowInsertion(indexPath: path(0, 2), id: RowID(7)),
            RowInsertion(indexPath: path(1, 0), id: RowID(8)),
        ])
    #expect(batch.operationCount == 3)
}

@Test("a deleted section is one section delete, its rows are not deleted one by one")
func deletedSectionIsOneDelete() {
    let old = makeSnapshot([[1, 2], [3, 4, 5], [6]])
    let batch = SnapshotDiff.batch(from: old, to: makeSnapshot([[1, 2], [6]], sectionIDs: [1000, 1002]))
    #expect(batch.deletedSections == [1])
    #expect(batch.operationCount == 1)
}

@Test("a row carried out of a deleted section is inserted again with its id")
func rowOfDeletedSectionIsReinserted() throws {
    let old = makeSnapshot([[1], [2, 3]])
    let new = makeSnapshot([[1, 3]])
    let batch = SnapshotDiff.batch(from: old, to: new)
    #expect(batch.deletedSections == [1])
    #expect(batch.insertedRows == [RowInsertion(indexPath: path(0, 1), id: RowID(3))])
    #expect(try old.applying(batch).snapshot == new)
}

@Test("the moves of random shuffles never exceed the rows that leave the longest kept order")
func movesAreBoundedByTheLongestKeptOrder() {
    var random = SplitMix64(seed: 0xD1FF_0003)
    for _ in 0..<200 {
        let ids = (1...Int64(20)).shuffled(using: &random)
        let batch = SnapshotDiff.batch(from: makeSnapshot([Array(1...20)]), to: makeSnapshot([ids]))
        let kept = LongestIncreasingSubsequence.membership(ids.map { Int($0) }).filter { $0 }.count
        #expect(batch.movedRows.count == 20 - kept)
        #expect(batch.operationCount == batch.movedRows.count)
    }
}

@Test("the longest increasing subsequence is found and is increasing")
func longestIncreasingSubsequence() {
    #expect(LongestIncreasingSubsequence.membership([]) == [])
    #expect(LongestIncreasingSubsequence.membership([3, 1, 2]) == [false, true, true])
    #expect(LongestIncreasingSubsequence.membership([5, 4, 3]).filter { $0 }.count == 1)
    var random = SplitMix64(seed: 0xD1FF_0004)
    for _ in 0..<100 {
        let values = Array(0..<12).shuffled(using: &random)
        let members = LongestIncreasingSubsequence.membership(values)
        let chosen = values.indices.filter { members[$0] }.map { values[$0] }
        #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 })
        #expect(chosen.count == longestByBruteForce(values))
    }
}

/// The length of the longest increasing subsequence, by the quadratic dynamic program.
private func longestByBruteForce(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for index in values.indices {
        for earlier in 0..<index where values[earlier] < values[index] {
            best[index] = max(best[index], best[earlier] + 1)
        }
    }
    return best.max() ?? 0
}
