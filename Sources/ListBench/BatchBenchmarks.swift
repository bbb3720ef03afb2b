// ListBench — timings of the batch-update engine on a table of 1,000,000 rows in
import ListRender
import Models
import SeededRandom

/// Timings of the batch-update engine on a table of 1,000,000 rows in 10,000 sections.
enum BatchBenchmarks {
    /// Runs every batch benchmark and reports each figure.
    /// - Parameter report: receives the benchmark's name, its value and the value's unit.
    /// - Complexity: a few seconds; builds the million-row table once.
    static func run(report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 0xBA7C_4001)
        let table = makeTable(sections: 10_000, rowsPerSection: 100)
        report("batch-delete-10k", median(of: 7) { measureDelete(on: table, count: 10_000, random: &random) }, "ms")
        let old = makeTable(sections: 1_000, rowsPerSection: 100)
        let new = shuffledSuccessor(of: old, random: &random)
        report("diff-100k", median(of: 5) { measureDiff(from: old, to: new) }, "ms")
    }

    /// A table whose row ids are `0..<sections * rowsPerSection` in reading order.
    private static func makeTable(sections: Int, rowsPerSection: Int) -> TableSnapshot {
        TableSnapshot(
            sections: (0..<sections).map { section in
                let first = Int64(section * rowsPerSection)
                return SnapshotSection(
                    id: SectionID(Int64(10_000_000 + section)),
                    rows: (first..<first + Int64(rowsPerSection)).map { RowID($0) })
            })
    }

    /// Milliseconds to apply one batch deleting `count` distinct random rows.
    private static func measureDelete(on table: TableSnapshot, count: Int, random: inout SplitMix64) -> Double {
        var chosen = Set<IndexPath>()
        while chosen.count < count {
            let section = Int(random.next() % UInt64(table.numberOfSections))
            chosen.insert(
                IndexPath(
                    row: Int(random.next() % UInt64(table.numberOfRows(inSection: section))),
                    section: section))
        }
        var batch = BatchUpdate()
        batch.deleteRows(at: Array(chosen))
        let clock = ContinuousClock()
        let start = clock.now
        let result = try? table.applying(batch)
        let elapsed = clock.now - start
        precondition(result?.snapshot.rowCount == table.rowCount - count, "the benchmark batch was refused")
        return milliseconds(elapsed)
    }

    /// Milliseconds to diff two tables (on fresh copies, so no id index is reused).
    private static func measureDiff(from old: TableSnapshot, to new: TableSnapshot) -> Double {
        let source = TableSnapshot(sections: old.sections)
        let target = TableSnapshot(sections: new.sections)
        let clock = ContinuousClock()
        let start = clock.now
        let batch = SnapshotDiff.batch(from: source, to: target)
        let elapsed = clock.now - start
        precondition(!batch.isEmpty, "the benchmark tables are equal")
        return milliseconds(elapsed)
    }

    /// `old` with 1% of its rows deleted, 1% moved to random places, 1% new rows, and 1% of
    /// its sections swapped.
    private static func shuffledSuccessor(of old: TableSnapshot, random: inout SplitMix64) -> TableSnapshot {
        var sections = old.sections
        var moving: [RowID] = []
        for section in sections.indices {
            var kept: [RowID] = []
            for id in sections[section].rows {
                switch random.next() % 100 {
                case 0: continue
                case 1: moving.append(id)
                default: kept.append(id)
                }
            }
            sections[section].rows = kept
        }
        var nextID = Int64(old.rowCount)
        for _ in 0..<old.rowCount / 100 {
            moving.append(RowID(nextID))
            nextID += 1
        }
        for id in moving {
            let section = Int(random.next() % UInt64(sections.count))
            let row = Int(random.next() % UInt64(sections[section].rows.count + 1))
            sections[section].rows.insert(id, at: row)
        }
        for _ in 0..<sections.count / 100 {
            sections.swapAt(Int(random.next() % UInt64(sections.count)), Int(random.next() % UInt64(sections.count)))
        }
        return TableSnapshot(sections: sections)
    }

    private static func median(of runs: Int, _ measure: () -> Double) -> Double {
        let times = (0..<runs).map { _ in measure() }.sorted()
        return times[runs / 2]
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
