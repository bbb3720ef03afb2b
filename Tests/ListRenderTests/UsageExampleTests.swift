// ListRenderTests — the usage examples at the top of the engine's main types, run as written
import Models
import Testing

@testable import ListRender

@Suite("Usage examples in the documentation")
struct UsageExampleTests {
    @Test("the TableLayout example lays out, toggles, resizes and scrolls")
    func tableLayout() throws {
        var layout = TableLayout(
            style: .plain,
            sections: [
                SectionMetrics(headerHeight: 28, rowHeights: .uniform(count: 1_000, height: 44)),
                SectionMetrics(headerHeight: 28, rowHeights: .individual([60, 80, 44]), isExpanded: false),
            ])
        let window = layout.window(top: 440, height: 900, overscan: 200)
        #expect(window.rows.first?.indexPath == IndexPath(row: 4, section: 0))  // 440 - 200 of overscan
        #expect(window.pinnedHeader?.section == 0)
        layout.setExpanded(true, section: 1)
        layout.setRowHeight(120, at: IndexPath(row: 2, section: 1))
        #expect(layout.contentHeight == 28 + 44_000 + 28 + 60 + 80 + 120)
        let offset = layout.scrollOffset(
            toRowAt: IndexPath(row: 0, section: 1), at: .top, viewportHeight: 900, currentOffset: 440)
        #expect(offset == layout.contentHeight - 900)  // the last screenful: the offset is clamped
    }

    @Test("the SnapshotDiff example gives a batch that reproduces the new snapshot")
    func snapshotDiff() throws {
        let old = TableSnapshot(sections: [SnapshotSection(id: SectionID(1), rows: [RowID(10), RowID(11), RowID(12)])])
        let new = TableSnapshot(sections: [SnapshotSection(id: SectionID(1), rows: [RowID(12), RowID(10), RowID(13)])])
        let batch = SnapshotDiff.batch(from: old, to: new)
        #expect(batch.deletedRows == [IndexPath(row: 1, section: 0)])
        #expect(batch.insertedRows.count == 1)
        let result = try old.applying(batch)
        #expect(result.snapshot == new)
    }

    @Test("the FragmentRenderer example escapes the row's text")
    func fragmentRenderer() {
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(7), y: 0, height: 44,
            fields: ["title": .string("Wi-Fi <home>")], setSize: 1)
        let window = FragmentWindow(kind: .generic, style: .plain, version: 3, contentHeight: 44, rows: [row])
        let html = String(decoding: FragmentRenderer.render(window), as: UTF8.self)
        #expect(html.hasPrefix("<div data-role=\"window\""))
        #expect(html.contains("Wi-Fi &lt;home&gt;"))
        #expect(!html.contains("<home>"))
    }
}
