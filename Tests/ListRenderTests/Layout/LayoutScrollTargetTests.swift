// ListRenderTests — scroll targets
import Models
import Testing

@testable import ListRender

@Suite("Scroll targets")
struct LayoutScrollTargetTests {
    /// Three sections of a 20-point header, ten 50-point rows and a 10-point footer: 530 each.
    func layout(_ style: TableStyle, collapsed: Set<Int> = []) -> TableLayout {
        TableLayout(
            style: style,
            sections: (0..<3).map {
                SectionMetrics(
                    headerHeight: 20, rowHeights: .uniform(count: 10, height: 50), footerHeight: 10,
                    isExpanded: !collapsed.contains($0))
            })
    }

    func target(_ layout: TableLayout, _ row: Int, _ section: Int, _ position: ScrollPosition, current: Double = 0)
        -> Double?
    {
        layout.scrollOffset(
            toRowAt: IndexPath(row: row, section: section), at: position, viewportHeight: 300, currentOffset: current)
    }

    @Test("top, middle and bottom align the row's top, centre and bottom with the viewport's")
    func alignments() {
        let table = layout(.grouped)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 1)) == TableFrame(y: 650, height: 50))
        #expect(target(table, 2, 1, .top) == 650)
        #expect(target(table, 2, 1, .middle) == 525)
        #expect(target(table, 2, 1, .bottom) == 400)
    }

    @Test("none scrolls the least that makes the row fully visible, and not at all when it is")
    func noneScrollsTheMinimum() {
        let table = layout(.grouped)
        #expect(target(table, 2, 1, .none, current: 0) == 400)
        #expect(target(table, 2, 1, .none, current: 500) == 500)
        #expect(target(table, 2, 1, .none, current: 400) == 400)
        #expect(target(table, 2, 1, .none, current: 650) == 650)
        #expect(target(table, 2, 1, .none, current: 651) == 650)
        #expect(target(table, 2, 1, .none, current: 1_000) == 650)
        let tall = TableLayout(style: .grouped, sections: [SectionMetrics(rowHeights: .individual([100, 500, 100]))])
        #expect(
            tall.scrollOffset(toRowAt: IndexPath(row: 1, section: 0), at: .none, viewportHeight: 300, currentOffset: 0)
                == 100)
    }

    @Test("targets are clamped to the content")
    func clamping() {
        let table = layout(.grouped)
        #expect(target(table, 9, 2, .top) == 1_290)
        #expect(target(table, 0, 0, .bottom) == 0)
        #expect(target(table, 0, 0, .middle) == 0)
        let short = TableLayout(style: .grouped, sections: [SectionMetrics(rowHeights: .uniform(count: 2, height: 50))])
        #expect(
            short.scrollOffset(toRowAt: IndexPath(row: 1, section: 0), at: .top, viewportHeight: 300, currentOffset: 0)
                == 0)
        #expect(table.clampedOffset(-5, viewportHeight: 300) == 0)
        #expect(table.clampedOffset(5_000, viewportHeight: 300) == 1_290)
    }

    @Test("in plain style the pinned header and footer of the row's section are kept clear")
    func plainStyleClearsPinnedViews() {
        let table = layout(.plain)
        #expect(target(table, 2, 1, .top) == 630)
        #expect(target(table, 2, 1, .bottom) == 410)
        #expect(target(table, 0, 1, .top) == 530)
        #expect(target(table, 2, 1, .none, current: 635) == 630)
        #expect(target(table, 2, 1, .none, current: 630) == 630)
        #expect(target(table, 2, 1, .none, current: 410) == 410)
        #expect(target(table, 2, 1, .none, current: 405) == 410)
        let window = table.window(top: 630, height: 300)
        #expect(window.pinnedHeader?.frame.maxY == table.rectForRow(at: IndexPath(row: 2, section: 1))?.y)
    }

    @Test("a row of a collapsed section has no target; a section's target puts its header on top")
    func sectionsAndCollapsedRows() {
        let table = layout(.plain, collapsed: [1])
        #expect(target(table, 2, 1, .top) == nil)
        #expect(table.scrollOffset(toSection: 1, viewportHeight: 300) == 530)
        #expect(table.scrollOffset(toSection: 2, viewportHeight: 300) == 560)
        #expect(layout(.plain).scrollOffset(toSection: 2, viewportHeight: 300) == 1_060)
        #expect(layout(.plain, collapsed: [2]).scrollOffset(toSection: 2, viewportHeight: 300) == 790)
    }
}
