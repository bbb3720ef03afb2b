// Web — the table document in windows: rows' cells, the table's keys, its header and footer
import ListRender
import Models

extension WindowView {
    /// Adds a table document's attributes and its header and footer (when in the window) to a fragment.
    func addTable(_ table: TableAttributes, to fragment: inout FragmentWindow) {
        fragment.table = table
        fragment.tableHeader = window.tableHeader.map { FragmentTableText(y: $0.y, height: $0.height, text: table.header ?? "") }
        fragment.tableFooter = window.tableFooter.map { FragmentTableText(y: $0.y, height: $0.height, text: table.footer ?? "") }
    }

    /// Writes a table row's members after its frame: its `style`, its `accessory` (`switch` for a switch),
    /// `child` (the address `?child=` takes) when it opens a child table, and its `fields` without the
    /// child table itself, which its own window shows.
    func writeTableRow(_ json: inout JSONOutput, _ row: Row) {
        let cell = TableCell(row.fields)
        json.member("style", cell.style.rawValue)
        json.member("accessory", cell.accessoryName)
        json.key("fields")
        if cell.hasChild {
            json.fields(Fields(row.fields.filter { $0.key != TableDocument.childKey }))
        } else {
            json.fields(row.fields)
        }
        if let opens = entry.opensTable(row.id, hasChild: cell.hasChild) { json.member("child", opens.description) }
    }

    /// Writes the window's `table` member: the table's style and keys, which child it is (`address`, and
    /// `parent`, the address of the table it was opened from, for a back control), its title, and the
    /// table header and footer with their frames when they are in the window.
    func writeTable(_ json: inout JSONOutput, _ table: TableAttributes) {
        json.key("table")
        json.beginObject()
        json.member("style", entry.dataset.style.rawValue)
        json.member("title", entry.dataset.title)
        json.member("address", entry.address.description)
        json.key("parent")
        if entry.address.isEmpty {
            json.null()
        } else {
            json.string(ChildAddress(Array(entry.address.rows.dropLast())).description)
        }
        json.member("separatorStyle", table.separatorStyle.rawValue)
        json.member("allowsSelection", table.allowsSelection)
        json.member("allowsMultipleSelection", table.allowsMultipleSelection)
        writeTableText(&json, "header", window.tableHeader, table.header)
        writeTableText(&json, "footer", window.tableFooter, table.footer)
        json.sectionIndex(titles: entry.indexTitles, sections: entry.indexSections)
        json.endObject()
    }

    private func writeTableText(_ json: inout JSONOutput, _ name: StaticString, _ frame: TableFrame?, _ text: String?) {
        json.key(name)
        guard let frame, let text else { return json.null() }
        json.beginObject()
        json.member("text", text)
        json.member("y", number: frame.y)
        json.member("height", number: frame.height)
        json.endObject()
    }
}
