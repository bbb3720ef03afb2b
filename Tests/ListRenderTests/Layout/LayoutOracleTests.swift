// ListRenderTests — TableLayout against a linear model
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("TableLayout against a linear model")
struct LayoutOracleTests {
    @Test(
        "windows, frames and hit tests match a linear scan on seeded random layouts",
        arguments: [TableStyle.plain, .grouped], 1...25)
    func randomLayoutsMatchTheModel(style: TableStyle, seed: UInt64) {
        var random = LayoutRandom(seed: seed * 7919 + (style == .plain ? 0 : 1))
        let sections = (0..<Int.random(in: 0...24, using: &random)).map { _ in random.sectionMetrics(maxRows: 40) }
        let header = random.height(upTo: 60, zeroChance: 0.5)
        let footer = random.height(upTo: 60, zeroChance: 0.5)
        let layout = TableLayout(style: style, tableHeaderHeight: header, tableFooterHeight: footer, sections: sections)
        let model = NaiveLayout(style: style, tableHeader: header, tableFooter: footer, sections: sections)
        let content = model.contentHeight
        let offsets = (0..<200).map { _ in
            Double(Int.random(in: -400...(Int(content) * 4 + 400), using: &random)) / 4
        }
        expectLayout(layout, matches: model, windowOffsets: offsets)
        layout._checkInvariants()
    }

    @Test("sections with hundreds of rows, deep enough for branch nodes, match the model")
    func largeSectionsMatchTheModel() {
        var random = LayoutRandom(seed: 42)
        let sections = (0..<6).map { index in
            SectionMetrics(
                headerHeight: random.height(upTo: 30),
                rowHeights: .individual((0..<(index * 900)).map { _ in random.height() }),
                footerHeight: random.height(upTo: 30, zeroChance: 0.5))
        }
        let layout = TableLayout(style: .plain, sections: sections)
        let model = NaiveLayout(style: .plain, sections: sections)
        let offsets = (0..<300).map { _ in Double(Int.random(in: -100...Int(model.contentHeight) + 100, using: &random))
        }
        expectLayout(layout, matches: model, windowOffsets: offsets, atEdges: false)
        layout._checkInvariants()
    }

    @Test("the window lists only items of non-zero height that overlap the grown viewport")
    func windowListsOnlyOverlappingItems() {
        let layout = TableLayout(
            style: .grouped, tableHeaderHeight: 100,
            sections: [
                SectionMetrics(headerHeight: 30, rowHeights: .individual([44, 0, 44]), footerHeight: 0),
                SectionMetrics(headerHeight: 0, rowHeights: .uniform(count: 2, height: 50), footerHeight: 20),
            ])
        let window = layout.window(top: 100, height: 74)
        #expect(window.tableHeader == nil)
        #expect(window.headers.map(\.section) == [0])
        #expect(window.rows.map(\.indexPath) == [IndexPath(row: 0, section: 0)])
        #expect(window.footers.isEmpty)
        let wider = layout.window(top: 100, height: 74, overscan: 10)
        #expect(wider.tableHeader == TableFrame(y: 0, height: 100))
        #expect(wider.rows.map(\.indexPath) == [IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)])
        #expect(wider.rows.map(\.frame) == [TableFrame(y: 130, height: 44), TableFrame(y: 174, height: 44)])
        let end = layout.window(top: 300, height: 100)
        #expect(end.rows.map(\.indexPath) == [IndexPath(row: 1, section: 1)])
        #expect(end.footers == [TableWindow.SectionItem(section: 1, frame: TableFrame(y: 318, height: 20))])
        #expect(end.contentHeight == 338)
    }

    @Test("hit tests are nil in headers, footers, the table header and footer, collapsed sections and outside")
    func hitTestsFollowUIKit() {
        let layout = TableLayout(
            style: .plain, tableHeaderHeight: 10, tableFooterHeight: 10,
            sections: [
                SectionMetrics(headerHeight: 20, rowHeights: .uniform(count: 2, height: 40), footerHeight: 5),
                SectionMetrics(headerHeight: 20, rowHeights: .uniform(count: 3, height: 40), isExpanded: false),
            ])
        #expect(layout.indexPathForRow(at: -1) == nil)
        #expect(layout.indexPathForRow(at: 5) == nil)
        #expect(layout.indexPathForRow(at: 29.9) == nil)
        #expect(layout.indexPathForRow(at: 30) == IndexPath(row: 0, section: 0))
        #expect(layout.indexPathForRow(at: 70) == IndexPath(row: 1, section: 0))
        #expect(layout.indexPathForRow(at: 110) == nil)
        #expect(layout.indexPathForRow(at: 120) == nil)
        #expect(layout.indexPathForRow(at: 140) == nil)
        #expect(layout.indexPathForRow(at: 10_000) == nil)
        #expect(layout.rectForRow(at: IndexPath(row: 1, section: 1)) == nil)
        #expect(layout.rectForSection(1) == TableFrame(y: 115, height: 20))
        #expect(layout.indexPathsForRows(in: TableFrame(y: 0, height: 1_000)).count == 2)
        #expect(layout.indexPathsForRows(in: TableFrame(y: 70, height: 0)).isEmpty)
        #expect(layout.contentHeight == 145)
    }
}
