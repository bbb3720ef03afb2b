// ListBench — timings of the outline layout on 10,000,000 rows nested up to 20 levels
import Foundation
import ListRender
import SeededRandom
import SystemSupport

/// Timings of the outline layout on 10,000,000 rows: ten top-level rows of 1,000,000 rows each
/// (the row and 999,999 descendants), nested below them by a random walk between depths 1 and 20,
/// heights 44 or 60, about half of the rows expanded.
///
/// Builds are timed on this thread's CPU clock; single operations one by one on the wall clock,
/// reported as medians (with the 99th percentile for expand and collapse).
enum OutlineBenchmarks {
    static let rootCount = 10
    static let rowsPerRoot = 1_000_000
    static let maxDepth = 20

    /// Runs every outline benchmark and hands each figure to `report(name, value, unit)`.
    static func run(report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 2024)
        let residentBefore = LayoutBenchmarks.residentMegabytes()
        var layout = build(random: &random, report: report)
        report(
            "outline-resident", LayoutBenchmarks.residentMegabytes() - residentBefore,
            "MB (the layout, after its input depths are freed)")
        report("outline-peak-resident", peakResidentMegabytes(), "MB (whole process, input included)")
        report("outline-visible-rows", Double(layout.visibleCount), "rows")

        let roots = (0..<rootCount).map { $0 * rowsPerRoot }
        let toggles = (0..<2_000).map { _ in roots[Int(random.next() % UInt64(rootCount))] }
        let rootTimes = toggles.flatMap { root in
            [
                LayoutBenchmarks.wallNanoseconds { layout.collapse(root) },
                LayoutBenchmarks.wallNanoseconds { layout.expand(root) },
            ]
        }
        report("outline-toggle-1m-descendants", LayoutBenchmarks.median(rootTimes) / 1e3, "µs (median)")
        report("outline-toggle-1m-descendants-p99", percentile(rootTimes, 0.99) / 1e3, "µs")
        let rows = (0..<100_000).map { _ in Int(random.next() % UInt64(layout.count)) }
        let anyTimes = rows.map { row in
            LayoutBenchmarks.wallNanoseconds {
                layout.setExpanded(!layout.isExpanded(row), row: row)
            }
        }
        report("outline-toggle-any-row", LayoutBenchmarks.median(anyTimes) / 1e3, "µs (median)")
        queries(layout, random: &random, pages: "4 KiB pages", report: report)
        // The server backs its loaded memory with 2 MiB pages (HugePageBacking); so does this, to query as it does.
        let collapsed = System.collapseIntoHugePages()
        queries(layout, random: &random, pages: "\(collapsed.collapsedBytes >> 20) MiB in 2 MiB pages", report: report)
        let heightTimes = rows.prefix(10_000).map { row in
            LayoutBenchmarks.wallNanoseconds { layout.setHeight(layout.height(ofRow: row) + 1, ofRow: row) }
        }
        report("outline-set-height", LayoutBenchmarks.median(heightTimes) / 1e3, "µs (median)")
        report("outline-expand-all", LayoutBenchmarks.cpuNanoseconds { layout.expandAll() } / 1e6, "ms")
        report("outline-visible-rows-expanded", Double(layout.visibleCount), "rows")
        let end = LayoutBenchmarks.wallNanoseconds {
            let window = layout.window(top: layout.totalHeight - 800, height: 800, overscan: 200)
            LayoutBenchmarks.keep(window.rows.last?.row ?? 0)
        }
        report("outline-window-at-end-after-expand-all", end / 1e3, "µs")
        report("outline-collapse-all", LayoutBenchmarks.cpuNanoseconds { layout.collapseAll() } / 1e6, "ms")
    }

    /// Generates the depths and heights and builds the layout from them, reporting both times.
    private static func build(
        random: inout SplitMix64, report: (String, Double, String) -> Void
    ) -> OutlineLayout {
        var depths: [Int] = []
        var heights: [Double] = []
        let count = rootCount * rowsPerRoot
        let generate = LayoutBenchmarks.cpuNanoseconds {
            depths.reserveCapacity(count)
            heights.reserveCapacity(count)
            var depth = 0
            for row in 0..<count {
                let bits = random.next()
                if row % rowsPerRoot == 0 {
                    depth = 0
                } else if depth == 0 || (depth < maxDepth && bits & 1 == 0) {
                    depth += 1
                } else {
                    depth = 1 + Int((bits >> 8) % UInt64(depth))
                }
                depths.append(depth)
                heights.append(bits >> 40 & 3 == 0 ? 60 : 44)
            }
        }
        report("outline-generate-input", generate / 1e6, "ms (10,000,000 depths and heights)")
        var layout: OutlineLayout?
        let expandedBits = random.next()
        let time = LayoutBenchmarks.cpuNanoseconds {
            // Every top-level row and about half of the others expanded, by a hash of the row.
            layout = OutlineLayout(depths: depths, heights: heights) { row in
                row % rowsPerRoot == 0 || (UInt64(row) &* 0x9E37_79B9_7F4A_7C15 ^ expandedBits) >> 63 == 0
            }
        }
        report("outline-build", time / 1e6, "ms")
        return layout!
    }

    /// Window queries, hit tests and row tops at random offsets; `pages` says how the memory is
    /// backed.
    private static func queries(
        _ layout: OutlineLayout, random: inout SplitMix64, pages: String, report: (String, Double, String) -> Void
    ) {
        let suffix = pages.hasPrefix("4") ? "" : "-huge-pages"
        let offsets = (0..<100_000).map { _ in Double(random.next() % UInt64(layout.totalHeight)) }
        var reused = layout.window(top: 0, height: 800, overscan: 200)
        var listed = 0
        let reusedTimes = offsets.map { top in
            LayoutBenchmarks.wallNanoseconds {
                layout.window(top: top, height: 800, overscan: 200, into: &reused)
                listed &+= reused.rows.count
            }
        }
        report(
            "outline-window-query\(suffix)", LayoutBenchmarks.median(reusedTimes) / 1e3,
            "µs (median, one reused window, \(pages))")
        report("outline-window-query\(suffix)-p99", percentile(reusedTimes, 0.99) / 1e3, "µs")
        report("outline-window-rows\(suffix)", Double(listed) / Double(offsets.count), "rows per window")
        let newTimes = offsets.map { top in
            LayoutBenchmarks.wallNanoseconds {
                listed &+= layout.window(top: top, height: 800, overscan: 200).rows.count
            }
        }
        report(
            "outline-window-query-new\(suffix)", LayoutBenchmarks.median(newTimes) / 1e3, "µs (median, a new window)")
        var found: [Int] = []
        found.reserveCapacity(offsets.count)
        let hitTimes = offsets.map { offset in
            LayoutBenchmarks.wallNanoseconds { found.append(layout.visibleRow(atOffset: offset)?.row ?? 0) }
        }
        report("outline-row-at-offset\(suffix)", LayoutBenchmarks.median(hitTimes) / 1e3, "µs (median)")
        let topTimes = found.map { row in
            LayoutBenchmarks.wallNanoseconds { listed &+= Int(layout.top(ofRow: row) ?? 0) }
        }
        report("outline-top-of-row\(suffix)", LayoutBenchmarks.median(topTimes) / 1e3, "µs (median)")
        LayoutBenchmarks.keep(listed)
    }

    /// The value below which `fraction` of `values` lie.
    private static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * fraction))]
    }

    /// The process's peak resident set size in MB (`VmHWM` in `/proc/self/status`); 0 where
    /// unreadable.
    private static func peakResidentMegabytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
