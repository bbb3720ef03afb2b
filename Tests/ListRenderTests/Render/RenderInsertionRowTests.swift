// ListRenderTests — the insertion row of editing mode
import Models
import Testing

@testable import ListRender

@Suite("The insertion row of editing mode")
struct RenderInsertionRowTests {
    private static func window(insertion: FragmentFooter.Insertion?, rowEndsGroup: Bool) -> FragmentWindow {
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(5), y: 0, height: 44,
            fields: ["name": .string("Milk")], setSize: 1, canEdit: true,
            endsGroup: rowEndsGroup)
        let footer = FragmentFooter(
            section: 0, sectionID: SectionID(2), y: 44, height: 56, title: "", insertion: insertion)
        return FragmentWindow(
            kind: .generic, style: .grouped, version: 3, contentHeight: 100, rows: [row], footers: [footer],
            editable: true, hasInsertionRows: insertion != nil)
    }

    @Test("a footer with an insertion row is a focusable row whose plus names where the new row goes")
    func insertionFooterMarkup() {
        let insertion = FragmentFooter.Insertion(height: 44, row: 1, titleKey: #"na"me<"#)
        let html = RenderFixture.html(Self.window(insertion: insertion, rowEndsGroup: false))
        #expect(html.contains(#"data-editing="true""#))
        #expect(html.contains(#"<div role="row" data-cell="footer" class="ftr ins" data-section-id="2""#))
        #expect(html.contains(#"data-row="1" data-key="na&quot;me&lt;""#))
        #expect(html.contains(#"data-action="insert" aria-label="Add a row""#))
        #expect(html.contains(#"<div class="rc" role="gridcell" style="height:44px">"#))
        #expect(html.contains(">Add Row</span>"))
        #expect(!html.contains(" last\""), "the row above an insertion row does not close its group")
        RenderFixture.expectWellFormed(html)
    }

    @Test("the insertion row of an empty section is also its first")
    func emptySectionInsertionIsFirst() {
        let insertion = FragmentFooter.Insertion(height: 44, row: 0, titleKey: "title")
        let html = RenderFixture.html(Self.window(insertion: insertion, rowEndsGroup: false))
        #expect(html.contains(#"class="ftr ins first""#))
    }

    @Test("outside editing mode a footer is plain spacing, not a row, and the last row closes its group")
    func plainFooterMarkup() {
        let html = RenderFixture.html(Self.window(insertion: nil, rowEndsGroup: true))
        #expect(!html.contains("data-editing"))
        #expect(!html.contains("data-action=\"insert\""))
        #expect(html.contains(#"<div data-cell="footer" class="ftr" data-section-id="2""#))
        #expect(html.contains(#"class="row c-basic first last""#))
        RenderFixture.expectWellFormed(html)
    }
}
