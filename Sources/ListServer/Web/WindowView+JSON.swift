// Web — the window as JSON
import Bytes
import ListRender
import Models

extension WindowView {
    /// The window as the window JSON of the API (sections read through one unsafe buffer, as for
    /// ``fragmentWindow``).
    var json: [UInt8] {
        sections.withUnsafeBufferPointer { sections in
            JSONOutput.bytes(capacity: 512 + window.rows.count * 256) { json in write(&json, sections) }
        }
    }

    /// Writes the window's JSON at the end of `storage` (a response writer's body).
    func json(into storage: ByteStorage) {
        sections.withUnsafeBufferPointer { sections in
            JSONOutput.write(to: storage) { json in write(&json, sections) }
        }
    }

    /// Writes the window's JSON document.
    private func write(_ json: inout JSONOutput, _ sections: UnsafeBufferPointer<Section>) {
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
        if entry.metrics.table == nil {
            json.value { writeRows(&$0, sections) }
        } else {
            writeTableRows(&json, sections)
        }
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
    }

    /// Writes the rows array straight from the packed rows. Each run of rows of one section is read
    /// through one buffer of that section's rows, so no row is copied on the way; the members around
    /// the numbers are written as single pieces (`,"row":`).
    private func writeRows(_ json: inout JSONByteWriter, _ sections: UnsafeBufferPointer<Section>) {
        json.append(UInt8(ascii: "["))
        window.rows.withUnsafeBufferPointer { items in
            var start = 0
            while start < items.count {
                let section = items[start].indexPath.section
                var end = start + 1
                while end < items.count, items[end].indexPath.section == section { end += 1 }
                sections[section].rows.withUnsafeBufferPointer { rows in
                    for position in start..<end {
                        let item = items[position]
                        json.append(position == 0 ? "{\"section\":" : ",{\"section\":")
                        json.writeInteger(Int64(section))
                        json.append(",\"row\":")
                        json.writeInteger(Int64(item.indexPath.row))
                        json.append(",\"id\":")
                        json.writeInteger(rows[item.indexPath.row].id.rawValue)
                        json.append(",\"y\":")
                        json.writeNumber(item.frame.y)
                        json.append(",\"height\":")
                        json.writeNumber(item.frame.height)
                        if let place = entry.searchPlaces?.place(of: item.indexPath) {
                            json.append(",\"at\":{\"section\":")
                            json.writeInteger(Int64(place.section))
                            json.append(",\"row\":")
                            json.writeInteger(Int64(place.row))
                            json.append(UInt8(ascii: "}"))
                        }
                        json.append(",\"fields\":")
                        // In bounds: the window's index paths are the layout's, made from these sections' rows.
                        json.writeFields(of: rows.address(at: item.indexPath.row))
                        json.append(UInt8(ascii: "}"))
                    }
                }
                start = end
            }
        }
        json.append(UInt8(ascii: "]"))
    }

    /// Writes the rows array of a table document: each row with its cell's members.
    private func writeTableRows(_ json: inout JSONOutput, _ sections: UnsafeBufferPointer<Section>) {
        json.beginArray()
        for item in window.rows {
            let row = sections[item.indexPath.section].rows[item.indexPath.row]
            json.beginObject()
            json.member("section", item.indexPath.section)
            json.member("row", item.indexPath.row)
            json.member("id", row.id.rawValue)
            json.member("y", number: item.frame.y)
            json.member("height", number: item.frame.height)
            if let place = entry.searchPlaces?.place(of: item.indexPath) {
                json.key("at")
                json.beginObject()
                json.member("section", place.section)
                json.member("row", place.row)
                json.endObject()
            }
            writeTableRow(&json, row)
            json.endObject()
        }
        json.endArray()
    }

    private func writeSection(
        _ json: inout JSONOutput, _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>,
        withTitle: Bool, insertion: FragmentFooter.Insertion? = nil, footerTitle: String? = nil
    ) {
        // Read in place, the title from the section's keys: a copy would retain the section's storage, and
        // the title made a string would be one more allocation for a long one.
        // In bounds: the window's sections are the layout's, made from these sections.
        let section = sections.address(at: item.section)
        json.beginObject()
        json.member("section", item.section)
        json.member("sectionId", section.pointee.id.rawValue)
        if withTitle {
            json.key("title")
            TableMetrics.withTitle(of: section, kind: entry.metrics.kind) { json.string(utf8: $0) }
            json.member("rowCount", headerRowCount(item.section, rowCount: section.pointee.rows.count))
            json.member("expanded", expanded.contains(section.pointee.id))
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
