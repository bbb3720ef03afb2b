// ListRenderTests — A random table made from `old`
import Models
import TestSupport
import Testing

@testable import ListRender

/// A random table made from `old`: rows and sections deleted, moved, reordered and added, some rows
/// of deleted sections carried to other sections.
func randomSuccessor(of old: TableSnapshot, random: inout SplitMix64, nextID: inout Int64) -> TableSnapshot {
    func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
    var sections: [SnapshotSection] = []
    var loose: [RowID] = []
    for section in old.sections {
        var kept = SnapshotSection(id: section.id)
        for id in section.rows where !chance(15) {
            if chance(15) { loose.append(id) } else { kept.rows.append(id) }
        }
        if chance(15) {
            loose += kept.rows.filter { _ in chance(50) }
            continue
        }
        if chance(20) { kept.rows.shuffle(using: &random) }
        sections.append(kept)
    }
    for _ in 0..<Int(random.next() % 3) {
        sections.insert(SnapshotSection(id: SectionID(nextID)), at: Int(random.next() % UInt64(sections.count + 1)))
        nextID += 1
    }
    if chance(30) { sections.shuffle(using: &random) }
    for _ in 0..<Int(random.next() % 6) {
        loose.append(RowID(nextID))
        nextID += 1
    }
    if !sections.isEmpty {
        for id in loose {
            let section = Int(random.next() % UInt64(sections.count))
            sections[section].rows.insert(id, at: Int(random.next() % UInt64(sections[section].rows.count + 1)))
        }
    }
    return TableSnapshot(sections: sections)
}

@Test("the diff of random pairs of tables, applied to the first, gives the second exactly")
func diffIsReproducibleOnRandomPairs() throws {
    var generator = BatchGenerator(random: SplitMix64(seed: 0xD1FF_0001))
    for _ in 0..<500 {
        let old = generator.makeTable(maxSections: 6, maxRows: 10)
        let new = randomSuccessor(of: old, random: &generator.random, nextID: &generator.nextID)
        let batch = SnapshotDiff.batch(from: old, to: new)
        let result = try old.applying(batch)
        #expect(result.snapshot == new, "diff \(batch) from \(old) to \(new)")
        #expect(NaiveTable(old).applying(batch) == NaiveTable(new))
    }
}

@Test("a chain of random diffs and batches keeps the table equal to the target each time")
func diffChainStaysReproducible() throws {
    var generator = BatchGenerator(random: SplitMix64(seed: 0xD1FF_0002))
    var current = generator.makeTable(maxSections: 8, maxRows: 12)
    for _ in 0..<100 {
        let target = randomSuccessor(of: current, random: &generator.random, nextID: &generator.nextID)
        current = try current.applying(SnapshotDiff.batch(from: current, to: target)).snapshot
        #expect(current == target)
    }
}

@Test("rows named as updated are reloaded at their index before the batch when they stay in the table")
func updatedRowsAreReloaded() throws {
    let old = makeSnapshot([[1, 2, 3], [4, 5]])
    let new = makeSnapshot([[3, 1], [9]], sectionIDs: [1000, 1002])
    let batch = SnapshotDiff.batch(from: old, to: new, reloading: [RowID(1), RowID(2), RowID(4), RowID(9), RowID(3)])
    #expect(batch.reloadedRows == [path(0, 0), path(0, 2)])
    let result = try old.applying(batch)
    #expect(result.snapshot == new)
    #expect(result.reloadedRowIDs == [RowID(1), RowID(3)])
}

/// Every table whose sections are an arrangement of some of `sectionIDs` and whose rows are an
/// arrangement of some of `rowIDs`, split among those sections in every way.
func allTables(sectionIDs: [Int64], rowIDs: [Int64]) -> [TableSnapshot] {
    func arrangements(_ items: [Int64]) -> [[Int64]] {
        var result: [[Int64]] = [[]]
        for (index, item) in items.enumerated() {
            var rest = items
            rest.remove(at: index)
            result += arrangements(rest).map { [item] + $0 }
        }
        return Array(Set(result))
    }
    func splits(_ rows: [Int64], into count: Int) -> [[[Int64]]] {
        guard count > 1 else { return count == 1 ? [[rows]] : (rows.isEmpty ? [[]] : []) }
        return (0...rows.count).flatMap { cut in
            splits(Array(rows[cut...]), into: count - 1).map { [Array(rows[..<cut])] + $0 }
        }
    }
    var tables: [TableSnapshot] = []
    for sections in arrangements(sectionIDs) {
        for rows in arrangements(rowIDs) {
            for split in splits(rows, into: sections.count) {
                tables.append(makeSnapshot(split, sectionIDs: sections))
            }
        }
    }
    return tables
}

@Test("the diff from two small tables to every arrangement of 3 sections and 4 rows is reproducible")
func diffIsReproducibleExhaustively() throws {
    let targets = allTables(sectionIDs: [1, 2, 3], rowIDs: [11, 12, 13, 14])
    #expect(targets.count == 5_872)
    let sources = [
        makeSnapshot([[11, 12], [13]], sectionIDs: [1, 2]),
        makeSnapshot([[14], [], [12, 11]], sectionIDs: [3, 1, 2]),
    ]
    for old in sources {
        for new in targets {
            #expect(try old.applying(SnapshotDiff.batch(from: old, to: new)).snapshot == new, "\(old) → \(new)")
        }
    }
}
