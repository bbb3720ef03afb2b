// ListRender — the table document: cells in UIKit's styles, accessories, switches, table header and footer
import Models

extension FragmentRenderer {
    /// Writes the window's table attributes, inside the window's opening tag: `data-separator="none"`
    /// for a table without separators, and `data-selection` (`none`, `single`, `multiple`).
    static func renderTableAttributes(_ table: TableAttributes, into html: inout HTMLBuffer) {
        if table.separatorStyle == .none { html.raw("\" data-separator=\"none") }
        if !table.allowsSelection {
            html.raw("\" data-selection=\"none")
        } else {
            html.raw(table.allowsMultipleSelection ? "\" data-selection=\"multiple" : "\" data-selection=\"single")
        }
    }

    /// Writes the table header or footer: a block of text at its frame.
    /// - Parameter role: `table-header` or `table-footer`.
    static func renderTableText(_ item: FragmentTableText, role: StaticString, into html: inout HTMLBuffer) {
        html.raw("<div data-role=\"")
        html.raw(role)
        html.raw("\" class=\"ttx")
        renderFrame(y: item.y, height: item.height, sizing: .minimum, into: &html)
        html.raw("\"><p>")
        html.text(item.text)
        html.raw("</p></div>")
    }

    /// Writes a table row's own attributes inside its opening tag: `data-cell-style`, `data-accessory`
    /// (`switch` for a switch), `data-selection-style="none"` for a row that does not highlight,
    /// `data-editing-style` when it has one, and `data-child` with the address of the child table it opens.
    static func renderTableRowAttributes(
        _ cell: TableCell, child: UnsafeRawBufferPointer?, into html: inout HTMLBuffer
    ) {
        html.raw("\" data-cell-style=\"")
        html.text(cell.style.rawValue)
        html.raw("\" data-accessory=\"")
        html.text(cell.accessoryName)
        if cell.selectionStyle == .none { html.raw("\" data-selection-style=\"none") }
        if cell.editingStyle != .none {
            html.raw("\" data-editing-style=\"")
            html.text(cell.editingStyle.rawValue)
        }
        if let child {
            html.raw("\" data-child=\"")
            html.text(utf8: child)
        }
        if cell.isChoice { html.raw("\" data-choice=\"single") }
        if cell.movesWithinSection { html.raw("\" data-move-within=\"section") }
    }

    /// Writes a table row's cell as UIKit lays out its style, then its accessory:
    /// - `default`: the image, then the text;
    /// - `value1`: the image, the text, and the detail right-aligned on the same line in grey;
    /// - `value2`: the text as a short blue right-aligned label, then the detail left-aligned; no image;
    /// - `subtitle`: the image, the text, and the detail under it in smaller type.
    ///
    /// Texts are in the reader's language where the row gives them (``localizedText(_:_:language:)``); a text
    /// field or a slider takes the accessory's place.
    static func renderTableCell(_ row: FragmentRow.Lent, into html: inout HTMLBuffer) {
        let fields = row.fields.pointee
        let cell = row.cell ?? TableCell(fields)
        let (language, reader) = (html.language, html.reader)
        let text = localizedText(fields, "text", language: language, reader: reader) ?? ""
        let detail = choiceDetail(fields, language: language, reader: reader)
            ?? localizedText(fields, "detail", language: language, reader: reader)
        if cell.indentationLevel > 0 {
            // indentationWidth (10 px) a level; the negative margin takes back the cell's gap.
            html.raw("<span aria-hidden=\"true\" style=\"flex:none;margin-right:-12px;width:")
            html.int(cell.indentationLevel * 10)
            html.raw("px\"></span>")
        }
        if cell.style != .value2, fields["image"] != nil {
            renderIcon(row.imageURL, size: 29, fallback: text, into: &html)
        }
        // A switch is named by the row's text (`aria-labelledby`, which the row's own name from its content
        // passes over), so assistive technology says the text once, not as the row's name and the switch's.
        let switchLabel = cell.accessoryView == .switch ? row.id : nil
        switch cell.style {
        case .default:
            html.raw("<div class=\"tx\"><div class=\"t1\"")
            writeLabelID(switchLabel, into: &html)
            renderLabel(text, child: row.child, into: &html)
            html.raw("</div></div>")
        case .subtitle:
            html.raw("<div class=\"tx\"><div class=\"t1\"")
            writeLabelID(switchLabel, into: &html)
            renderLabel(text, child: row.child, into: &html)
            html.raw("</div>")
            // A Settings pane's note that its file is missing is a sentence: it wraps rather than being cut.
            let wraps = fields["missingFile"] != nil
            renderLine(
                detail, open: wraps ? "<div class=\"t2\" style=\"white-space:normal\">" : "<div class=\"t2\">",
                close: "</div>", into: &html)
            html.raw("</div>")
        case .value1:
            html.raw("<div class=\"tx v1\"><span class=\"t1\"")
            writeLabelID(switchLabel, into: &html)
            renderLabel(text, child: row.child, into: &html)
            html.raw("</span>")
            renderLine(detail, open: "<span class=\"dt\">", close: "</span>", into: &html)
            html.raw("</div>")
        case .value2:
            html.raw("<div class=\"tx v2\"><span class=\"lb\"")
            writeLabelID(switchLabel, into: &html)
            renderLabel(text, child: row.child, into: &html)
            html.raw("</span><span class=\"dt\">")
            html.cellText(detail ?? "")
            html.raw("</span></div>")
        }
        switch cell.accessoryView {
        case .textField: renderTextField(fields, label: text, into: &html)
        case .slider: renderSlider(fields, label: text, into: &html)
        case .switch, nil: renderAccessory(cell, label: text, labelID: switchLabel, into: &html)
        }
    }

    /// Ends a label's opening tag, with the id a switch is named by (`s` and the row's id) when `id` is given.
    static func writeLabelID(_ id: RowID?, into html: inout HTMLBuffer) {
        if let id {
            html.raw(" id=\"s")
            html.int(Int(id.rawValue))
            html.raw("\"")
        }
        html.raw(">")
    }

    /// Writes a row's text; a row that opens a child table makes it a link to the child (`?child=…` on the
    /// same page, the language kept) that covers the whole cell, so the row opens its table without the
    /// script too (the script takes the click and pushes the child instead).
    static func renderLabel(_ text: String, child: UnsafeRawBufferPointer?, into html: inout HTMLBuffer) {
        guard let child else { return html.cellText(text) }
        html.raw("<a class=\"cl\" href=\"?child=")
        html.text(utf8: child)
        if let language = html.linkLanguage {
            html.raw("&amp;lang=")
            html.text(language)
        }
        html.raw("\">")
        html.cellText(text)
        html.raw("</a>")
    }

    /// Writes the accessory as iOS draws it: a switch (`role="switch"`, `aria-checked`), else a chevron, a
    /// checkmark in the tint colour, an ⓘ button (`data-action="detail"`) or an ⓘ button and a chevron.
    /// - Parameters:
    ///   - label: the row's text, which names the switch and the info button for assistive technology.
    ///   - labelID: the row whose label (``writeLabelID(_:into:)``) names the switch; nil names it `label`.
    static func renderAccessory(_ cell: TableCell, label: String, labelID: RowID? = nil, into html: inout HTMLBuffer) {
        if cell.accessoryView == .switch {
            html.raw("<button type=\"button\" role=\"switch\" class=\"toggle\" data-action=\"toggle\" data-key=\"on\"")
            html.raw(cell.isOn ? " aria-checked=\"true\"" : " aria-checked=\"false\"")
            if let labelID {
                html.raw(" aria-labelledby=\"s")
                html.int(Int(labelID.rawValue))
            } else {
                html.raw(" aria-label=\"")
                html.text(label)
            }
            html.raw("\" tabindex=\"-1\"></button>")
            return
        }
        switch cell.accessory {
        case .none:
            break
        case .disclosureIndicator:
            renderChevron(into: &html)
        case .checkmark:
            html.raw("<img class=\"acc chk\" src=\"")
            html.url(of: .checkmark)
            html.raw("\" alt=\"")
            html.raw(html.language.pick(.checked))
            html.raw("\" width=\"20\" height=\"20\">")
        case .detailButton:
            renderInfoButton(label: label, into: &html)
        case .detailDisclosureButton:
            renderInfoButton(label: label, into: &html)
            renderChevron(into: &html)
        }
    }

    static func renderChevron(into html: inout HTMLBuffer) {
        html.raw("<img class=\"acc chev\" src=\"")
        html.url(of: .chevron)
        html.raw("\" alt=\"\" width=\"14\" height=\"14\">")
    }

    static func renderInfoButton(label: String, into html: inout HTMLBuffer) {
        html.raw("<button type=\"button\" class=\"acc info\" data-action=\"detail\" aria-label=\"")
        html.raw(html.language.pick(.moreInfo))
        html.text(label)
        html.raw("\" tabindex=\"-1\"><img src=\"")
        html.url(of: .info)
        html.raw("\" alt=\"\" width=\"22\" height=\"22\"></button>")
    }
}
