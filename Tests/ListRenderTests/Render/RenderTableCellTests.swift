// ListRenderTests — the table document's cells, accessories, switches, footers and table header and footer
import Models
import Testing

@testable import ListRender

/// A table window of one section holding `rows`, each with its cell read from its fields.
private func tableWindow(_ rows: [Fields], style: TableStyle = .insetGrouped) -> FragmentWindow {
    var window = RenderFixture.window(.table, rows: rows, style: style)
    for index in window.rows.indices {
        let cell = TableCell(window.rows[index].fields)
        window.rows[index].cell = cell
        window.rows[index].imageURL = RenderFixture.builtInIconURL(window.rows[index].fields["image"])
        if cell.hasChild { window.rows[index].child = "\(window.rows[index].id)" }
    }
    return window
}

private func html(_ rows: [Fields], style: TableStyle = .insetGrouped) -> String {
    RenderFixture.html(tableWindow(rows, style: style))
}

@Suite("Rendering table documents")
struct RenderTableCellTests {
    @Test("the window names the kind table and the style insetGrouped")
    func windowAttributes() {
        let text = html([["text": .string("A")]])
        #expect(text.contains(#"data-kind="table""#))
        #expect(text.contains(#"data-style="insetGrouped""#))
        #expect(text.contains(#"data-cell="table""#))
    }

    @Test("a default cell shows its image and text, and no detail")
    func defaultStyle() {
        let text = html([["text": .string("Wallpaper"), "detail": .string("hidden"), "image": .string("settings-wallpaper")]])
        #expect(text.contains(#"data-cell-style="default""#))
        #expect(text.contains(#"<img class="icon" src="/icons/settings-wallpaper.svg""#))
        #expect(text.contains(#"<div class="tx"><div class="t1">Wallpaper</div></div>"#))
        #expect(!text.contains("hidden"))
        RenderFixture.expectWellFormed(text)
    }

    @Test("a value1 cell puts the detail on the text's line, after it, for the right edge")
    func value1Style() {
        let text = html([["text": .string("Wi-Fi"), "detail": .string("Harbor-5G"), "style": .string("value1"), "image": .string("settings-wifi")]])
        #expect(text.contains(#"data-cell-style="value1""#))
        #expect(text.contains(#"<div class="tx v1"><span class="t1">Wi-Fi</span><span class="dt">Harbor-5G</span></div>"#))
        #expect(text.contains("settings-wifi.svg"))
    }

    @Test("a value2 cell shows the text as a label before the detail, and never an image")
    func value2Style() {
        let text = html([["text": .string("mobile"), "detail": .string("+86 138 0000 0000"), "style": .string("value2"), "image": .string("settings-wifi")]])
        #expect(text.contains(#"<div class="tx v2"><span class="lb">mobile</span><span class="dt">+86 138 0000 0000</span></div>"#))
        #expect(!text.contains("settings-wifi.svg"))
    }

    @Test("a subtitle cell puts the detail under the text")
    func subtitleStyle() {
        let text = html([["text": .string("Lin Wei"), "detail": .string("Account"), "style": .string("subtitle")]])
        #expect(text.contains(#"<div class="tx"><div class="t1">Lin Wei</div><div class="t2">Account</div></div>"#))
    }

    @Test(
        "each accessory is drawn as iOS draws it and named in data-accessory",
        arguments: [
            ("disclosureIndicator", ["/icons/chevron.svg"], ["data-action=\"detail\""]),
            ("checkmark", ["/icons/checkmark.svg", "alt=\"Checked\""], ["chevron.svg"]),
            ("detailButton", ["data-action=\"detail\"", "/icons/info.svg", "aria-label=\"More Info: Row\""], ["chevron.svg"]),
            ("detailDisclosureButton", ["data-action=\"detail\"", "/icons/info.svg", "/icons/chevron.svg"], []),
            ("none", [], ["chevron.svg", "checkmark.svg", "info.svg"]),
        ])
    func accessories(name: String, present: [String], absent: [String]) {
        let text = html([["text": .string("Row"), "accessory": .string(name)]])
        #expect(text.contains("data-accessory=\"\(name)\""))
        for needle in present { #expect(text.contains(needle), "\(name): \(needle)") }
        for needle in absent { #expect(!text.contains(needle), "\(name): \(needle)") }
        RenderFixture.expectWellFormed(text)
    }

    @Test("a switch is a button with role switch and aria-checked, in place of the accessory")
    func switches() {
        let on = html([["text": .string("Bluetooth"), "accessoryView": .string("switch"), "on": .bool(true), "accessory": .string("checkmark")]])
        #expect(on.contains(#"data-accessory="switch""#))
        // Named by the row's label, so the row's own name (its content) says the text once.
        #expect(on.contains(#"<div class="t1" id="s"#))
        #expect(on.contains(#"<button type="button" role="switch" class="toggle" data-action="toggle" data-key="on" aria-checked="true" aria-labelledby="s"#))
        #expect(!on.contains("aria-label=\""))
        #expect(!on.contains("checkmark.svg"))
        let off = html([["text": .string("Airplane Mode"), "accessoryView": .string("switch")]])
        #expect(off.contains(#"aria-checked="false""#))
    }

    @Test("a row that opens a child table shows a chevron and names the child's address")
    func childRows() {
        let text = html([["text": .string("General"), "table": .dict(["sections": .array([])])]])
        #expect(text.contains(#"data-accessory="disclosureIndicator""#))
        #expect(text.contains(#"data-child="100""#))
        #expect(text.contains("chevron.svg"))
    }

    @Test("selection style none, editing styles and a table without separators are marked for the page")
    func rowAndTableFlags() {
        var window = tableWindow([
            ["text": .string("A"), "selectionStyle": .string("none")], ["text": .string("B"), "editingStyle": .string("insert")],
            ["text": .string("C"), "editingStyle": .string("delete")],
        ])
        window.rows[2].canEdit = true
        window.table = TableAttributes(
            Dataset(
                id: "t", title: "T", kind: .table, style: .plain,
                shape: SourceShape(rootKey: "table", document: ["table": .dict(["separatorStyle": .string("none"), "allowsMultipleSelection": .bool(true)])]),
                sections: []))
        let text = RenderFixture.html(window)
        #expect(text.contains(#"data-separator="none""#))
        #expect(text.contains(#"data-selection="multiple""#))
        #expect(text.contains(#"data-selection-style="none""#))
        #expect(text.contains(#"data-editing-style="insert""#))
        #expect(text.contains(#"class="minus add" data-action="insert""#))
        #expect(RenderFixture.count(#"data-action="minus""#, in: text) == 1)
    }

    @Test("section footers, the table header and the table footer carry their roles and escaped text")
    func footersAndTableText() {
        var window = tableWindow([["text": .string("A")]])
        window.footers = [FragmentFooter(section: 0, sectionID: SectionID(1), y: 60, height: 38, title: "Turns <all> radios off")]
        window.tableHeader = FragmentTableText(y: 0, height: 48, text: "Settings & more")
        window.tableFooter = FragmentTableText(y: 98, height: 48, text: "Written for ListServer")
        let text = RenderFixture.html(window)
        #expect(text.contains(#"data-role="section-footer""#))
        #expect(text.contains("Turns &lt;all&gt; radios off"))
        #expect(text.contains(#"<div data-role="table-header" class="ttx" data-y="0" data-h="48""#))
        #expect(text.contains("Settings &amp; more"))
        #expect(text.contains(#"data-role="table-footer""#))
        #expect(text.range(of: "table-header")!.lowerBound < text.range(of: "data-row-id")!.lowerBound)
        #expect(text.range(of: "table-footer")!.lowerBound > text.range(of: "section-footer")!.lowerBound)
        RenderFixture.expectWellFormed(text)
    }

    @Test("an empty footer title is only spacing, without the section-footer role")
    func emptyFooters() {
        var window = tableWindow([["text": .string("A")]])
        window.footers = [FragmentFooter(section: 0, sectionID: SectionID(1), y: 60, height: 18)]
        #expect(!RenderFixture.html(window).contains("section-footer"))
    }

    @Test("text, detail and labels are escaped")
    func escaping() {
        let text = html([
            ["text": .string("<b>x</b>"), "detail": .string("\"q\" & <i>"), "style": .string("value1"), "accessoryView": .string("switch")],
            ["text": .string("<script>"), "accessory": .string("detailButton")],
        ])
        #expect(text.contains("&lt;b&gt;x&lt;/b&gt;"))
        #expect(text.contains("&quot;q&quot; &amp; &lt;i&gt;"))
        RenderFixture.expectWellFormed(text)
    }
}
