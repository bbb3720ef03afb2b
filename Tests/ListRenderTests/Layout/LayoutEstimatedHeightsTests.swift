// ListRenderTests — estimated heights
import Models
import Testing

@testable import ListRender

@Suite("Estimated heights")
struct LayoutEstimatedHeightsTests {
    /// Two sections of a 30-point header and 100 rows estimated at 50 points.
    func estimatedLayout() -> TableLayout {
        TableLayout(
            style: .plain, tableFooterHeight: 40,
            sections: (0..<2).map { _ in SectionMetrics(headerHeight: 30, rowHeights: .uniform(count: 100, height: 50))
            })
    }

    func measured(_ rows: Range<Int>, section: Int = 0, height: Double) -> [IndexPath: Double] {
        Dictionary(uniqueKeysWithValues: rows.map { (IndexPath(row: $0, section: section), height) })
    }

    @Test("the first visible row keeps its place on screen when rows above it are measured")
    func anchorRowStaysInPlace() {
        var layout = estimatedLayout()
        let offset = 1_040.0
        #expect(layout.indexPathForRow(at: offset) == IndexPath(row: 20, section: 0))
        let before = layout.rectForRow(at: IndexPath(row: 20, section: 0))!.y - offset
        let correction = layout.resolveHeights(measured(15..<31, height: 80), scrollOffset: offset)
        #expect(correction == 150)
        let after = layout.rectForRow(at: IndexPath(row: 20, section: 0))!.y - (offset + correction)
        #expect(after == before)
        let window = layout.window(top: offset + correction, height: 100)
        #expect(window.rows.first?.indexPath == IndexPath(row: 20, section: 0))
        let grown: Double = 16 * 30
        #expect(layout.contentHeight == 2 * 30 + 200 * 50 + grown + 40)
    }

    @Test("measuring the anchor row itself or rows below it needs no correction")
    func rowsBelowNeedNoCorrection() {
        var layout = estimatedLayout()
        #expect(layout.resolveHeights(measured(20..<40, height: 20), scrollOffset: 1_030) == 0)
        #expect(layout.rectForRow(at: IndexPath(row: 20, section: 0))?.y == 1_030)
        #expect(layout.resolveHeights(measured(0..<5, section: 1, height: 10), scrollOffset: 0) == 0)
    }

    @Test("the anchor may be a header, a footer or the end of the content")
    func otherAnchors() {
        var layout = estimatedLayout()
        let header = layout.rectForHeader(inSection: 1).y
        #expect(layout.resolveHeights(measured(90..<100, height: 20), scrollOffset: header + 5) == -300)
        #expect(layout.rectForHeader(inSection: 1).y == header - 300)
        let end = layout.contentHeight
        #expect(layout.resolveHeights(measured(0..<10, section: 1, height: 60), scrollOffset: end + 10) == 100)
        #expect(layout.resolveHeights(measured(0..<10, height: 60), scrollOffset: 10) == 0)
    }

    @Test("individual estimates are replaced the same way")
    func individualEstimates() {
        var layout = TableLayout(
            style: .grouped, sections: [SectionMetrics(rowHeights: .individual([40, 60, 40, 60, 40]))])
        let correction = layout.resolveHeights(
            [IndexPath(row: 0, section: 0): 44, IndexPath(row: 1, section: 0): 44], scrollOffset: 120)
        #expect(correction == -12)
        #expect(layout.rectForRow(at: IndexPath(row: 2, section: 0)) == TableFrame(y: 88, height: 40))
    }
}
