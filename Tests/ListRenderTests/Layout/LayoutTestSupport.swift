// ListRenderTests — random heights and layouts from a ``SplitMix64``
import Models
import TestSupport
import Testing

@testable import ListRender

/// Random heights and layouts from a ``SplitMix64``, so every random test replays the same cases.
struct LayoutRandom: RandomNumberGenerator {
    private var base: SplitMix64

    init(seed: UInt64) {
        base = SplitMix64(seed: seed)
    }

    mutating func next() -> UInt64 { base.next() }

    /// `count` random sections of at most `maxRows` rows from a generator seeded with `seed`.
    static func sections(_ count: Int, maxRows: Int, seed: UInt64) -> [SectionMetrics] {
        var random = LayoutRandom(seed: seed)
        return (0..<count).map { _ in random.sectionMetrics(maxRows: maxRows) }
    }

    /// A height in quarters (exact in binary, so sums compare exactly), 0 with probability
    /// `zeroChance`.
    mutating func height(upTo limit: Int = 120, zeroChance: Double = 0) -> Double {
        if zeroChance > 0 && Double.random(in: 0..<1, using: &self) < zeroChance {
            return 0
        }
        return Double(Int.random(in: 1...(limit * 4), using: &self)) / 4
    }

    /// A random section: header and footer often absent, rows uniform or individual,
    /// sometimes collapsed.
    mutating func sectionMetrics(maxRows: Int) -> SectionMetrics {
        let count = Int.random(in: 0...maxRows, using: &self)
        let rows: RowHeights
        if Bool.random(using: &self) {
            rows = .uniform(count: count, height: height(upTo: 80))
        } else {
            rows = .individual((0..<count).map { _ in height(upTo: 80, zeroChance: 0.05) })
        }
        return SectionMetrics(
            headerHeight: height(upTo: 40, zeroChance: 0.3), rowHeights: rows,
            footerHeight: height(upTo: 30, zeroChance: 0.5), isExpanded: Double.random(in: 0..<1, using: &self) < 0.75)
    }

    /// A random layout of up to `maxSections` sections of up to `maxRows` rows.
    mutating func layout(style: TableStyle, maxSections: Int, maxRows: Int) -> TableLayout {
        let sections = (0..<Int.random(in: 0...maxSections, using: &self)).map { _ in sectionMetrics(maxRows: maxRows) }
        return TableLayout(
            style: style, tableHeaderHeight: height(upTo: 60, zeroChance: 0.5),
            tableFooterHeight: height(upTo: 60, zeroChance: 0.5), sections: sections)
    }
}

/// Compares every answer of `layout` with the linear `model`: all frames, hit tests at every
/// edge and between edges (or at `offsets` only when `atEdges` is false), and windows at
/// `offsets` (plus the edges when `atEdges`).
func expectLayout(
    _ layout: TableLayout, matches model: NaiveLayout, windowOffsets offsets: [Double] = [], atEdges: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSame(
        [
            [layout.contentHeight], [layout.rectForTableHeader.y, layout.rectForTableHeader.height],
            [layout.rectForTableFooter.y, layout.rectForTableFooter.height],
        ],
        [[model.contentHeight], [0, model.tableHeader], [model.frame(of: .tableFooter).y, model.tableFooter]],
        "content height, table header and footer", sourceLocation)
    let shape = (0..<layout.numberOfSections).map { [layout.numberOfRows(inSection: $0)] }
    guard expectSame(shape, model.sections.map { [$0.rows.count] }, "row counts", sourceLocation) else { return }
    let sections = model.sections.indices
    expectSame(
        sections.map {
            [layout.rectForSection($0), layout.rectForHeader(inSection: $0), layout.rectForFooter(inSection: $0)]
        },
        sections.map { [model.sectionFrame($0), model.frame(of: .header($0)), model.frame(of: .footer($0))] },
        "section, header and footer frames", sourceLocation)
    let indexPaths = sections.flatMap { section in
        model.sections[section].rows.indices.map { IndexPath(row: $0, section: section) }
    }
    expectSame(
        indexPaths.map { [layout.heightForRow(at: $0)] },
        indexPaths.map { [model.sections[$0.section].rows[$0.row]] }, "row heights", sourceLocation)
    expectSame(
        indexPaths.map { [layout.rectForRow(at: $0)] },
        indexPaths.map { [model.sections[$0.section].isExpanded ? model.frame(of: .row($0)) : nil] },
        "row frames", sourceLocation)
    let edges = atEdges ? model.edges : []
    var probes = edges.flatMap { [$0 - 0.125, $0, $0 + 0.125] } + (atEdges ? [] : offsets)
    probes += [-1_000, -0.5, model.contentHeight + 0.5, model.contentHeight + 1_000]
    expectSame(
        probes.map { [layout.indexPathForRow(at: $0)] }, probes.map { [model.indexPathForRow(at: $0)] },
        "indexPathForRow at \(probes)", sourceLocation)
    expectSame(
        probes.map { [layout.section(at: $0)] }, probes.map { [model.section(at: $0)] },
        "section at \(probes)", sourceLocation)
    let tops = offsets + (atEdges ? edges + edges.map { $0 - 0.25 } : [])
    let queries = tops.enumerated().map { index, top in
        (top: top, height: [0, 0.5, 17, 60, 250][index % 5], overscan: [0, 0, 10, 40][index % 4] as Double)
    }
    expectSame(
        queries.map { [layout.window(top: $0.top, height: $0.height, overscan: $0.overscan)] },
        queries.map { [model.window(top: $0.top, height: $0.height, overscan: $0.overscan)] },
        "windows", sourceLocation)
    // One TableWindow reused for every query, in order, must give the same windows as new ones.
    var reused = TableWindow(top: 0, height: 0, overscan: 0, contentHeight: 0)
    expectSame(
        queries.map { query in
            layout.window(top: query.top, height: query.height, overscan: query.overscan, into: &reused)
            return [reused]
        },
        queries.map { [model.window(top: $0.top, height: $0.height, overscan: $0.overscan)] },
        "windows written into one reused TableWindow", sourceLocation)
    let frames = queries.map { TableFrame(y: $0.top, height: $0.height + $0.overscan) }
    expectSame(
        frames.map { layout.indexPathsForRows(in: $0) }, frames.map { model.indexPathsForRows(in: $0) },
        "indexPathsForRows in \(frames)", sourceLocation)
}

/// Expects two lists of answers to be equal, reporting the first that differs (and its index),
/// so that thousands of comparisons cost one expectation.
/// - Returns: whether they were equal.
@discardableResult
func expectSame<Element: Equatable>(
    _ actual: [[Element]], _ expected: [[Element]], _ what: @autoclosure () -> String, _ sourceLocation: SourceLocation
) -> Bool {
    guard actual.count == expected.count else {
        Issue.record("\(what()): \(actual.count) answers, expected \(expected.count)", sourceLocation: sourceLocation)
        return false
    }
    if let index = actual.indices.first(where: { actual[$0] != expected[$0] }) {
        Issue.record(
            "\(what()) differ at \(index): \(actual[index]) instead of \(expected[index])",
            sourceLocation: sourceLocation)
        return false
    }
    return true
}
