// ListServerTests — a section's live outline layout follows each request's expanded set
import ListRender
import Models
import Testing

@testable import ListServer

/// A deterministic generator (xorshift64*), so a failure replays.
private struct Generator {
    var state: UInt64
    mutating func next(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 2_685_821_657_736_338_717) >> 33) % bound
    }
}

/// The nodes of `set` among `0..<count`.
private func members(_ set: [ClosedRange<Int>], count: Int) -> [Bool] {
    var flags = Array(repeating: false, count: count)
    for range in set { for node in range { flags[node] = true } }
    return flags
}

/// The disjoint ascending ranges of the nodes flagged.
private func ranges(_ flags: [Bool]) -> [ClosedRange<Int>] {
    var ranges: [ClosedRange<Int>] = []
    for (node, flag) in flags.enumerated() where flag {
        if let last = ranges.last, last.upperBound == node - 1 {
            ranges[ranges.count - 1] = last.lowerBound...node
        } else {
            ranges.append(node...node)
        }
    }
    return ranges
}

/// A generic list of `count` rows nested by a random walk of depths, each named by its preorder number.
private func nestedList(count: Int, generator: inout Generator) -> (json: String, depths: [Int]) {
    var depths = [0]
    while depths.count < count - 1 {
        depths.append(generator.next(depths.last! + 2))
    }
    // A last top-level row without children: a list whose every row holds a list reads as groups.
    depths.append(0)
    var position = 0
    func subtree() -> String {
        let depth = depths[position]
        var text = #"{"name": "n\#(position)""#
        position += 1
        var children: [String] = []
        while position < depths.count, depths[position] == depth + 1 { children.append(subtree()) }
        if !children.isEmpty { text += #", "children": ["# + children.joined(separator: ", ") + "]" }
        return text + "}"
    }
    var rows: [String] = []
    while position < depths.count { rows.append(subtree()) }
    return ("[" + rows.joined(separator: ", ") + "]", depths)
}

@Suite("OutlineEntries: a section's layout follows the expanded sets asked")
struct OutlineEntriesTests {
    @Test("the differences of two sets, for every pair of subsets of six nodes, turn the one into the other")
    func differencesExhaustive() {
        for old in 0..<64 {
            for new in 0..<64 {
                let oldFlags = (0..<6).map { old >> $0 & 1 == 1 }
                let newFlags = (0..<6).map { new >> $0 & 1 == 1 }
                var flags = oldFlags
                let runs = OutlineEntries.differences(from: ranges(oldFlags), to: ranges(newFlags))
                for run in runs {
                    for node in run.range {
                        #expect(flags[node] != run.isInNew)
                        flags[node] = run.isInNew
                    }
                }
                #expect(flags == newFlags, "\(oldFlags) → \(newFlags)")
                let touched = runs.reduce(0) { $0 + $1.range.count }
                #expect(touched == zip(oldFlags, newFlags).filter { $0 != $1 }.count)
            }
        }
    }

    @Test("ranges past the outline's end are clipped, all and none name every node and no node")
    func rangesClipped() {
        #expect(OutlineEntries.ranges(.all, count: 4) == [0...3])
        #expect(OutlineEntries.ranges(.none, count: 4) == [])
        #expect(OutlineEntries.ranges(.ranges([1...2, 3...90, 100...200]), count: 4) == [1...2, 3...3])
        #expect(OutlineEntries.ranges(.all, count: 0) == [])
    }

    @Test("a section is prepared once it is read and laid out; one without children once it is read")
    func preparing() throws {
        let json = #"[{"name": "a", "children": [{"name": "b"}]}, {"name": "c"}]"#
        let outlined = DatasetEntry(
            dataset: try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "a", id: "a")))
        let id = outlined.dataset.sections[0].id
        #expect(!outlined.outlines.isPrepared(id))
        _ = outlined.outlines.outline(ofSection: 0, in: outlined)
        #expect(!outlined.outlines.isPrepared(id), "read but not laid out")
        #expect(outlined.outlines.prepare(ofSection: 0, in: outlined))
        #expect(outlined.outlines.isPrepared(id))
        let flatList = Array(#"[{"name": "a"}]"#.utf8)
        let flat = DatasetEntry(
            dataset: try DatasetImporter.importDataset(flatList, using: DatasetDecoder(file: "f", id: "f")))
        #expect(!flat.outlines.isPrepared(flat.dataset.sections[0].id))
        #expect(!flat.outlines.prepare(ofSection: 0, in: flat))
        #expect(flat.outlines.isPrepared(flat.dataset.sections[0].id))
    }

    @Test("windows over random expanded sets equal those of a layout made afresh for each set")
    func oracle() throws {
        var generator = Generator(state: 0x5eed_0057)
        let (json, depths) = nestedList(count: 300, generator: &generator)
        let dataset = try DatasetImporter.importDataset(
            Array(json.utf8), using: DatasetDecoder(file: "tree.json", id: "tree"))
        let entry = DatasetEntry(dataset: dataset)
        let outline = try #require(entry.outlines.outline(ofSection: 0, in: entry))
        #expect(outline.outline.depths == depths)
        var flags = Array(repeating: false, count: depths.count)
        for step in 0..<300 {
            switch generator.next(10) {
            case 0: flags = Array(repeating: generator.next(2) == 0, count: depths.count)
            case 1: flags = flags.map { _ in generator.next(2) == 0 }
            default: flags[generator.next(depths.count)].toggle()
            }
            let expanded: ExpandedSections =
                switch generator.next(8) {
                case 0 where flags.allSatisfy({ $0 }): .all
                case 1 where !flags.contains(true): .none
                default: .ranges(ranges(flags).map { Int64($0.lowerBound)...Int64($0.upperBound) })
                }
            let top = Double(generator.next(4_000))
            let view = try #require(
                entry.outlines.window(
                    ofSection: 0, in: entry, expanded: expanded, top: top, height: 600, overscan: 100))
            let fresh = OutlineLayout(depths: depths, heights: outline.heights) { flags[$0] }
            let expected = fresh.window(top: top, height: 600, overscan: 100)
            #expect(view.window == expected, "step \(step)")
            #expect(view.facts == expected.rows.map { fresh.treeFacts(ofRow: $0.row, in: outline.outline) })
        }
    }
}
