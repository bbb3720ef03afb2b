// ListRenderTests — fragment renderer: window markup and hooks
import Models
import Testing

@testable import ListRender

@Suite("Fragment renderer: window markup and hooks")
struct RenderFragmentTests {
    @Test("the root element carries the window's version, content height, pinned section, kind and style")
    func rootMetadata() {
        var window = RenderFixture.window(.generic, rows: [["title": .string("A")]], style: .grouped, editable: true)
        window.pinnedSection = 3
        window.contentHeight = 44_000_000.5
        let html = RenderFixture.html(window)
        #expect(html.hasPrefix("<div data-role=\"window\" data-kind=\"generic\" data-style=\"grouped\""))
        #expect(html.contains("data-version=\"7\""))
        #expect(html.contains("data-content-height=\"44000000.5\""))
        #expect(html.contains("data-pinned-section=\"3\""))
        #expect(html.contains("data-editable=\"true\""))
        #expect(html.hasSuffix("</div>"))
        RenderFixture.expectWellFormed(html)
    }

    @Test("without a pinned section the root has no pinned-section attribute")
    func noPinnedSection() {
        let html = RenderFixture.html(RenderFixture.window(.apps, rows: [["name": .string("A")]]))
        #expect(!html.contains("data-pinned-section"))
        #expect(html.contains("data-editable=\"false\""))
    }

    @Test("an empty window is just the root element")
    func emptyWindow() {
        let html = RenderFixture.html(FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 0))
        #expect(
            html == "<div data-role=\"window\" data-kind=\"friends\" data-style=\"plain\" data-version=\"1\""
                + " data-content-height=\"0\" data-editable=\"false\" data-edit-style=\"delete\"></div>")
    }

    @Test("rows of a grouped list carry their id, index path, frame, tree level, place in the group and selection state")
    func rowHooks() {
        let rows: [Fields] = [["title": .string("A")], ["title": .string("B")], ["title": .string("C")]]
        let html = RenderFixture.html(RenderFixture.window(.generic, rows: rows, isGrouped: true))
        #expect(RenderFixture.count("role=\"row\"", in: html) == 3)
        #expect(
            html.contains(
                "data-row-id=\"101\" data-section=\"0\" data-row=\"1\" data-y=\"60\" data-h=\"60\""
                    + " style=\"min-height:60px\" aria-selected=\"false\" aria-level=\"2\" aria-posinset=\"2\""
                    + " aria-setsize=\"3\" tabindex=\"-1\">"))
        #expect(html.contains("data-row-id=\"100\"") && html.contains("aria-posinset=\"1\" aria-setsize=\"3\""))
        #expect(html.contains("aria-posinset=\"3\" aria-setsize=\"3\""))
        #expect(html.contains("class=\"row c-basic first\" data-row-id=\"100\""))
        #expect(html.contains("class=\"row c-basic\" data-row-id=\"101\""))
        #expect(html.contains("class=\"row c-basic last\" data-row-id=\"102\""))
        #expect(RenderFixture.count("data-cell=\"basic\"", in: html) == 3)
    }

    @Test("rows of a flat list are a grid's: no tree level and no place in a group")
    func flatRowHooks() {
        let html = RenderFixture.html(RenderFixture.window(.generic, rows: [["title": .string("A")]]))
        #expect(html.contains("style=\"min-height:60px\" aria-selected=\"false\" tabindex=\"-1\">"))
        #expect(!html.contains("aria-setsize") && !html.contains("aria-posinset") && !html.contains("aria-level"))
    }

    @Test("a collapsible header with a link writes its title as that link, escaped")
    func headerLink() {
        let header = FragmentHeader(
            section: 0, sectionID: SectionID(3), y: 0, height: 44, title: "A & B", rowCount: 2, isExpanded: false,
            isCollapsible: true, link: "/d/friends?expanded=3&x=<")
        let html = RenderFixture.html(
            FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 44, headers: [header], isGrouped: true))
        #expect(html.contains("aria-level=\"1\" aria-expanded=\"false\""))
        #expect(html.contains("<a class=\"ht\" tabindex=\"-1\" href=\"/d/friends?expanded=3&amp;x=&lt;\">A &amp; B</a>"))
    }

    @Test("headers, rows and footers come out in table order, section by section")
    func tableOrder() throws {
        let header0 = FragmentHeader(section: 0, sectionID: SectionID(10), y: 0, height: 30, title: "H0", rowCount: 1)
        let header1 = FragmentHeader(section: 1, sectionID: SectionID(11), y: 104, height: 30, title: "H1", rowCount: 1)
        let row0 = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(1), y: 30, height: 44, fields: ["title": .string("R0")],
            setSize: 1)
        let row1 = FragmentRow(
            indexPath: IndexPath(row: 0, section: 1), id: RowID(2), y: 134, height: 44,
            fields: ["title": .string("R1")],
            setSize: 1)
        let footer0 = FragmentFooter(section: 0, sectionID: SectionID(10), y: 74, height: 30, title: "F0")
        let window = FragmentWindow(
            kind: .generic, style: .grouped, version: 1, contentHeight: 178, headers: [header0, header1],
            rows: [row0, row1], footers: [footer0])
        let html = RenderFixture.html(window)
        let order = try ["H0", "R0", "F0", "H1", "R1"].map { try #require(html.range(of: ">\($0)<")).lowerBound }
        #expect(order == order.sorted())
        #expect(
            html.contains(
                "data-cell=\"footer\" class=\"ftr ft-text\" data-role=\"section-footer\" data-section-id=\"10\" data-section=\"0\""))
        #expect(RenderFixture.count("data-cell=\"header\"", in: html) == 2)
        RenderFixture.expectWellFormed(html)
    }

    @Test("a header states its section id and index and the end of its section for pinning")
    func headerHooks() {
        let header = FragmentHeader(
            section: 4, sectionID: SectionID(99), y: 1000, height: 28, sectionMaxY: 1500.25, title: "K",
            rowCount: 10)
        let html = RenderFixture.html(
            FragmentWindow(
                kind: .generic, style: .plain, version: 2, contentHeight: 2000, pinnedSection: 4, headers: [header]))
        #expect(html.contains("data-section-id=\"99\" data-section=\"4\" data-end=\"1500.25\" data-y=\"1000\""))
        #expect(html.contains("role=\"row\" data-cell=\"header\""))
        #expect(!html.contains("aria-expanded"))
        #expect(html.contains("<span class=\"ht\">K</span>"))
    }

    @Test("rows that can be deleted get a swipe Delete button and a minus control, hidden by the page's CSS")
    func deleteControls() {
        let html = RenderFixture.html(RenderFixture.window(.heroes, rows: [["name": .string("A")]], canEdit: true))
        #expect(html.contains("data-can-edit=\"true\""))
        #expect(html.contains("<div class=\"acts t\"><button type=\"button\" class=\"act d\" data-action=\"delete\""))
        #expect(html.contains("data-action=\"minus\""))
        #expect(!html.contains("data-action=\"move\""))
        #expect(html.contains("data-edit-style=\"delete\""))
    }

    @Test("message rows that can be deleted get a selection check instead of a minus control")
    func selectionControls() {
        let html = RenderFixture.html(RenderFixture.window(.messages, rows: [["send_time": .int(0)]], canEdit: true))
        #expect(html.contains("<span class=\"check\" aria-hidden=\"true\"></span>"))
        #expect(html.contains("data-action=\"delete\""))
        #expect(!html.contains("data-action=\"minus\""))
        #expect(html.contains("data-edit-style=\"select\""))
    }

    @Test("rows that can move get a drag handle; rows that cannot be edited get no editing controls")
    func moveControls() {
        let movable = RenderFixture.html(RenderFixture.window(.heroes, rows: [["name": .string("A")]], canMove: true))
        #expect(movable.contains("<span class=\"grip\" data-action=\"move\""))
        #expect(movable.contains("data-can-move=\"true\""))
        let fixed = RenderFixture.html(RenderFixture.window(.heroes, rows: [["name": .string("A")]]))
        #expect(!fixed.contains("data-action=\"move\""))
        #expect(!fixed.contains("data-action=\"delete\""))
        #expect(!fixed.contains("data-can-"))
    }

    @Test("fractional frames are written with at most two decimals")
    func fractionalFrames() {
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(1), y: 10.333, height: 43.5, fields: [:], setSize: 1)
        let html = RenderFixture.html(
            FragmentWindow(kind: .generic, style: .plain, version: 1, contentHeight: 54, rows: [row]))
        #expect(html.contains("data-y=\"10.33\" data-h=\"43.5\" style=\"min-height:43.5px\""))
    }

    @Test("headers and footers of zero height are left out")
    func zeroHeightItems() {
        let header = FragmentHeader(section: 0, sectionID: SectionID(1), y: 0, height: 0, title: "", rowCount: 1)
        let footer = FragmentFooter(section: 0, sectionID: SectionID(1), y: 44, height: 0)
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(9), y: 0, height: 44, fields: [:], setSize: 1)
        let html = RenderFixture.html(
            FragmentWindow(
                kind: .apps, style: .plain, version: 1, contentHeight: 44, headers: [header], rows: [row],
                footers: [footer]))
        #expect(!html.contains("data-section-id"))
        #expect(html.contains("data-row-id=\"9\""))
    }
}
