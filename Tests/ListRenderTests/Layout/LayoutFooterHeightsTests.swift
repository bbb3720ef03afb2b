// ListRenderTests — footer heights for editing mode
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Footer heights for editing mode")
struct LayoutFooterHeightsTests {
    @Test("a layout with new footer heights equals one built with them, and leaves the original alone")
    func derivedFootersMatchAFreshLayout() {
        let metrics = LayoutRandom.sections(40, maxRows: 20, seed: 23)
        for style in [TableStyle.plain, .grouped] {
            let layout = TableLayout(style: style, tableHeaderHeight: 10, sections: metrics)
                .withExpandedSections { $0 % 4 != 2 }
            let footers = metrics.indices.map { Double(($0 * 7) % 5) * 11 }
            let derived = layout.withFooterHeights(footers)
            let fresh = metrics.enumerated().map { index, section in
                var copy = section
                copy.footerHeight = footers[index]
                copy.isExpanded = index % 4 != 2
                return copy
            }
            expectLayout(
                derived, matches: NaiveLayout(style: style, tableHeader: 10, sections: fresh),
                windowOffsets: [0, 150, 700, 2_000])
            let original = metrics.enumerated().map { index, section in
                var copy = section
                copy.isExpanded = index % 4 != 2
                return copy
            }
            expectLayout(
                layout, matches: NaiveLayout(style: style, tableHeader: 10, sections: original),
                windowOffsets: [0, 150, 700])
            derived._checkInvariants()
        }
    }

    @Test("generic lists get a 44-point insertion row in each footer while editing; other kinds do not")
    func onlyGenericListsHaveInsertionRows() {
        for kind in DatasetKind.allCases {
            for grouped in [false, true] {
                let dataset = Dataset(
                    id: "d", title: "D", kind: kind, style: kind.defaultStyle(grouped: grouped),
                    shape: SourceShape(rootKey: nil, rowsKey: grouped ? "rows" : nil), sections: [])
                let metrics = TableMetrics(for: dataset)
                #expect(metrics.rowsCanBeInserted == (kind == .generic))
                #expect(metrics.footerHeight(isEditing: false) == metrics.footerHeight)
                #expect(metrics.footerHeight(isEditing: true) == metrics.footerHeight + (kind == .generic ? 44 : 0))
            }
        }
    }
}
