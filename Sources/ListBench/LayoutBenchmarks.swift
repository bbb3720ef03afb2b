// ListBench — timings of the table layout engine on 1,000,000 rows in 10,000 sections
import ListRender
import Models
import SeededRandom

#if canImport(Glibc)
    import Glibc
#endif

/// Timings of the table layout engine on 1,000,000 rows in 10,000 sections.
///
/// Single operations are timed one by one on the wall clock and reported as medians, which a
/// busy machine barely moves; long runs (builds, 10,000 deletes) are timed on this thread's CPU
/// clock, so time spent waiting for a core does not count.
enum LayoutBenchmarks {
    static let sectionCount = 10_000
    static let rowsPerSection = 100

    /// Runs every layout benchmark and hands each figure to `report(name, value, unit)`.
    static func run(report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 2024)
        let residentBefore = residentMegabytes()
        let sections = (0..<sectionCount).map { _ in
            let heights = (0..<rowsPerSection).map { _ in random.next() % 4 == 0 ? 60.0 : 44.0 }
            return SectionMetrics(headerHeight: 28, rowHeights: .individual(heights))
        }
        var layout = TableLayout(style: .plain, sections: sections)
        report("layout-resident", residentMegabytes() - residentBefore, "MB (input heights included)")
        report("layout-build", median(of: 7) { _ = TableLayout(style: .plain, sections: sections) } / 1e6, "ms")
        let uniform = (0..<sectionCount).map { _ in
            SectionMetrics(headerHeight: 28, rowHeights: .uniform(count: rowsPerSection, height: 44))
        }
        report("layout-build-uniform", median(of: 7) { _ = TableLayout(style: .plain, sections: uniform) } / 1e6, "ms")

        let offsets = (0..<100_000).map { _ in Double(random.next() % UInt64(layout.contentHeight)) }
        queries(layout, offsets: offsets, report: report)
        expansion(&layout, random: &random, offsets: offsets, report: report)
        updates(&layout, random: &random, report: report)
        oneSection(offsets: offsets, report: report)
    }

    /// The window queries alone, on the same layout and offsets as `run`, repeated for a profiler.
    static func runQueries(report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 2024)
        let sections = (0..<sectionCount).map { _ in
            let heights = (0..<rowsPerSection).map { _ in random.next() % 4 == 0 ? 60.0 : 44.0 }
            return SectionMetrics(headerHeight: 28, rowHeights: .individual(heights))
        }
        let layout = TableLayout(style: .plain, sections: sections)
        let offsets = (0..<100_000).map { _ in Double(random.next() % UInt64(layout.contentHeight)) }
        for _ in 0..<3 {
            queries(layout, offsets: offsets, report: report)
        }
        let sorted = offsets.sorted()
        var reused = layout.window(top: 0, height: 800, overscan: 200)
        var listed = 0
        let times = sorted.map { top in
            wallNanoseconds {
                layout.window(top: top, height: 800, overscan: 200, into: &reused)
                listed &+= reused.rows.count
            }
        }
        report("window-query-sorted", median(times) / 1e3, "µs")
        keep(listed)
    }

    static func queries(_ layout: TableLayout, offsets: [Double], report: (String, Double, String) -> Void) {
        var listed = 0
        let windowTimes = offsets.map { top in
            wallNanoseconds { listed += layout.window(top: top, height: 800, overscan: 200).rows.count }
        }
        report("window-query-new", median(windowTimes) / 1e3, "µs (a new TableWindow each time)")
        report("window-rows", Double(listed) / Double(offsets.count), "rows per window")
        var reused = layout.window(top: 0, height: 800, overscan: 200)
        let reusedTimes = offsets.map { top in
            wallNanoseconds {
                layout.window(top: top, height: 800, overscan: 200, into: &reused)
                listed &+= reused.rows.count
            }
        }
        report("window-query", median(reusedTimes) / 1e3, "µs (one TableWindow reused, no allocation)")
        let hitTimes = offsets.map { y in wallNanoseconds { listed &+= layout.indexPathForRow(at: y)?.row ?? 0 } }
        report("hit-test", median(hitTimes), "ns")
        let rectTimes = offsets.map { y in
            wallNanoseconds { listed &+= Int(layout.rectForRow(at: IndexPath(row: Int(y) % 100, section: 7))?.y ?? 0) }
        }
        report("rect-for-row", median(rectTimes), "ns")
        keep(listed)
    }

    static func expansion(
        _ layout: inout TableLayout, random: inout SplitMix64, offsets: [Double], report: (String, Double, String) -> Void
    ) {
        let sections = (0..<20_000).map { _ in Int(random.next() % UInt64(sectionCount)) }
        let toggleTimes = sections.map { section in
            wallNanoseconds {
                layout.setExpanded(false, section: section)
                layout.setExpanded(true, section: section)
            }
        }
        report("toggle-section", median(toggleTimes) / 1e3, "µs")

        var listed = 0
        let halves = (0..<200).map { _ in (0..<sectionCount).map { _ in random.next() % 2 == 0 } }
        let deriveTimes = halves.map { flags in
            wallNanoseconds { listed &+= layout.withExpandedSections(flags).numberOfSections }
        }
        report("derive-expanded", median(deriveTimes) / 1e3, "µs (random half of the sections expanded)")
        let few = (0..<200).map { _ in
            var flags = [Bool](repeating: true, count: sectionCount)
            for _ in 0..<5 { flags[Int(random.next() % UInt64(sectionCount))] = false }
            return flags
        }
        let fewTimes = few.map { flags in
            wallNanoseconds { listed &+= layout.withExpandedSections(flags).numberOfSections }
        }
        report("derive-expanded-few", median(fewTimes) / 1e3, "µs (5 sections differ)")
        let requestTimes = zip(halves, offsets).map { flags, top in
            wallNanoseconds {
                let derived = layout.withExpandedSections(flags)
                let top = top.truncatingRemainder(dividingBy: derived.contentHeight)
                listed &+= derived.window(top: top, height: 800, overscan: 200).rows.count
            }
        }
        report("derive-and-window", median(requestTimes) / 1e3, "µs")
        keep(listed)
    }

    static func updates(_ layout: inout TableLayout, random: inout SplitMix64, report: (String, Double, String) -> Void) {
        let rows = (0..<20_000).map { _ in IndexPath(row: 7, section: Int(random.next() % UInt64(sectionCount))) }
        let rowTimes = rows.map { indexPath in
            wallNanoseconds { layout.setRowHeight(layout.heightForRow(at: indexPath) + 1, at: indexPath) }
        }
        report("set-row-height", median(rowTimes) / 1e3, "µs")
        var doomed = Set<IndexPath>()
        while doomed.count < 10_000 {
            let section = Int(random.next() % UInt64(sectionCount))
            let count = layout.numberOfRows(inSection: section)
            doomed.insert(IndexPath(row: Int(random.next() % UInt64(count)), section: section))
        }
        let descending = doomed.sorted(by: >)
        let deleteTime = cpuNanoseconds {
            for indexPath in descending {
                layout.deleteRow(at: indexPath)
            }
        }
        report("delete-10k-rows", deleteTime / 1e6, "ms (deleteRow in descending order, as a batch applies them)")
    }

    static func oneSection(offsets: [Double], report: (String, Double, String) -> Void) {
        let count = 1_000_000
        var layout = TableLayout(
            style: .plain, sections: [SectionMetrics(headerHeight: 28, rowHeights: .uniform(count: count, height: 44))])
        let first = cpuNanoseconds { layout.setRowHeight(60, at: IndexPath(row: count / 2, section: 0)) }
        report("one-section-first-height-change", first / 1e6, "ms (1M equal rows become a tree)")
        var listed = 0
        let windowTimes = offsets.prefix(20_000).map { top in
            wallNanoseconds { listed &+= layout.window(top: top, height: 800, overscan: 200).rows.count }
        }
        report("one-section-window-query", median(windowTimes) / 1e3, "µs")
        let insertTimes = offsets.prefix(20_000).map { top in
            wallNanoseconds { layout.insertRow(at: IndexPath(row: Int(top) % count, section: 0), height: 50) }
        }
        report("one-section-insert-row", median(insertTimes) / 1e3, "µs")
        keep(listed)
    }
}

extension LayoutBenchmarks {
    /// The wall-clock nanoseconds `body` takes once.
    static func wallNanoseconds(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    }

    /// The nanoseconds of this thread's CPU time `body` takes once.
    static func cpuNanoseconds(_ body: () -> Void) -> Double {
        #if canImport(Glibc)
            var start = timespec()
            var end = timespec()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
            body()
            clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
            return Double(end.tv_sec - start.tv_sec) * 1e9 + Double(end.tv_nsec - start.tv_nsec)
        #else
            return wallNanoseconds(body)
        #endif
    }

    /// The median CPU time of `runs` runs of `body`, in nanoseconds.
    static func median(of runs: Int, _ body: () -> Void) -> Double {
        median((0..<runs).map { _ in cpuNanoseconds(body) })
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// Consumes a result so the optimizer cannot drop the work that produced it.
    static func keep(_ value: Int) {
        if value == .min { print(value) }
    }

    /// The resident set size of this process in MB, from `/proc/self/statm`; 0 where unreadable.
    static func residentMegabytes() -> Double {
        #if canImport(Glibc)
            guard let file = fopen("/proc/self/statm", "r") else { return 0 }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 128)
            guard fgets(&line, Int32(line.count), file) != nil else { return 0 }
            let fields = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(
                separator: " ")
            guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
            return Double(pages * sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
        #else
            return 0
        #endif
    }
}
