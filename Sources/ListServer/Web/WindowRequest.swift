// ListServer — ListServer
import HTTPServer
import ListRender
import Models

/// A window asked for by `…/window` or `…/fragment`: the viewport and the expanded sections.
struct WindowRequest: Sendable, Equatable {
    var top: Double
    var height: Double
    var overscan: Double
    /// nil: the kind's default.
    var expanded: ExpandedSections?
    /// Whether the window is laid out for editing mode: kinds whose rows can be inserted then end
    /// every section with an insertion row.
    var isEditing = false

    /// The tallest viewport and overscan a request may ask for, which bounds a response.
    static let maximumHeight = 20_000.0
    static let maximumOverscan = 5_000.0

    /// Reads `top`, `height`, `overscan`, `expanded` and `editing` from the query.
    /// - Throws: ``HTTPError`` `400` naming the parameter.
    init(_ request: HTTPRequest) throws(HTTPError) {
        top = try Self.number(request, "top", default: 0, range: -1e12...1e12)
        height = try Self.number(request, "height", default: 800, range: 0...Self.maximumHeight)
        overscan = try Self.number(request, "overscan", default: 0, range: 0...Self.maximumOverscan)
        expanded = try request.query("expanded").map { text throws(HTTPError) in try ExpandedSections.parse(text) }
        switch request.query("editing") {
        case nil, "false", "0": isEditing = false
        case "true", "1": isEditing = true
        case let text?: throw HTTPError.badRequest("editing must be true, false, 1 or 0, found \"\(text)\"")
        }
    }

    private static func number(
        _ request: HTTPRequest, _ name: String, default value: Double, range: ClosedRange<Double>
    ) throws(HTTPError) -> Double {
        guard let text = request.query(name) else { return value }
        guard let number = Double(text), number.isFinite, range.contains(number) else {
            throw HTTPError.badRequest(
                "\(name) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), found \"\(text)\"")
        }
        return number
    }
}

/// One computed window of a dataset version, ready to be written as JSON or as an HTML fragment.
struct WindowView {
    let entry: DatasetEntry
    let expanded: ExpandedSections
    /// Whether the sections end with insertion rows (editing mode, a kind whose rows can be inserted).
    let hasInsertionRows: Bool
    let layout: TableLayout
    let window: TableWindow
    /// The dataset's sections, read once rather than through `entry` for every item.
    private let sections: [Section]

    /// - Complexity: O(sections) the first time an expanded set is seen, then O(log n + k).
    init(entry: DatasetEntry, request: WindowRequest) {
        self.entry = entry
        expanded = request.expanded ?? entry.defaultExpanded
        hasInsertionRows = entry.hasInsertionRows(isEditing: request.isEditing)
        layout = entry.layout(for: expanded, isEditing: hasInsertionRows)
        window = layout.window(top: request.top, height: request.height, overscan: request.overscan)
        sections = entry.dataset.sections
    }

    /// The JSON of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else as ``json``.
    static func json(entry: DatasetEntry, request: WindowRequest) -> [UInt8] {
        entry.responses.response(for: cacheKey(.json, entry, request)) {
            WindowView(entry: entry, request: request).json
        }
    }

    /// The HTML fragment of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else O(log n + k).
    static func fragment(entry: DatasetEntry, request: WindowRequest) -> [UInt8] {
        entry.responses.response(for: cacheKey(.fragment, entry, request)) {
            FragmentRenderer.render(WindowView(entry: entry, request: request).fragmentWindow)
        }
    }

    private static func cacheKey(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> ResponseCache.Key {
        ResponseCache.Key(
            format: format, top: request.top, height: request.height, overscan: request.overscan,
            expanded: request.expanded ?? entry.defaultExpanded,
            isEditing: entry.hasInsertionRows(isEditing: request.isEditing))
    }

    private func header(_ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>) -> FragmentHeader {
        let section = sections[item.section]
        return FragmentHeader(
            section: item.section, sectionID: section.id, y: item.frame.y, height: item.frame.height,
            sectionMaxY: layout.rectForSection(item.section).maxY, title: entry.metrics.title(of: section),
            fields: section.fields, rowCount: section.rows.count,
            isExpanded: expanded.contains(section.id), isCollapsible: entry.metrics.sectionsAreCollapsible)
    }

    private func row(
        _ item: TableWindow.RowItem, _ sections: UnsafeBufferPointer<Section>, _ metrics: TableMetrics
    ) -> FragmentRow {
        let rows = sections[item.indexPath.section].rows
        let row = rows[item.indexPath.row]
        let lines = metrics.kind == .heroes
            ? TableMetrics.descriptionLineCount(row.fields["desc"]?.stringValue ?? "") : nil
        return FragmentRow(
            indexPath: item.indexPath, id: row.id, y: item.frame.y, height: item.frame.height, fields: row.fields,
            setSize: rows.count, canEdit: metrics.rowsCanBeEdited, canMove: metrics.rowsCanBeMoved,
            lineCount: lines, endsGroup: !hasInsertionRows && item.indexPath.row == rows.count - 1)
    }

    /// The window for the HTML renderer.
    ///
    /// The sections are read through one unsafe buffer, so the array is not retained and released for
    /// every item.
    var fragmentWindow: FragmentWindow {
        let metrics = entry.metrics
        return sections.withUnsafeBufferPointer { sections in
            var headers: [FragmentHeader] = []
            headers.reserveCapacity(window.headers.count + 1)
            // The pinned header of a long section is sent at its natural frame even when that lies above
            // the window: the page pins it from that frame and its section's end.
            if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
                let natural = TableWindow.SectionItem(section: pinned.section, frame: layout.rectForHeader(inSection: pinned.section))
                headers.append(header(natural, sections))
            }
            for item in window.headers { headers.append(header(item, sections)) }
            var rows: [FragmentRow] = []
            rows.reserveCapacity(window.rows.count)
            for item in window.rows { rows.append(row(item, sections, metrics)) }
            var footers: [FragmentFooter] = []
            for item in window.footers {
                footers.append(
                    FragmentFooter(
                        section: item.section, sectionID: sections[item.section].id, y: item.frame.y,
                        height: item.frame.height, title: "", insertion: insertion(in: sections[item.section])))
            }
            return FragmentWindow(
                kind: entry.dataset.kind, style: entry.dataset.style, version: entry.dataset.version,
                contentHeight: window.contentHeight, pinnedSection: window.pinnedHeader?.section, headers: headers,
                rows: rows, footers: footers, editable: metrics.rowsCanBeEdited, isEditing: hasInsertionRows)
        }
    }

    /// The window as the JSON of SPEC §6 (sections read through one unsafe buffer, as for
    /// ``fragmentWindow``).
    var json: [UInt8] {
        sections.withUnsafeBufferPointer { sections in
            var json = JSONOutput(capacity: 256 + window.rows.count * 160)
            json.beginObject()
            json.member("version", entry.dataset.version)
            json.member("contentHeight", number: window.contentHeight)
            json.member("expanded", expanded.description)
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
                json.key("fields")
                json.fields(row.fields)
                json.endObject()
            }
            json.endArray()
            json.key("footers")
            json.beginArray()
            for item in window.footers {
                writeSection(&json, item, sections, withTitle: false, insertion: insertion(in: sections[item.section]))
            }
            json.endArray()
            json.endObject()
            return json.bytes
        }
    }

    private func writeSection(
        _ json: inout JSONOutput, _ item: TableWindow.SectionItem, _ sections: UnsafeBufferPointer<Section>,
        withTitle: Bool, insertion: FragmentFooter.Insertion? = nil
    ) {
        let section = sections[item.section]
        json.beginObject()
        json.member("section", item.section)
        json.member("sectionId", section.id.rawValue)
        if withTitle {
            json.member("title", entry.metrics.title(of: section))
            json.member("rowCount", section.rows.count)
            json.member("expanded", expanded.contains(section.id))
        }
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

    /// The insertion row at the top of a section's footer, when the window has them: a new row goes at
    /// the section's end, its title in the field the section's rows keep theirs in.
    private func insertion(in section: Section) -> FragmentFooter.Insertion? {
        guard hasInsertionRows else { return nil }
        let titleKey = section.rows.first.flatMap { DatasetKind.primaryTextKey(of: $0.fields) } ?? "title"
        return FragmentFooter.Insertion(height: entry.metrics.insertionRowHeight, row: section.rows.count, titleKey: titleKey)
    }
}
