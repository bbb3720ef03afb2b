// ListRenderTests — OutlineLayout on small outlines written out by hand
import Testing

@testable import ListRender

@Suite("OutlineLayout on small outlines")
struct OutlineLayoutTests {
    /// The rows a window over the whole content lists.
    func shownRows(_ layout: OutlineLayout) -> [Int] {
        layout.window(top: 0, height: layout.totalHeight).rows.map(\.row)
    }

    @Test("an empty outline has no rows, no height and empty windows")
    func emptyOutline() {
        var layout = OutlineLayout(depths: [], heights: [])
        #expect(layout.count == 0)
        #expect(layout.visibleCount == 0)
        #expect(layout.totalHeight == 0)
        #expect(layout.visibleRow(atOffset: 0) == nil)
        #expect(layout.visibleRow(atOffset: -1) == nil)
        #expect(layout.window(top: -10, height: 100, overscan: 50).rows.isEmpty)
        layout.expandAll()
        layout.collapseAll()
        #expect(layout.visibleCount == 0)
        layout._checkInvariants()
    }

    @Test("a single row is visible at 0 whether expanded or not")
    func singleRow() {
        var layout = OutlineLayout(depths: [0], heights: [44])
        #expect(layout.visibleCount == 1)
        #expect(layout.totalHeight == 44)
        #expect(layout.top(ofRow: 0) == 0)
        #expect(layout.parent(ofRow: 0) == nil)
        #expect(layout.firstChild(ofRow: 0) == nil)
        #expect(layout.nextSibling(ofRow: 0) == nil)
        #expect(layout.visibleRow(atOffset: 43.5)?.row == 0)
        #expect(layout.visibleRow(atOffset: 44) == nil)
        let changed = layout.setExpanded(true, row: 0)
        let changedAgain = layout.setExpanded(true, row: 0)
        #expect(changed && !changedAgain)
        #expect(layout.isExpanded(0))
        #expect(layout.visibleCount == 1)
        let window = layout.window(top: 10, height: 10)
        #expect(window.rows == [OutlineWindow.RowItem(row: 0, index: 0, depth: 0, frame: TableFrame(y: 0, height: 44))])
        layout._checkInvariants()
    }

    @Test("the example of the documentation shows and hides what it says")
    func documentedExample() {
        var outline = OutlineLayout(depths: [0, 1, 2, 2, 0], heights: [44, 44, 44, 44, 44])
        #expect(shownRows(outline) == [0, 4])
        outline.expand(0)
        #expect(shownRows(outline) == [0, 1, 4])
        outline.expand(1)
        #expect(shownRows(outline) == [0, 1, 2, 3, 4])
        outline.setHeight(60, ofRow: 2)
        #expect(outline.totalHeight == 236)
        #expect(outline.top(ofRow: 3) == 148)
        #expect(outline.window(top: 0, height: 800, overscan: 200).rows.map(\.depth) == [0, 1, 2, 2, 0])
        outline.collapse(0)
        #expect(shownRows(outline) == [0, 4])
        #expect(outline.isExpanded(1))
        #expect(!outline.isVisible(2))
        #expect(outline.top(ofRow: 2) == nil)
        #expect(outline.nearestVisibleRow(to: 3) == 0)
        outline.expand(0)
        #expect(shownRows(outline) == [0, 1, 2, 3, 4])
        outline._checkInvariants()
    }

    @Test("collapsing the root of everything leaves one row, and expanding it restores the rest")
    func collapseRootOfEverything() {
        // One root; 1,000 rows under it in 10 groups of 1 + 99, crossing many blocks.
        let depths = [0] + (0..<1_000).map { $0 % 100 == 0 ? 1 : 2 }
        var layout = OutlineLayout(depths: depths, height: 10) { _ in true }
        #expect(layout.visibleCount == 1_001)
        layout.collapse(0)
        #expect(layout.visibleCount == 1)
        #expect(layout.totalHeight == 10)
        #expect(shownRows(layout) == [0])
        #expect((1...1_000).allSatisfy { !layout.isVisible($0) })
        layout.setHeight(20, ofRow: 500)
        #expect(layout.totalHeight == 10)
        layout._checkInvariants()
        layout.expand(0)
        #expect(layout.visibleCount == 1_001)
        #expect(layout.totalHeight == 10_020)
        #expect(layout.top(ofRow: 501) == 5_020)
        #expect(layout.visibleRow(atOffset: 5_019.5)?.row == 500)
        layout.collapse(101)
        #expect(layout.visibleCount == 1_001 - 99)
        #expect(layout.visibleRow(after: 101) == 201)
        #expect(layout.window(top: 1_010, height: 20).rows.map(\.row) == [101, 201])
        layout._checkInvariants()
    }

    @Test("a deep chain shows down to its first collapsed row, at every depth")
    func deepChain() {
        let count = 3_000
        var layout = OutlineLayout(depths: Array(0..<count), height: 1)
        #expect(layout.visibleCount == 1)
        layout.expandAll()
        #expect(layout.visibleCount == count)
        #expect(layout.top(ofRow: count - 1) == Double(count - 1))
        #expect(layout.parent(ofRow: 2_000) == 1_999)
        #expect(layout.firstChild(ofRow: 2_000) == 2_001)
        #expect(layout.descendantCount(ofRow: 1_000) == 1_999)
        for row in stride(from: count - 1, through: 0, by: -499) {
            layout.collapse(row)
            #expect(layout.visibleCount == row + 1)
            #expect(layout.nearestVisibleRow(to: count - 1) == row)
        }
        layout._checkInvariants()
        layout.collapseAll()
        #expect(layout.visibleCount == 1)
        layout.expand(0)
        #expect(layout.visibleCount == 2)
        layout._checkInvariants()
    }

    @Test("ranges that start and end on block boundaries add and remove their marks exactly")
    func blockBoundaries() {
        let size = OutlineMarkTree.blockSize
        for children in [size - 1, size, size + 1, 2 * size - 1, 2 * size, 4 * size, 4 * size + 1] {
            for lead in [0, 1, size - 1] {
                // `lead` top-level rows, then one row with `children` children, then one more row.
                let depths = Array(repeating: 0, count: lead) + [0] + Array(repeating: 1, count: children) + [0]
                var layout = OutlineLayout(depths: depths, height: 2)
                #expect(layout.visibleCount == lead + 2)
                layout.expand(lead)
                #expect(layout.visibleCount == lead + 2 + children, "\(children) children after \(lead) rows")
                #expect(layout.top(ofRow: lead + children + 1) == Double(2 * (lead + children + 1)))
                layout._checkInvariants()
                layout.collapse(lead)
                #expect(layout.visibleCount == lead + 2)
                #expect(layout.visibleRow(atOffset: Double(2 * lead + 2))?.row == lead + children + 1)
                layout._checkInvariants()
            }
        }
    }

    @Test("rows of height 0 hold no offset and are left out of windows, but keep their place")
    func zeroHeightRows() {
        var layout = OutlineLayout(depths: [0, 0, 0], heights: [10, 0, 10])
        #expect(layout.visibleRow(atOffset: 10)?.row == 2)
        #expect(layout.window(top: 0, height: 20).rows.map(\.row) == [0, 2])
        #expect(layout.window(top: 0, height: 20).rows.map(\.index) == [0, 2])
        #expect(layout.visibleIndex(ofRow: 1) == 1)
        #expect(layout.top(ofRow: 1) == 10)
        layout.setHeight(5, ofRow: 1)
        #expect(layout.visibleRow(atOffset: 10)?.row == 1)
        #expect(layout.totalHeight == 25)
        layout._checkInvariants()
    }
}
