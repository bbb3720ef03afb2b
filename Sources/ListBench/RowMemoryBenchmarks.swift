// ListBench — what each row of an imported file costs in memory, part by part
import Foundation
import ListRender
import Models

/// What each row of an imported file costs in memory, measured as the growth of the resident set while
/// the parts a server keeps for it are made one after the other: the rows (their packed fields and the
/// ``Row`` values that point into them), the snapshot of their ids, and the layout of their heights.
/// `ListBench rows FILE` (for example the load test's scripts/.load/friends-10m.json).
enum RowMemoryBenchmarks {
    static func run(path: String, report: (String, Double, String) -> Void) {
        // The file's bytes are let go once read, so what stays resident after is what the rows keep.
        let base = LayoutBenchmarks.residentMegabytes()
        var bytes: [UInt8] = []
        do {
            guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else {
                print("error: cannot read \(path)")
                return
            }
            bytes = [UInt8](data)
        }
        var dataset: Dataset?
        do {
            dataset = try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: path, id: "rows"))
        } catch {
            print("error: \(error)")
            return
        }
        bytes = []
        guard let dataset else { return }
        let rows = Double(dataset.rowCount)
        let perRow = { (megabytes: Double) in megabytes * 1_048_576 / rows }
        let afterRows = LayoutBenchmarks.residentMegabytes()
        report("rows-imported", rows, "rows")
        report("row-value-bytes", Double(MemoryLayout<Row>.stride), "B (id and a reference into the packed bytes)")
        report("rows-bytes-per-row", perRow(afterRows - base),
               "B (packed fields, Row values and section arrays)")
        let snapshot = TableSnapshot(dataset.sections)
        let afterSnapshot = LayoutBenchmarks.residentMegabytes()
        report("snapshot-bytes-per-row", perRow(afterSnapshot - afterRows), "B (row ids by section)")
        let metrics = TableMetrics(for: dataset)
        let layout = metrics.layout(of: dataset)
        let afterLayout = LayoutBenchmarks.residentMegabytes()
        report("layout-bytes-per-row", perRow(afterLayout - afterSnapshot), "B (heights and their sums)")
        report("total-bytes-per-row", perRow(afterLayout - base), "B (what a server keeps after a load)")
        let someRow = dataset.sections.last(where: { !$0.rows.isEmpty })?.rows.last?.id ?? RowID(0)
        let found = snapshot.indexPath(for: someRow) != nil
        let afterIndex = LayoutBenchmarks.residentMegabytes()
        report("index-bytes-per-row", perRow(afterIndex - afterLayout),
               "B (id → place, built by the first batch or anchored window)")
        LayoutBenchmarks.keep(snapshot.numberOfSections + layout.numberOfSections + (found ? 1 : 0))
    }
}
