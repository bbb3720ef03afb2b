// ListRenderTests — the table document's heights: rows, section headers and footers, table header and footer
import Models
import Testing

@testable import ListRender

private func table(
    style: TableStyle, header: String? = nil, footer: String? = nil, sections: [Section]
) -> Dataset {
    var tableFields: Fields = ["sections": .array([])]
    if let header { tableFields["header"] = .string(header) }
    if let footer { tableFields["footer"] = .string(footer) }
    return Dataset(
        id: "t", title: "T", kind: .table, style: style,
        shape: SourceShape(rootKey: "table", rowsKey: "rows", document: ["table": .dict(tableFields)]),
        sections: sections)
}

private func section(_ id: Int64, _ fields: Fields = [:], rows: [Fields]) -> Section {
    Section(id: SectionID(id), fields: fields, rows: rows.enumerated().map { Row(id: RowID(id * 100 + Int64($0)), fields: $1) })
}

@Suite("Table document heights")
struct LayoutTableDocumentTests {
    @Test("rows take their explicit height, else 44, or 58 for subtitle cells")
    func rowHeights() {
        let dataset = table(style: .plain, sections: [
            section(1, rows: [["text": .string("A")], ["style": .string("subtitle")], ["height": .int(80)], ["height": .int(0)]]),
        ])
        let layout = TableMetrics(for: dataset).layout(of: dataset)
        let heights = (0..<4).map { layout.heightForRow(at: IndexPath(row: $0, section: 0)) }
        #expect(heights == [44, 58, 80, 0])
    }

    @Test("footer heights come from their text: one line, two lines, or the group gap without one")
    func footerHeights() {
        let long = String(repeating: "Low Power Mode pauses mail ", count: 3)
        let dataset = table(style: .insetGrouped, sections: [
            section(1, ["footer": .string("Short.")], rows: [[:]]), section(2, ["footer": .string(long)], rows: [[:]]),
            section(3, rows: [[:]]),
        ])
        let metrics = TableMetrics(for: dataset)
        let layout = metrics.layout(of: dataset)
        #expect(layout.footerHeight(inSection: 0) == 16 + 22)
        #expect(layout.footerHeight(inSection: 1) == 32 + 22)
        #expect(layout.footerHeight(inSection: 2) == TableMetrics.groupGap)
        #expect(metrics.footerTitle(of: dataset.sections[0]) == "Short.")
    }

    @Test("section headers: a titled one is taller than the gap; plain untitled sections have none")
    func headerHeights() {
        let grouped = table(style: .grouped, sections: [section(1, ["header": .string("Network")], rows: []), section(2, rows: [])])
        let layout = TableMetrics(for: grouped).layout(of: grouped)
        #expect(layout.headerHeight(inSection: 0) == 38)
        #expect(layout.headerHeight(inSection: 1) == 18)
        let plain = table(style: .plain, sections: [section(1, ["header": .string("A")], rows: []), section(2, rows: [])])
        let plainLayout = TableMetrics(for: plain).layout(of: plain)
        #expect(plainLayout.headerHeight(inSection: 0) == 28)
        #expect(plainLayout.headerHeight(inSection: 1) == 0)
    }

    @Test("the table header and footer get heights from their text and frame the content")
    func tableHeaderAndFooter() {
        let dataset = table(style: .insetGrouped, header: "Settings", footer: "Written for ListServer.", sections: [
            section(1, rows: [["text": .string("A")]]),
        ])
        let layout = TableMetrics(for: dataset).layout(of: dataset)
        #expect(layout.tableHeaderHeight == 48)
        #expect(layout.tableFooterHeight == 48)
        #expect(layout.contentHeight == 48 + 18 + 44 + 18 + 48)
        let window = layout.window(top: 0, height: 1_000)
        #expect(window.tableHeader == TableFrame(y: 0, height: 48))
        #expect(window.tableFooter == TableFrame(y: 128, height: 48))
        let none = table(style: .plain, sections: [])
        #expect(TableMetrics(for: none).layout(of: none).tableHeaderHeight == 0)
    }

    @Test("a table's rows can be edited or moved as their editing keys say")
    func editingFollowsRows() {
        let dataset = table(style: .plain, sections: [section(1, rows: [["editingStyle": .string("delete")], ["canMove": .bool(true)], [:]])])
        let metrics = TableMetrics(for: dataset)
        #expect(metrics.rowsCanBeEdited && metrics.rowsCanBeMoved)
        #expect(metrics.rowCanBeEdited(["editingStyle": .string("delete")]) && !metrics.rowCanBeEdited(["editingStyle": .string("insert")]))
        #expect(!metrics.rowCanBeMoved([:]))
        let fixed = table(style: .plain, sections: [section(1, rows: [[:]])])
        #expect(!TableMetrics(for: fixed).rowsCanBeEdited)
    }
}
