// ListBench — the layout engine at 1,000,000 and 10,000,000 rows, side by side
import ListRender
import Models
import SeededRandom
import SystemSupport

/// The layout engine at two sizes, 10,000 and 100,000 sections of 100 rows (a quarter of them 60 pt tall,
/// the rest 44 pt): what building costs, how much memory the layout keeps and what a window query, a hit
/// test and a jump to the end take. A window query's cost must not grow with the size: at 10M rows it
/// reads a few more tree levels than at 1M, nothing more.
enum ScaleBenchmarks {
    static let rowsPerSection = 100

    /// Runs both sizes and hands each figure to `report(name, value, unit)`.
    static func run(report: (String, Double, String) -> Void) {
        for (name, sectionCount) in [("1m", 10_000), ("10m", 100_000)] {
            measure(name: name, sectionCount: sectionCount, report: report)
        }
    }

    private static func measure(name: String, sectionCount: Int, report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 2024)
        let sections = (0..<sectionCount).map { _ in
            let heights = (0..<rowsPerSection).map { _ in random.next() % 4 == 0 ? 60.0 : 44.0 }
            return SectionMetrics(headerHeight: 28, rowHeights: .individual(heights))
        }
        let residentBefore = LayoutBenchmarks.residentMegabytes()
        var layout: TableLayout? = nil
        let build = LayoutBenchmarks.cpuNanoseconds { layout = TableLayout(style: .plain, sections: sections) }
        guard let layout else { return }
        let resident = LayoutBenchmarks.residentMegabytes() - residentBefore
        report("scale-\(name)-layout-build", build / 1e6, "ms")
        report("scale-\(name)-layout-bytes-per-row", resident * 1_048_576 / Double(sectionCount * rowsPerSection), "B")

        let offsets = (0..<100_000).map { _ in Double(random.next() % UInt64(layout.contentHeight)) }
        var reused = layout.window(top: 0, height: 800, overscan: 200)
        var listed = 0
        let queryTimes = {
            offsets.map { top in
                LayoutBenchmarks.wallNanoseconds {
                    layout.window(top: top, height: 800, overscan: 200, into: &reused)
                    listed &+= reused.rows.count
                }
            }.sorted()
        }
        var sorted = queryTimes()
        report("scale-\(name)-window-query", sorted[sorted.count / 2] / 1e3, "µs (median, random tops, 4 KiB pages)")
        report("scale-\(name)-window-query-p99", sorted[sorted.count * 99 / 100] / 1e3, "µs")
        // The server backs its loaded memory with 2 MiB pages (HugePageBacking); so does this, to query as it does.
        let collapsed = System.collapseIntoHugePages()
        sorted = queryTimes()
        report(
            "scale-\(name)-window-query-huge-pages", sorted[sorted.count / 2] / 1e3,
            "µs (median, as the server queries: \(collapsed.collapsedBytes >> 20) MiB in 2 MiB pages)")
        report("scale-\(name)-window-query-huge-pages-p99", sorted[sorted.count * 99 / 100] / 1e3, "µs")
        let hits = offsets.map { y in LayoutBenchmarks.wallNanoseconds { listed &+= layout.indexPathForRow(at: y)?.row ?? 0 } }
        report("scale-\(name)-hit-test", LayoutBenchmarks.median(hits), "ns")
        let end = (0..<101).map { _ in
            LayoutBenchmarks.wallNanoseconds {
                layout.window(top: layout.contentHeight - 800, height: 800, overscan: 200, into: &reused)
                listed &+= reused.rows.count
            }
        }
        report("scale-\(name)-window-at-the-end", LayoutBenchmarks.median(end) / 1e3, "µs")
        LayoutBenchmarks.keep(listed)
    }
}
