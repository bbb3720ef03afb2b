// ListRenderTests — inserting rows into an OutlineLayout and removing subtrees
import Testing

@testable import ListRender

@Suite("OutlineLayout insertions and removals")
struct OutlineMutationTests {
    @Test("inserted children show under an expanded parent and keep the other rows' state")
    func insertChildren() {
        var layout = OutlineLayout(depths: [0, 1, 0], heights: [10, 20, 30]) { $0 == 0 }
        layout.setHeight(25, ofRow: 1)
        layout.insert(depths: [1, 2], heights: [5, 6], at: 2) { _ in true }
        #expect(layout.count == 5)
        #expect((0..<5).map { layout.depth(ofRow: $0) } == [0, 1, 1, 2, 0])
        #expect(layout.window(top: 0, height: 1_000).rows.map(\.row) == [0, 1, 2, 3, 4])
        #expect(layout.height(ofRow: 1) == 25)
        #expect(layout.parent(ofRow: 3) == 2)
        #expect(layout.descendantCount(ofRow: 0) == 3)
        #expect(layout.totalHeight == 76)
        layout._checkInvariants()
    }

    @Test("removing a subtree removes its descendants and nothing else")
    func removeSubtree() {
        var layout = OutlineLayout(depths: [0, 1, 2, 1, 0], height: 10) { _ in true }
        layout.removeSubtree(ofRow: 1)
        #expect((0..<layout.count).map { layout.depth(ofRow: $0) } == [0, 1, 0])
        #expect(layout.visibleCount == 3)
        layout.removeSubtree(ofRow: 0)
        #expect(layout.count == 1)
        layout.removeSubtree(ofRow: 0)
        #expect(layout.count == 0)
        #expect(layout.totalHeight == 0)
        layout.insert(depths: [0], heights: [7], at: 0)
        #expect(layout.totalHeight == 7)
        layout._checkInvariants()
    }
}
