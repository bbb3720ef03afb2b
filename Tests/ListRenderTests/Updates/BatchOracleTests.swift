// ListRenderTests — A seeded generator, so every random test is reproducible
import Models
import TestSupport
import Testing

@testable import ListRender

// MARK: - Helpers shared by the batch, diff, selection and editing tests

/// A seeded generator, so every random test is reproducible.
/// `IndexPath(row:section:)` written section first, as tables are read.
func path(_ section: Int, _ row: Int) -> IndexPath { IndexPath(row: row, section: section) }

/// A snapshot from row ids per section; section `i` gets id `sectionBase + i` unless ids are given.
func makeSnapshot(_ rows: [[Int64]], sectionIDs: [Int64]? = nil, sectionBase: Int64 = 1000) -> TableSnapshot {
    let ids = sectionIDs ?? rows.indices.map { sectionBase + Int64($0) }
    return TableSnapshot(
        sections: zip(ids, rows).map { SnapshotSection(id: SectionID($0), rows: $1.map { RowID($0) }) })
}

/// A snapshot of `shape[i]` rows in section `i`, row ids numbered from 1 in reading order.
func makeSnapshot(shape: [Int]) -> TableSnapshot {
    var next: Int64 = 1
    return makeSnapshot(
        shape.map { count in
            (0..<count).map { _ in
                defer { next += 1 }
                return next
            }
        })
}

/// The row ids of a snapshot as plain numbers, for readable expectations.
func rowNumbers(_ snapshot: TableSnapshot) -> [[Int64]] {
    snapshot.sections.map { $0.rows.map(\.rawValue) }
}

/// The error a refused batch throws, or nil when it is accepted.
func refusal(_ batch: BatchUpdate, on snapshot: TableSnapshot) -> BatchUpdateError? {
    do {
        _ = try snapshot.applying(batch)
        return nil
    } catch {
        return error
    }
}

/// A table as plain arrays, changed by UIKit's rules taken literally: check everything, remove
/// deleted and moved-out rows from the highest index path down, remove deleted and moved-out
/// sections from the highest index down, then insert sections and then rows by ascending index
/// after the batch.
struct NaiveTable: Equatable {
    var sectionIDs: [SectionID]
    var rows: [[RowID]]

    init(_ snapshot: TableSnapshot) {
        sectionIDs = snapshot.sections.map(\.id)
        rows = snapshot.sections.map(\.rows)
    }

    var snapshot: TableSnapshot {
        TableSnapshot(sections: zip(sectionIDs, rows).map { SnapshotSection(id: $0, rows: $1) })
    }

    /// The table after `batch`, or nil when one of UIKit's rules refuses it.
    func applying(_ batch: BatchUpdate) -> NaiveTable? {
        let deletedSections = Set(batch.deletedSections)
        let movedSources = batch.movedSections.map(\.from)
        guard deletedSections.allSatisfy(sectionIDs.indices.contains),
            batch.reloadedSections.allSatisfy({ sectionIDs.indices.contains($0) && !deletedSections.contains($0) }),
            movedSources.allSatisfy({ sectionIDs.indices.contains($0) && !deletedSections.contains($0) }),
            Set(movedSources).count == movedSources.count
        else { return nil }
        let sources = batch.deletedRows + batch.movedRows.map(\.from) + batch.reloadedRows
        for source in sources {
            guard sectionIDs.indices.contains(source.section), !deletedSections.contains(source.section),
                rows[source.section].indices.contains(source.row)
            else { return nil }
        }
        let removedPaths = batch.deletedRows + batch.movedRows.map(\.from)
        guard Set(removedPaths).count == removedPaths.count,
            Set(batch.reloadedRows).isDisjoint(with: batch.deletedRows)
        else { return nil }
        var table = self
        var movingRows: [IndexPath: RowID] = [:]
        for move in batch.movedRows { movingRows[move.from] = rows[move.from.section][move.from.row] }
        for removed in removedPaths.sorted(by: >) { table.rows[removed.section].remove(at: removed.row) }
        var movingSections: [Int: (SectionID, [RowID])] = [:]
        for section in (deletedSections.union(movedSources)).sorted(by: >) {
            movingSections[section] = (table.sectionIDs.remove(at: section), table.rows.remove(at: section))
        }
        var sectionArrivals: [(Int, SectionID, [RowID])] = batch.insertedSections.map { ($0.section, $0.id, []) }
        for move in batch.movedSections {
            let (id, moved) = movingSections[move.from]!
            sectionArrivals.append((move.to, id, moved))
        }
        guard Set(sectionArrivals.map(\.0)).count == sectionArrivals.count else { return nil }
        for (section, id, content) in sectionArrivals.sorted(by: { $0.0 < $1.0 }) {
            guard section >= 0 && section <= table.sectionIDs.count else { return nil }
            table.sectionIDs.insert(id, at: section)
            table.rows.insert(content, at: section)
        }
        let survivingSectionIDs = Set(table.sectionIDs)
        let newSectionIDs = batch.insertedSections.map(\.id)
        guard Set(newSectionIDs).count == newSectionIDs.count,
            newSectionIDs.allSatisfy({ id in table.sectionIDs.filter { $0 == id }.count == 1 }),
            survivingSectionIDs.count == table.sectionIDs.count
        else { return nil }
        var rowArrivals: [(IndexPath, RowID)] = batch.insertedRows.map { ($0.indexPath, $0.id) }
        for move in batch.movedRows { rowArrivals.append((move.to, movingRows[move.from]!)) }
        guard Set(rowArrivals.map(\.0)).count == rowArrivals.count else { return nil }
        let present = Set(table.rows.joined())
        let newRowIDs = batch.insertedRows.map(\.id)
        guard Set(newRowIDs).count == newRowIDs.count, present.isDisjoint(with: newRowIDs) else { return nil }
        for (target, id) in rowArrivals.sorted(by: { $0.0 < $1.0 }) {
            guard table.sectionIDs.indices.contains(target.section), target.row >= 0,
                target.row <= table.rows[target.section].count
            else { return nil }
            table.rows[target.section].insert(id, at: target.row)
        }
        return table
    }

    /// The table after replaying resolved steps one by one.
    func replaying(_ steps: [BatchStep]) -> NaiveTable {
        var table = self
        var parked: [SectionID: [RowID]] = [:]
        for step in steps {
            switch step {
            case .removeRow(let at, let id, _):
                precondition(table.rows[at.section][at.row] == id, "step names the wrong row")
                table.rows[at.section].remove(at: at.row)
            case .removeSection(let at, let id, let isMove):
                precondition(table.sectionIDs[at] == id, "step names the wrong section")
                table.sectionIDs.remove(at: at)
                let content = table.rows.remove(at: at)
                if isMove { parked[id] = content }
            case .insertSection(let at, let id, let isMove):
                table.sectionIDs.insert(id, at: at)
                table.rows.insert(isMove ? parked.removeValue(forKey: id)! : [], at: at)
            case .insertRow(let at, let id, _):
                table.rows[at.section].insert(id, at: at.row)
            }
        }
        return table
    }
}

/// Random valid batches over a table, with every kind of operation, given in shuffled order.
struct BatchGenerator {
    var random: SplitMix64
    var nextID: Int64 = 1_000_000

    mutating func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }

    mutating func makeBatch(for table: NaiveTable) -> BatchUpdate {
        var batch = BatchUpdate()
        let sectionCount = table.sectionIDs.count
        var fates = [Character](repeating: "s", count: sectionCount)
        for section in 0..<sectionCount {
            if chance(12) { fates[section] = "d" } else if chance(12) { fates[section] = "m" }
            if fates[section] != "d" && chance(8) { batch.reloadedSections.append(section) }
        }
        let movedSections = fates.indices.filter { fates[$0] == "m" }
        let insertedCount = Int(random.next() % 3)
        let newCount = fates.filter { $0 != "d" }.count + insertedCount
        var slots = Array(0..<newCount).shuffled(using: &random).prefix(movedSections.count + insertedCount)
        var newSources = [Int?](repeating: nil, count: newCount)
        var isNewSection = [Bool](repeating: false, count: newCount)
        for section in movedSections {
            let to = slots.removeFirst()
            batch.moveSection(section, toSection: to)
            newSources[to] = section
        }
        for to in slots {
            batch.insertSection(SectionID(nextID), at: to)
            nextID += 1
            isNewSection[to] = true
        }
        var stayers = fates.indices.filter { fates[$0] == "s" }.makeIterator()
        for to in 0..<newCount where newSources[to] == nil && !isNewSection[to] { newSources[to] = stayers.next() }
        batch.deletedSections = fates.indices.filter { fates[$0] == "d" }
        addRows(to: &batch, table: table, fates: fates, newSources: newSources)
        batch.deletedSections.shuffle(using: &random)
        batch.insertedSections.shuffle(using: &random)
        batch.movedSections.shuffle(using: &random)
        batch.deletedRows.shuffle(using: &random)
        batch.insertedRows.shuffle(using: &random)
        batch.movedRows.shuffle(using: &random)
        batch.reloadedRows.shuffle(using: &random)
        return batch
    }

    private mutating func addRows(
        to batch: inout BatchUpdate, table: NaiveTable, fates: [Character], newSources: [Int?]
    ) {
        let newCount = newSources.count
        var survivors = [Int](repeating: 0, count: table.sectionIDs.count)
        var incoming: [(from: IndexPath?, id: RowID?)] = []
        for section in table.sectionIDs.indices where fates[section] != "d" {
            for row in table.rows[section].indices {
                let here = path(section, row)
                if chance(15) {
                    batch.deletedRows.append(here)
                    continue
                }
                if chance(10) { batch.reloadedRows.append(here) }
                if newCount > 0 && chance(12) {
                    incoming.append((here, nil))
                } else {
                    survivors[section] += 1
                }
            }
        }
        if newCount > 0 {
            for _ in 0..<Int(random.next() % 5) {
                incoming.append((nil, RowID(nextID)))
                nextID += 1
            }
        }
        var arrivals = [[(from: IndexPath?, id: RowID?)]](repeating: [], count: newCount)
        for item in incoming { arrivals[Int(random.next() % UInt64(newCount))].append(item) }
        for to in 0..<newCount {
            let kept = newSources[to].map { survivors[$0] } ?? 0
            let rowsAfter = kept + arrivals[to].count
            let positions = Array(0..<rowsAfter).shuffled(using: &random).prefix(arrivals[to].count)
            for (item, row) in zip(arrivals[to], positions) {
                if let from = item.from {
                    batch.moveRow(at: from, to: path(to, row))
                } else {
                    batch.insertRow(item.id!, at: path(to, row))
                }
            }
        }
    }

    /// A random table of up to `maxSections` sections of up to `maxRows` rows.
    mutating func makeTable(maxSections: Int, maxRows: Int) -> TableSnapshot {
        let sections = Int(random.next() % UInt64(maxSections + 1))
        var rows: [[Int64]] = []
        for _ in 0..<sections {
            let count = Int(random.next() % UInt64(maxRows + 1))
            rows.append(
                (0..<count).map { _ in
                    defer { nextID += 1 }
                    return nextID
                })
        }
        let ids = (0..<sections).map { _ in
            defer { nextID += 1 }
            return nextID
        }
        return makeSnapshot(rows, sectionIDs: ids)
    }
}

// MARK: - Oracle tests

/// Calls `body` on `count` random tables from a ``BatchGenerator`` seeded with `seed`, each with its naive model;
/// `body` gets the generator to make its batches with.
func forRandomTables(
    seed: UInt64, count: Int, maxSections: Int, maxRows: Int,
    _ body: (inout BatchGenerator, TableSnapshot, NaiveTable) throws -> Void
) rethrows {
    var generator = BatchGenerator(random: SplitMix64(seed: seed))
    for _ in 0..<count {
        let snapshot = generator.makeTable(maxSections: maxSections, maxRows: maxRows)
        try body(&generator, snapshot, NaiveTable(snapshot))
    }
}

@Test("random valid batches give the same table as UIKit's rules applied literally to plain arrays")
func randomBatchesMatchTheNaiveModel() throws {
    var generator = BatchGenerator(random: SplitMix64(seed: 0x5EED_0001))
    var used = [Int](repeating: 0, count: 8)
    for _ in 0..<400 {
        var snapshot = generator.makeTable(maxSections: 6, maxRows: 8)
        for _ in 0..<4 {
            let table = NaiveTable(snapshot)
            let batch = generator.makeBatch(for: table)
            let kinds = [
                batch.deletedSections.count, batch.insertedSections.count, batch.reloadedSections.count,
                batch.movedSections.count, batch.deletedRows.count, batch.insertedRows.count,
                batch.reloadedRows.count, batch.movedRows.count,
            ]
            for kind in kinds.indices { used[kind] += kinds[kind] }
            let expected = try #require(table.applying(batch), "the generator made an invalid batch: \(batch)")
            let result = try snapshot.applying(batch)
            #expect(NaiveTable(result.snapshot) == expected, "batch \(batch) on \(snapshot)")
            #expect(result.snapshot.rowCount == expected.rows.reduce(0) { $0 + $1.count })
            snapshot = result.snapshot
        }
    }
    #expect(used.allSatisfy { $0 > 100 }, "every kind of operation is exercised: \(used)")
}

@Test("replaying the resolved steps one by one on plain arrays gives the snapshot after the batch")
func replayedStepsGiveTheNewSnapshot() throws {
    try forRandomTables(seed: 0x5EED_0002, count: 400, maxSections: 6, maxRows: 8) { generator, snapshot, table in
        let result = try snapshot.applying(generator.makeBatch(for: table))
        #expect(table.replaying(result.steps) == NaiveTable(result.snapshot))
    }
}

@Test("the counts the naive model gives are accepted by the data-source entry point")
func naiveCountsAreAccepted() throws {
    try forRandomTables(seed: 0x5EED_0003, count: 200, maxSections: 5, maxRows: 6) { generator, snapshot, table in
        let batch = generator.makeBatch(for: table)
        let expected = try #require(table.applying(batch))
        let counts = expected.rows.map(\.count)
        #expect(try snapshot.applying(batch, newRowCounts: counts).snapshot == expected.snapshot)
        if !counts.isEmpty {
            var wrong = counts
            wrong[Int(generator.random.next() % UInt64(counts.count))] += 1
            #expect(throws: BatchUpdateError.self) { try snapshot.validate(batch, newRowCounts: wrong) }
        }
        #expect(throws: BatchUpdateError.self) { try snapshot.validate(batch, newRowCounts: counts + [0]) }
    }
}

@Test("the id index after random batches finds every row and section where it is")
func indexFindsEveryRowAfterBatches() throws {
    var generator = BatchGenerator(random: SplitMix64(seed: 0x5EED_0004))
    var snapshot = generator.makeTable(maxSections: 8, maxRows: 10)
    for _ in 0..<60 {
        snapshot = try snapshot.applying(generator.makeBatch(for: NaiveTable(snapshot))).snapshot
        for (section, content) in snapshot.sections.enumerated() {
            #expect(snapshot.sectionIndex(for: content.id) == section)
            for (row, id) in content.rows.enumerated() { #expect(snapshot.indexPath(for: id) == path(section, row)) }
        }
    }
}
