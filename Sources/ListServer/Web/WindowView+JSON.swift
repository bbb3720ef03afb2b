// Web — the window as JSON
import ListRender
import Models

extension WindowView {
    /// The window as the window JSON of the API (sections read through one unsafe buffer, as for
    /// ``fragmentWindow``).
    var json: [UInt8] {
        sections.withUnsafeBufferPointer { sections in
            var json = JSONOutput(capacity: 256 + window.rows.count * 160)
            json.beginObject()
            json.member("version", entry.dataset.version)
            json.member("contentHeight", number: window.contentHeight)
            json.member("expanded", expanded.description)
            if let matches { json.member("matches", matches) }
            json.key("pinnedHeader")
            if let pinned = window.pinnedHeader {
                writeSection(&json, pinned, sections, withTitle: true)
            } else {
                json.null()
            }
            json.key("headers")
            json.beginArray()
            for item in window.headers { writeSection(&json, item, sections, withTitle: true) }
            json.endArray()
            json.key("rows")
            json.beginArray()
            for item in window.rows {
                let row = sections[item.indexPath.section].rows[item.indexPath.row]
                json.beginObject()
                json.member("section", item.indexPath.section)
                json.member("row", item.indexPath.row)
                json.member("id", row.id.rawValue)
                json.member("y", number: item.frame.y)
                json.member("height", number: item.frame.height)
                if entry.metrics.table != nil {
                    writeTableRow(&json, row)
                } else {
                    json.key("fields")
                    json.fields(row.fields)
                }
                json.endObject()
            }
            json.endArray()
            json.key("footers")
            json.beginArray()
            for item in window.footers {
                writeSection(
                    &json, item, sections, withTitle: false, insertion: insertion(in: sections[item.section]),
                    footerTitle: entry.metrics.table != nil ? entry.metrics.footerTitle(of: sections[item.section]) : nil)
            }
            json.endArray()
            if let table = entry.metrics.table { writeTable(&json, table) }
            json.endObject()
            return json.bytes
        }
    }

    private func writeSection(
        _ json: inout JSONOutput, _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>,
        withTitle: Bool, insertion: FragmentFooter.Insertion? = nil, footerTitle: String? = nil
    ) {
        let section = sections[item.section]
        json.beginObject()
        json.member("section", item.section)
        json.member("sectionId", section.id.rawValue)
        if withTitle {
            json.member("title", entry.metrics.title(of: section))
            json.member("rowCount", headerRowCount(item.section, section))
            json.member("expanded", expanded.contains(section.id))
        }
        if let footerTitle { json.member("title", footerTitle) }
        json.member("y", number: item.frame.y)
        json.member("height", number: item.frame.height)
        if let insertion {
            json.key("insertion")
            json.beginObject()
            json.member("height", number: insertion.height)
            json.member("row", insertion.row)
            json.member("titleKey", insertion.titleKey)
            json.endObject()
        }
        json.endObject()
    }
}
