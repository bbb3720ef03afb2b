// ListRenderTests — matching a replacement's rows to the stored ones: ids kept, the diff reproduces the file
@testable import ListRender
import Models
import SeededRandom
import TestSupport
import Testing

/// A flat list of `titles`, ids from 1 (the section first).
private func list(_ titles: [String], grouped: [[String]]? = nil) -> Dataset {
    var dataset = Dataset(id: "l", title: "l", kind: .generic, style: .plain, shape: SourceShape(), sections: [])
    if let grouped {
        dataset.shape.rowsKey = "rows"
        let ids = grouped.indices.map { _ in SectionID(dataset.makeID()) }
        dataset.sections = grouped.enumerated().map { index, rows in
            Section(id: ids[index], fields: ["title": .string("G\(index)")],
                    rows: rows.map { Row(id: RowID(dataset.makeID()), fields: ["title": .string($0)]) })
        }
        return dataset
    }
    let section = SectionID(dataset.makeID())
    dataset.sections = [Section(id: section, rows: titles.map { Row(id: RowID(dataset.makeID()), fields: ["title": .string($0)]) })]
    return dataset
}

private func titles(_ dataset: Dataset, _ snapshot: TableSnapshot, _ match: ReplacementMatch) -> [[String]] {
    var fields: [RowID: Fields] = [:]
    for section in dataset.sections { for row in section.rows { fields[row.id] = row.fields } }
    for (id, row) in match.newRows { fields[id] = row.fields }
    return snapshot.sections.map { $0.rows.map { fields[$0]?["title"]?.stringValue ?? "?" } }
}

@Suite("Replacement matching (a replace as a diff)")
struct ReplacementMatchTests {
    @Test("rows replaced by triples (r_j, X_j, r_2K+j) update the dropped middle in order, each row placed once")
    func triplesUpdateTheMiddle() throws {
        let size = 60
        let old = list((0..<(3 * size)).map { "r\($0)" })
        let new = list((0..<size).flatMap { ["r\($0)", "X\($0)", "r\(2 * size + $0)"] })
        let match = ReplacementMatch(old, new)
        // Row r_i has id i + 2 (the section took 1).
        #expect(match.updatedIDs == (0..<size).map { RowID(Int64(size + $0 + 2)) })
        #expect(match.insertedRowIDs.isEmpty)
        #expect(titles(old, match.snapshot, match) == [new.sections[0].rows.map { $0.fields["title"]?.stringValue ?? "" }])
    }

    @Test("the next unused place skips every used one, from any place, as a scan would", arguments: 0..<40)
    func nextUnusedAgreesWithAScan(seed: Int) {
        var random = SplitMix64(seed: UInt64(seed))
        let count = Int(random.next() % 50)
        var used = (0..<count).map { _ in random.next() % 3 == 0 }
        var unused = NextUnused(used)
        for _ in 0..<100 {
            let from = Int(random.next() % UInt64(count + 2))
            let scanned = (min(from, count)..<count).first { !used[$0] } ?? count
            #expect(unused.first(from: from) == scanned)
            if scanned < count, random.next() % 2 == 0 {
                unused.take(scanned)
                used[scanned] = true
            }
        }
    }
    @Test("unchanged rows keep their ids, a changed row between kept ones is an update, the rest inserts")
    func smallEdit() throws {
        let old = list(["A", "B", "C", "D"])
        let new = list(["New", "A", "B2", "D", "C"])
        let match = ReplacementMatch(old, new)
        #expect(match.snapshot.sections[0].rows == [RowID(6), RowID(2), RowID(3), RowID(5), RowID(4)])
        #expect(match.updatedIDs == [RowID(3)])
        #expect(match.insertedRowIDs == [RowID(6)])
        let batch = SnapshotDiff.batch(from: TableSnapshot(old.sections), to: match.snapshot, reloading: Set(match.updatedIDs))
        #expect(try TableSnapshot(old.sections).applying(batch).snapshot == match.snapshot)
        #expect(batch.operationCount == 3)
    }

    @Test("random edits of random lists: the diff of the matched snapshots reproduces the replacement", arguments: 0..<40)
    func randomEdits(seed: UInt64) throws {
        var random = SplitMix64(seed: 0x5E9D + seed)
        let groups = (0..<Int(random.next() % 4) + 1).map { group in
            (0..<Int(random.next() % 12)).map { "r\(group)-\($0 % 5)" }
        }
        let old = list([], grouped: groups)
        var edited = groups
        for _ in 0..<Int(random.next() % 8) {
            let group = Int(random.next() % UInt64(edited.count))
            switch random.next() % 4 {
            case 0: edited[group].insert("new\(random.next() % 100)", at: Int(random.next() % UInt64(edited[group].count + 1)))
            case 1 where !edited[group].isEmpty: edited[group].remove(at: Int(random.next() % UInt64(edited[group].count)))
            case 2 where !edited[group].isEmpty: edited[group][Int(random.next() % UInt64(edited[group].count))] += "*"
            default:
                let to = Int(random.next() % UInt64(edited.count))
                if let moved = edited[group].popLast() { edited[to].insert(moved, at: 0) }
            }
        }
        let new = list([], grouped: edited)
        let match = ReplacementMatch(old, new)
        #expect(titles(old, match.snapshot, match) == edited)
        let before = TableSnapshot(old.sections)
        let batch = SnapshotDiff.batch(from: before, to: match.snapshot, reloading: Set(match.updatedIDs))
        #expect(try before.applying(batch).snapshot == match.snapshot)
        let kept = Set(old.sections.flatMap(\.rows).map(\.id))
        #expect(match.insertedRowIDs.allSatisfy { !kept.contains($0) && $0.rawValue >= old.nextID })
        #expect(match.nextID >= old.nextID)
    }
}
