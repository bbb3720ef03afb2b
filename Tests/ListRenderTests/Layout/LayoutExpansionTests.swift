// ListRenderTests — deriving layouts for other expanded sections
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Deriving layouts for other expanded sections")
struct LayoutExpansionTests {
    @Test("a derived layout equals one built with those flags, and leaves the original alone")
    func derivedLayoutMatchesAFreshOne() {
        let metrics = LayoutRandom.sections(30, maxRows: 30, seed: 7)
        let layout = TableLayout(style: .plain, tableHeaderHeight: 25, sections: metrics)
        let flags = metrics.indices.map { $0 % 3 != 1 }
        let derived = layout.withExpandedSections(flags)
        let fresh = metrics.enumerated().map { index, section in
            var copy = section
            copy.isExpanded = flags[index]
            return copy
        }
        expectLayout(
            derived, matches: NaiveLayout(style: .plain, tableHeader: 25, sections: fresh),
            windowOffsets: [0, 100, 900])
        expectLayout(
            layout, matches: NaiveLayout(style: .plain, tableHeader: 25, sections: metrics),
            windowOffsets: [0, 100, 900])
        #expect(derived.expandedSections == flags)
        let none = layout.withExpandedSections { _ in false }
        #expect(none.contentHeight == 25 + metrics.reduce(0) { $0 + $1.headerHeight + $1.footerHeight })
        derived._checkInvariants()
    }

    @Test("a derived layout where only a few sections differ is updated in place and matches a fresh one")
    func fewChangesMatchAFreshOne() {
        var random = LayoutRandom(seed: 11)
        let metrics = (0..<1_000).map { _ in random.sectionMetrics(maxRows: 6) }
        let layout = TableLayout(style: .grouped, tableFooterHeight: 9, sections: metrics)
        var flags = layout.expandedSections
        for section in [3, 500, 999] { flags[section].toggle() }
        let derived = layout.withExpandedSections(flags)
        let fresh = metrics.enumerated().map { index, section in
            var copy = section
            copy.isExpanded = flags[index]
            return copy
        }
        let offsets = (0..<100).map { _ in Double(Int.random(in: -10...Int(derived.contentHeight) + 10, using: &random))
        }
        expectLayout(
            derived, matches: NaiveLayout(style: .grouped, tableFooter: 9, sections: fresh), windowOffsets: offsets,
            atEdges: false)
        derived._checkInvariants()
        #expect(layout.expandedSections != flags)
    }

    @Test("deriving shares the rows' storage instead of copying it")
    func derivingSharesRowStorage() {
        let layout = TableLayout(
            style: .grouped,
            sections: (0..<100).map { SectionMetrics(rowHeights: .individual([44, 60, Double($0)])) })
        let derived = layout.withExpandedSections { $0.isMultiple(of: 2) }
        let original = layout.sectionRows.withUnsafeBufferPointer { $0.baseAddress }
        #expect(derived.sectionRows.withUnsafeBufferPointer { $0.baseAddress } == original)
        #expect(
            derived.rowTotals.withUnsafeBufferPointer { $0.baseAddress }
                == layout.rowTotals.withUnsafeBufferPointer { $0.baseAddress })
    }

    @Test("mutating a derived layout leaves the layout it came from unchanged")
    func mutationsStayLocal() {
        let layout = TableLayout(
            style: .plain,
            sections: (0..<5).map { _ in SectionMetrics(headerHeight: 10, rowHeights: .individual([44, 60, 44])) })
        var derived = layout.withExpandedSections { _ in true }
        derived.setRowHeight(100, at: IndexPath(row: 1, section: 2))
        derived.deleteRow(at: IndexPath(row: 0, section: 0))
        derived.setExpanded(false, section: 4)
        #expect(layout.heightForRow(at: IndexPath(row: 1, section: 2)) == 60)
        #expect(layout.numberOfRows(inSection: 0) == 3)
        #expect(layout.contentHeight == 5 * 158)
        let change: Double = -44 + 40 - 148
        #expect(derived.contentHeight == 5 * 158 + change)
        layout._checkInvariants()
        derived._checkInvariants()
    }
}
