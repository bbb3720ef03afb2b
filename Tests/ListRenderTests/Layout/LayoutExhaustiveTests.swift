// ListRenderTests — TableLayout on every small table
import Models
import Testing

@testable import ListRender

@Suite("TableLayout on every small table")
struct LayoutExhaustiveTests {
    /// Every assignment of 0…5 rows to each of `sectionCount` sections.
    static func rowCounts(sections sectionCount: Int) -> [[Int]] {
        var result: [[Int]] = [[]]
        for _ in 0..<sectionCount {
            result = result.flatMap { prefix in (0...5).map { prefix + [$0] } }
        }
        return result
    }

    @Test("every table of 0…5 sections of 0…5 rows matches the linear model", arguments: 0...5)
    func everySmallTableMatchesTheModel(sectionCount: Int) {
        for (variant, counts) in Self.rowCounts(sections: sectionCount).enumerated() {
            let sections = counts.enumerated().map { section, count in
                SectionMetrics(
                    headerHeight: section % 2 == 0 ? 10 : 0,
                    rowHeights: (section + variant) % 3 == 0
                        ? .uniform(count: count, height: 7.5)
                        : .individual((0..<count).map { Double(4 + ($0 * 5 + section) % 9) }),
                    footerHeight: section % 3 == 1 ? 6 : 0,
                    isExpanded: (variant >> section) & 1 == 0 || section == 0)
            }
            let style: TableStyle = variant % 2 == 0 ? .plain : .grouped
            let tableHeader = variant % 4 < 2 ? 0.0 : 12
            let layout = TableLayout(
                style: style, tableHeaderHeight: tableHeader, tableFooterHeight: 3, sections: sections)
            let model = NaiveLayout(style: style, tableHeader: tableHeader, tableFooter: 3, sections: sections)
            expectLayout(layout, matches: model, atEdges: true)
        }
    }
}
