// ListRenderTests — a section's outline laid out, with the tree grid's facts of each visible row
import Testing

@testable import ListRender
import Models

/// Asia › China › Beijing, Shanghai; Asia › Japan; Europe, as a generic list's `children`.
private func section() -> Section {
    func row(_ name: String, _ children: [FieldValue]? = nil) -> FieldValue {
        var fields: Fields = ["name": .string(name)]
        if let children { fields["children"] = .array(children) }
        return .dict(fields)
    }
    let asia = row("Asia", [row("China", [row("Beijing"), row("Shanghai")]), row("Japan")])
    let rows = [asia, row("Europe")].enumerated().map {
        Row(id: RowID(Int64($0.offset)), fields: $0.element.dictValue!)
    }
    return Section(id: SectionID(1), rows: rows)
}

@Suite("OutlineLayout from a section's outline")
struct OutlineSectionTests {
    @Test("the visible rows carry their level, position, set size and expanded state as a tree grid says them")
    func treeFactsOfVisibleRows() throws {
        let section = section()
        let outline = try #require(SectionOutline(section, children: RowChildren(kind: .generic, isGrouped: false)))
        var layout = OutlineLayout(outline, rowHeight: 44)
        #expect(layout.window(top: 0, height: 1_000).rows.map(\.row) == [0, 5])
        layout.expand(0)
        layout.expand(1)
        let rows = layout.window(top: 0, height: 1_000).rows.map(\.row)
        #expect(rows == [0, 1, 2, 3, 4, 5])
        let facts = rows.map { layout.treeFacts(ofRow: $0, in: outline) }
        #expect(facts.map(\.level) == [1, 2, 3, 3, 2, 1])
        #expect(facts.map(\.position) == [1, 1, 1, 2, 2, 2])
        #expect(facts.map(\.setSize) == [2, 2, 2, 2, 2, 2])
        #expect(facts.map(\.isExpanded) == [true, true, nil, nil, nil, nil])
        layout.collapse(1)
        #expect(layout.treeFacts(ofRow: 1, in: outline).isExpanded == false)
        #expect(layout.window(top: 0, height: 1_000).rows.map(\.row) == [0, 1, 4, 5])
        #expect(layout.totalHeight == 4 * 44)
    }

    @Test("nodes given as expanded start expanded")
    func startsExpanded() throws {
        let outline = try #require(SectionOutline(section(), children: RowChildren(kind: .generic, isGrouped: false)))
        let layout = OutlineLayout(outline, rowHeight: 10, isExpanded: { $0 == 0 })
        #expect(layout.window(top: 0, height: 1_000).rows.map(\.row) == [0, 1, 4, 5])
    }
}
