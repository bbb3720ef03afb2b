// ModelsTests — rows holding child rows read as an outline, and export back as they came
import Foundation
import Testing

@testable import Models
import TestSupport

private func importing(_ bytes: [UInt8], id: String = "outline") throws -> Dataset {
    try DatasetImporter.importDataset(bytes, using: DatasetDecoder(file: "\(id).json", id: id))
}

private func json(_ text: String) -> [UInt8] { Array(text.utf8) }

/// A flat list whose rows nest three levels of `children`, one of them empty.
private let regions = json(
    """
    [{"name": "East China", "code": 1, "children": [
        {"name": "Shanghai", "children": [{"name": "Pudong"}, {"name": "Xuhui"}]},
        {"name": "Zhejiang", "children": [{"name": "Hangzhou", "children": []}]}]},
     {"name": "Tibet", "code": 2}]
    """)

@Suite("Outlines: rows holding child rows")
struct SectionOutlineTests {
    @Test("a row's children, at any depth, are the section's outline in preorder with their positions")
    func childrenReadInPreorder() throws {
        let dataset = try importing(regions)
        let section = try #require(dataset.sections.first)
        let outline = try #require(SectionOutline(section, children: RowChildren(dataset)))
        let names = outline.nodes.indices.map {
            outline.fields(ofNode: $0, in: section)["name"]?.stringValue
        }
        #expect(names == ["East China", "Shanghai", "Pudong", "Xuhui", "Zhejiang", "Hangzhou", "Tibet"])
        #expect(outline.depths == [0, 1, 2, 2, 1, 2, 0])
        #expect(outline.nodes.map(\.position) == [1, 1, 1, 2, 2, 1, 2])
        #expect(outline.nodes.map(\.setSize) == [2, 2, 2, 2, 2, 1, 2])
        #expect(outline.nodes.map(\.childCount) == [2, 2, 0, 0, 1, 0, 0])
        #expect(outline.nodes.map(\.parent) == [-1, 0, 1, 1, 0, 4, -1])
        #expect(outline.nodes.map(\.row) == [0, 0, 0, 0, 0, 0, 1])
        let own = outline.fieldsInPreorder(of: section)
        #expect(own.map { $0["name"]?.stringValue } == names)
        #expect(own.allSatisfy { $0["children"] == nil })
        #expect(own[0]["code"] == .int(1))
    }

    @Test("a tree whose first nodes all hold children, and a later one none, is one outline, not groups")
    func childrenFirstIsATree() throws {
        // Forty countries with their regions, then a leaf: past every sample the shape detection reads.
        var nodes = (0..<40).map { country in
            #"{"name": "Country \#(country)", "children": [{"name": "Region \#(country).1", "children": []}]}"#
        }
        nodes.append(#"{"name": "Antarctica"}"#)
        let dataset = try importing(json("[" + nodes.joined(separator: ",") + "]"))
        #expect(dataset.sections.count == 1)
        #expect(dataset.shape.rowsKey == nil)
        let section = try #require(dataset.sections.first)
        #expect(section.rows.count == 41)
        let outline = try #require(SectionOutline(section, children: RowChildren(dataset)))
        #expect(outline.nodes.count == 81)
        #expect(outline.depths.prefix(4) == [0, 1, 0, 1])
        #expect(outline.fields(ofNode: 80, in: section)["name"]?.stringValue == "Antarctica")
    }

    @Test("a section whose rows hold no child rows has no outline")
    func flatSectionHasNone() throws {
        let dataset = try importing(json(#"[{"name": "a", "children": []}, {"name": "b", "tags": ["x"]}]"#))
        #expect(SectionOutline(try #require(dataset.sections.first), children: RowChildren(dataset)) == nil)
    }

    @Test("a grouped generic row's one list of dictionaries is its children; two lists, flat lists or other kinds not")
    func structuralChildren() {
        let grouped = RowChildren(kind: .generic, isGrouped: true)
        let one: Fields = ["cname": .string("Qingyang"), "district": .array([.dict(["dname": .string("Yingchun")])])]
        #expect(grouped.key(in: one) == "district")
        #expect(RowChildren(kind: .generic, isGrouped: false).key(in: one) == nil)
        #expect(RowChildren(kind: .apps, isGrouped: true).key(in: one) == nil)
        #expect(RowChildren(kind: .table, isGrouped: true).key(in: one) == nil)
        var two = one
        two["versions"] = .array([.dict(["v": .int(1)])])
        #expect(grouped.key(in: two) == nil)
        two["children"] = .array([])
        #expect(grouped.key(in: two) == "children")
        #expect(RowChildren(kind: .generic, isGrouped: false).key(in: two) == "children")
        #expect(RowChildren(kind: .friends, isGrouped: true).key(in: two) == nil)
        let strings: Fields = ["city": .string("Jingbei"), "areas": .array([.string("Dongcheng")])]
        #expect(grouped.key(in: strings) == nil)
        let mixed: Fields = ["name": .string("x"), "children": .array([.dict([:]), .string("y")])]
        #expect(grouped.key(in: mixed) == nil)
    }

    @Test("a generic outline exports back as it came, in every format")
    func genericRoundTrip() throws {
        let tree = try DocumentFormat.json.read(regions)
        for source in DocumentFormat.allCases {
            let dataset = try importing(source.write(tree))
            for target in DocumentFormat.allCases {
                let exported = DatasetImporter.export(dataset, as: target)
                #expect(try target.read(exported) == tree, "\(source) → \(target)")
                #expect(try importing(exported) == dataset, "\(source) → \(target)")
            }
        }
    }

    @Test("real shapes of three levels read their third as an outline; their sections and rows stay")
    func realShapesWithChildren() throws {
        var outlined: Set<String> = []
        for shape in RealShape.all where shape.expect.refused != true {
            let decoder = DatasetDecoder(file: shape.file, id: shape.datasetID)
            let dataset = try DatasetImporter.importDataset(try shape.bytes(), using: decoder)
            if dataset.sections.contains(where: { SectionOutline($0, children: RowChildren(dataset)) != nil }) {
                outlined.insert(shape.file)
            }
        }
        // Provinces › cities › districts, the districts as dictionaries: the cities open onto them.
        // A third level of strings (areas) stays the subtitle it is today, and the lists inside a flat
        // list's rows (an install manifest's items' assets, an app's versions) stay values.
        #expect(
            outlined == ["provinces_cities_district_dicts_pid.plist", "provinces_cities_districts_string_ids.plist"])
        let shape = try #require(RealShape.all.first { $0.file == "provinces_cities_district_dicts_pid.plist" })
        let dataset = try DatasetImporter.importDataset(
            try shape.bytes(), using: DatasetDecoder(file: shape.file, id: shape.datasetID))
        let section = try #require(dataset.sections.first)
        let outline = try #require(SectionOutline(section, children: RowChildren(dataset)))
        #expect(outline.nodes.count == 1 + (section.rows[0].fields["district"]?.arrayValue?.count ?? 0))
        #expect(outline.fields(ofNode: 1, in: section)["dname"] != nil)
    }
}
