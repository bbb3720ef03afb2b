// ListRenderTests — pinned headers and footers
import Models
import Testing

@testable import ListRender

@Suite("Pinned headers and footers")
struct WindowPinningTests {
    /// Three sections of a 20-point header, three 40-point rows and a `footer`-point footer.
    func layout(_ style: TableStyle = .plain, footer: Double = 0, collapsed: Set<Int> = [], tableHeader: Double = 0)
        -> TableLayout
    {
        TableLayout(
            style: style, tableHeaderHeight: tableHeader,
            sections: (0..<3).map {
                SectionMetrics(
                    headerHeight: 20, rowHeights: .uniform(count: 3, height: 40), footerHeight: footer,
                    isExpanded: !collapsed.contains($0))
            })
    }

    func pinnedHeader(_ layout: TableLayout, top: Double) -> TableWindow.SectionItem? {
        layout.window(top: top, height: 100).pinnedHeader
    }

    @Test("the header of the section under the top edge is drawn at the top edge")
    func headerPinsAtTheTopEdge() {
        let table = layout()
        #expect(pinnedHeader(table, top: 0) == .init(section: 0, frame: TableFrame(y: 0, height: 20)))
        #expect(pinnedHeader(table, top: 50) == .init(section: 0, frame: TableFrame(y: 50, height: 20)))
        #expect(pinnedHeader(table, top: 140) == .init(section: 1, frame: TableFrame(y: 140, height: 20)))
        #expect(pinnedHeader(table, top: 300) == .init(section: 2, frame: TableFrame(y: 300, height: 20)))
    }

    @Test("the next section's header pushes the pinned header up")
    func nextHeaderPushesUp() {
        let table = layout()
        #expect(pinnedHeader(table, top: 120) == .init(section: 0, frame: TableFrame(y: 120, height: 20)))
        #expect(pinnedHeader(table, top: 125) == .init(section: 0, frame: TableFrame(y: 120, height: 20)))
        #expect(pinnedHeader(table, top: 139.5) == .init(section: 0, frame: TableFrame(y: 120, height: 20)))
        let window = table.window(top: 130, height: 100)
        #expect(window.headers.map(\.section) == [1])
        #expect(window.pinnedHeader?.frame.maxY == window.headers.first?.frame.y)
    }

    @Test("a section's footer is part of it, so the header is pushed only by the next header")
    func footerKeepsTheHeaderPinned() {
        let table = layout(footer: 10)
        #expect(pinnedHeader(table, top: 125) == .init(section: 0, frame: TableFrame(y: 125, height: 20)))
        #expect(pinnedHeader(table, top: 135) == .init(section: 0, frame: TableFrame(y: 130, height: 20)))
    }

    @Test("a collapsed section's header stays in place under the top edge")
    func collapsedSectionHeader() {
        let table = layout(collapsed: [1])
        #expect(pinnedHeader(table, top: 150) == .init(section: 1, frame: TableFrame(y: 140, height: 20)))
        #expect(pinnedHeader(table, top: 160) == .init(section: 2, frame: TableFrame(y: 160, height: 20)))
    }

    @Test("nothing pins above the first section, past the last, without a header, or in grouped style")
    func nothingPins() {
        #expect(pinnedHeader(layout(), top: -10) == nil)
        #expect(pinnedHeader(layout(), top: 420) == nil)
        #expect(pinnedHeader(layout(tableHeader: 100), top: 50) == nil)
        #expect(
            pinnedHeader(layout(tableHeader: 100), top: 100) == .init(section: 0, frame: TableFrame(y: 100, height: 20))
        )
        let grouped = layout(.grouped, footer: 10).window(top: 50, height: 100)
        #expect(grouped.pinnedHeader == nil && grouped.pinnedFooter == nil)
        let headerless = TableLayout(
            style: .plain, sections: [SectionMetrics(rowHeights: .uniform(count: 5, height: 40))])
        #expect(pinnedHeader(headerless, top: 10) == nil)
    }

    @Test("the footer of the section under the bottom edge pins there, pushed down by its section's start")
    func footerPinsAtTheBottomEdge() {
        let table = layout(footer: 10)
        #expect(
            table.window(top: 0, height: 100).pinnedFooter == .init(section: 0, frame: TableFrame(y: 90, height: 10)))
        #expect(
            table.window(top: 50, height: 100).pinnedFooter == .init(section: 0, frame: TableFrame(y: 140, height: 10)))
        #expect(
            table.window(top: 55, height: 100).pinnedFooter == .init(section: 1, frame: TableFrame(y: 150, height: 10)))
        #expect(
            table.window(top: 60, height: 100).pinnedFooter == .init(section: 1, frame: TableFrame(y: 150, height: 10)))
        #expect(
            table.window(top: 100, height: 100).pinnedFooter == .init(section: 1, frame: TableFrame(y: 190, height: 10))
        )
        #expect(table.window(top: 400, height: 100).pinnedFooter == nil)
        #expect(layout().window(top: 0, height: 100).pinnedFooter == nil)
    }
}
