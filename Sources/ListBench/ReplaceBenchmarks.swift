// ListBench — a replace of a 1,000,000-row list that changes 1 % of it, matched and diffed
import ListRender
import Models

/// A replace of a 1,000,000-row flat list (`PUT` of the same file with 1 % of its rows changed: a third
/// updated, a third deleted, a third new): the time to match the rows (``ReplacementMatch``) and diff the
/// snapshots (``SnapshotDiff``), as the server does before storing the batch, and the batch's size.
enum ReplaceBenchmarks {
    /// Runs the benchmark and reports its figures.
    /// - Complexity: a few seconds; builds both million-row datasets once.
    static func run(report: (String, Double, String) -> Void) {
        let count = 1_000_000
        var old = Dataset(
            id: "bench", title: "bench", kind: .generic, style: .plain, shape: SourceShape(), sections: [])
        let sectionID = SectionID(old.makeID())
        let rows = (0..<count).map { index in
            Row(id: RowID(old.makeID()), fields: ["title": .string("Row \(index)"), "subtitle": .string("Detail \(index % 977)")])
        }
        old.sections = [Section(id: sectionID, rows: rows)]
        var replacement = old
        var changed: [Row] = []
        changed.reserveCapacity(count)
        for (index, row) in rows.enumerated() {
            switch index % 300 {
            case 0: changed.append(Row(id: row.id, fields: ["title": .string("Row \(index), edited"), "subtitle": row.fields["subtitle"]!]))
            case 100: continue
            case 200:
                changed.append(row)
                changed.append(Row(id: RowID(0), fields: ["title": .string("New after \(index)")]))
            default: changed.append(row)
            }
        }
        replacement.sections = [Section(id: SectionID(0), rows: changed)]
        let snapshot = TableSnapshot(old.sections)
        var operations = 0
        let time = LayoutBenchmarks.median(of: 3) {
            let match = ReplacementMatch(old, replacement)
            let batch = SnapshotDiff.batch(
                from: TableSnapshot(sections: snapshot.sections), to: match.snapshot, reloading: Set(match.updatedIDs))
            operations = batch.operationCount
        }
        report("replace-1m-1pct-diff", time / 1e6, "ms")
        report("replace-1m-1pct-operations", Double(operations), "operations")
        runTriples(report: report)
    }

    /// A flat list of 300,000 rows replaced by triples (r_j, X_j, r_(2K+j)), K = 100,000: every new row X_j
    /// is placed between matched rows far apart, the shape that made placing rows quadratic.
    static func runTriples(report: (String, Double, String) -> Void) {
        let third = 100_000
        var old = Dataset(id: "bench", title: "bench", kind: .generic, style: .plain, shape: SourceShape(), sections: [])
        let sectionID = SectionID(old.makeID())
        let rows = (0..<(3 * third)).map { Row(id: RowID(old.makeID()), fields: ["title": .string("Row \($0)")]) }
        old.sections = [Section(id: sectionID, rows: rows)]
        var replacement = old
        replacement.sections = [
            Section(
                id: SectionID(0),
                rows: (0..<third).flatMap { index in
                    [rows[index], Row(id: RowID(0), fields: ["title": .string("X \(index)")]), rows[2 * third + index]]
                })
        ]
        var updated = 0
        let time = LayoutBenchmarks.median(of: 3) { updated = ReplacementMatch(old, replacement).updatedIDs.count }
        report("replace-300k-triples-match", time / 1e6, "ms")
        report("replace-300k-triples-updated", Double(updated), "rows")
    }
}
