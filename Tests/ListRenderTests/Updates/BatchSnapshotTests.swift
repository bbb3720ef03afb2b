// ListRenderTests — BatchSnapshotTests
import Models
import TestSupport
import Testing

@testable import ListRender

@Test("a snapshot answers counts, ids and index paths both ways")
func snapshotLookups() {
    let snapshot = makeSnapshot([[1, 2], [], [3]])
    #expect(snapshot.numberOfSections == 3)
    #expect(snapshot.rowCount == 3)
    #expect(snapshot.numberOfRows(inSection: 1) == 0)
    #expect(snapshot.rowID(at: path(2, 0)) == RowID(3))
    #expect(snapshot.sectionID(at: 1) == SectionID(1001))
    #expect(snapshot.indexPath(for: RowID(2)) == path(0, 1))
    #expect(snapshot.indexPath(for: RowID(4)) == nil)
    #expect(snapshot.sectionIndex(for: SectionID(1002)) == 2)
    #expect(snapshot.sectionIndex(for: SectionID(7)) == nil)
    #expect(snapshot.contains(RowID(3)) && !snapshot.contains(RowID(9)))
    #expect(snapshot.contains(path(0, 1)) && !snapshot.contains(path(1, 0)) && !snapshot.contains(path(-1, 0)))
    #expect(snapshot.allRowIDs == [1, 2, 3].map { RowID($0) })
    #expect(snapshot.description == "1000[1, 2] 1001[] 1002[3]")
}

@Test("a snapshot made from a dataset's sections keeps their ids and order")
func snapshotFromModels() {
    let sections = [
        Models.Section(
            id: SectionID(5), rows: [Row(id: RowID(8), fields: Fields()), Row(id: RowID(9), fields: Fields())]),
        Models.Section(id: SectionID(6), rows: []),
    ]
    let snapshot = TableSnapshot(sections)
    #expect(
        snapshot.sections == [
            SnapshotSection(id: SectionID(5), rows: [8, 9].map { RowID($0) }),
            SnapshotSection(id: SectionID(6)),
        ])
}

@Test("the empty snapshot has no sections and no rows")
func emptySnapshot() {
    let snapshot = TableSnapshot()
    #expect(snapshot.numberOfSections == 0 && snapshot.rowCount == 0)
    #expect(snapshot == makeSnapshot([]))
    #expect(snapshot.indexPath(for: RowID(1)) == nil)
}

@Test("snapshots are equal when their sections and rows are, whatever their indexes hold")
func snapshotEquality() throws {
    let built = makeSnapshot([[1, 2], [3]])
    var batch = BatchUpdate()
    batch.deleteRows(at: [path(0, 0)])
    batch.insertRow(RowID(1), at: path(0, 0))
    #expect(try built.applying(batch).snapshot == built)
    #expect(built != makeSnapshot([[2, 1], [3]]))
    #expect(built != makeSnapshot([[1, 2], [3]], sectionIDs: [1000, 1005]))
}

@Test("a million rows in ten thousand sections are indexed and found")
func millionRowIndex() {
    let rows = (0..<10_000).map { section in (0..<100).map { Int64(section * 100 + $0) } }
    let snapshot = makeSnapshot(rows, sectionBase: 5_000_000)
    #expect(snapshot.rowCount == 1_000_000)
    #expect(snapshot.indexPath(for: RowID(999_999)) == path(9_999, 99))
    #expect(snapshot.indexPath(for: RowID(123_456)) == path(1_234, 56))
    #expect(snapshot.sectionIndex(for: SectionID(5_009_000)) == 9_000)
}

@Test("duplicate row ids stop the program")
func duplicateRowIDsStop() async {
    await #expect(processExitsWith: .failure) {
        _ = makeSnapshot([[1, 2], [2]])
    }
}

@Test(
    "ids spread far apart, negative or at the ends of Int64 are found as well as dense ones",
    arguments: [
        [Int64](1...50),
        (0..<50).map { Int64($0) * 1_000_000_007 },
        (0..<50).map { -Int64($0) * 3 },
        [Int64.min, Int64.max, 0, -1, 1],
    ])
func idIndexHandlesEveryIdRange(_ ids: [Int64]) {
    let half = ids.count / 2
    let snapshot = makeSnapshot([Array(ids[..<half]), [], Array(ids[half...])])
    for (position, id) in ids.enumerated() {
        let expected = position < half ? path(0, position) : path(2, position - half)
        #expect(snapshot.indexPath(for: RowID(id)) == expected)
    }
    #expect(snapshot.indexPath(for: RowID(-7_777_777)) == nil)
    #expect(snapshot.indexPath(for: RowID(ids.max()! &+ 1)) == nil || ids.max() == Int64.max)
}

@Test(
    "shuffled dense ids in sections of every size, empty ones among them, are found where a linear scan finds them",
    arguments: [1, 2, 3, 4, 5] as [UInt64])
func denseIndexMatchesALinearScan(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    var ids = (1...400).map { Int64($0) * (seed == 5 ? 3 : 1) }
    ids.shuffle(using: &random)
    var sections: [[Int64]] = []
    var rest = ids[...]
    while !rest.isEmpty || sections.count < 3 {
        let size = Int.random(in: 0...12, using: &random) == 0 ? 0 : Int.random(in: 0...30, using: &random)
        sections.append(Array(rest.prefix(size)))
        rest = rest.dropFirst(size)
    }
    sections.insert([], at: 0)
    sections.append([])
    let snapshot = makeSnapshot(sections)
    for (section, rows) in sections.enumerated() {
        for (row, id) in rows.enumerated() {
            #expect(snapshot.indexPath(for: RowID(id)) == path(section, row))
        }
    }
    #expect(snapshot.indexPath(for: RowID(0)) == nil)
    #expect(snapshot.indexPath(for: RowID(ids.max()! + 1)) == nil)
    if seed == 5 { #expect(snapshot.indexPath(for: RowID(4)) == nil) }
}

@Test(
    "a dataset's rows numbered in reading order, or not, are found where they are, around empty sections",
    arguments: [true, false])
func snapshotFromModelsFindsConsecutiveAndOtherIDs(consecutive: Bool) {
    let shape = [0, 3, 0, 0, 5, 1, 0]
    var next: Int64 = 41
    let sections = shape.enumerated().map { index, count in
        Models.Section(id: SectionID(Int64(index)), rows: (0..<count).map { _ in
            defer { next += consecutive ? 1 : 2 }
            return Row(id: RowID(next), fields: Fields())
        })
    }
    let snapshot = TableSnapshot(sections)
    for (section, rows) in sections.enumerated() {
        for (row, value) in rows.rows.enumerated() {
            #expect(snapshot.indexPath(for: value.id) == path(section, row))
        }
    }
    #expect(snapshot.indexPath(for: RowID(40)) == nil)
    #expect(snapshot.indexPath(for: RowID(next)) == nil)
    #expect(snapshot.indexPath(for: RowID(consecutive ? 49 : 42)) == (consecutive ? path(5, 0) : nil))
    #expect(snapshot == TableSnapshot(sections: snapshot.sections))
}

@Test("duplicate row ids far apart stop the program too")
func sparseDuplicateRowIDsStop() async {
    await #expect(processExitsWith: .failure) {
        _ = makeSnapshot([[1, Int64.max], [Int64.max]])
    }
}

@Test("duplicate section ids stop the program")
func duplicateSectionIDsStop() async {
    await #expect(processExitsWith: .failure) {
        _ = makeSnapshot([[1], [2]], sectionIDs: [5, 5])
    }
}
