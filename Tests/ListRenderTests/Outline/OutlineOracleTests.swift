// ListRenderTests — OutlineLayout against a recursive flattening of nested nodes
import TestSupport
import Testing

@testable import ListRender

@Suite("OutlineLayout against a recursive flattening")
struct OutlineOracleTests {
    @Test(
        "random outlines follow the model through random expands, collapses and heights",
        arguments: 1...24 as ClosedRange<UInt64>)
    func randomOutlinesFollowTheModel(seed: UInt64) {
        var random = OutlineRandom(seed: seed &* 6_364_136_223_846_793_005 &+ 1)
        let count = seed % 6 == 0 ? Int.random(in: 0...3, using: &random) : Int.random(in: 0...2000, using: &random)
        let descent = [0.2, 0.5, 0.8, 0.97][Int(seed % 4)]
        let depths = random.depths(count: count, maxDepth: 20, descent: descent)
        let heights = depths.map { _ in random.height() }
        let expandedChance = Double.random(in: 0..<1, using: &random)
        let expanded = depths.map { _ in Double.random(in: 0..<1, using: &random) < expandedChance }
        var layout = OutlineLayout(depths: depths, heights: heights) { expanded[$0] }
        var model = NaiveOutline(depths: depths, heights: heights, expanded: expanded)
        expectStructure(layout, matches: model)
        expectOutline(layout, matches: model, random: &random, everyRow: true)
        for _ in 0..<60 {
            // An empty outline can only grow.
            let row = layout.count > 0 ? Int.random(in: 0..<layout.count, using: &random) : -1
            switch layout.count > 0 ? Int.random(in: 0..<100, using: &random) : 90 {
            case 0..<33:
                layout.expand(row)
                model.expanded[row] = true
            case 33..<66:
                layout.collapse(row)
                model.expanded[row] = false
            case 66..<90:
                let height = random.height(zeroChance: 0.2)
                layout.setHeight(height, ofRow: row)
                model.heights[row] = height
            case 90..<94:
                model = insertRandomRows(into: &layout, model: model, random: &random)
                expectStructure(layout, matches: model)
            case 94..<97:
                let end = row + 1 + layout.descendantCount(ofRow: row)
                layout.removeSubtree(ofRow: row)
                model = NaiveOutline(
                    depths: Array(model.depths[..<row] + model.depths[end...]),
                    heights: Array(model.heights[..<row] + model.heights[end...]),
                    expanded: Array(model.expanded[..<row] + model.expanded[end...]))
                expectStructure(layout, matches: model)
            case 97..<98:
                layout.expandAll()
                model.expanded = Array(repeating: true, count: model.depths.count)
            default:
                layout.collapseAll()
                model.expanded = Array(repeating: false, count: model.depths.count)
            }
            layout._checkInvariants()
            expectOutline(layout, matches: model, random: &random, everyRow: false)
        }
        expectOutline(layout, matches: model, random: &random, everyRow: true)
    }

    @Test("with heights not exact in binary, each row's top leads back to it", arguments: 1...4 as ClosedRange<UInt64>)
    func topsAndOffsetsAgree(seed: UInt64) {
        var random = OutlineRandom(seed: seed &+ 1_000)
        let depths = random.depths(count: 3_000, maxDepth: 20, descent: 0.6)
        let heights = depths.map { _ in Double.random(in: 0.1..<90, using: &random) }
        let layout = OutlineLayout(depths: depths, heights: heights) { _ in Bool.random(using: &random) }
        var mismatches: [Int] = []
        var row: Int? = layout.count > 0 ? 0 : nil
        while let current = row {
            let top = layout.top(ofRow: current) ?? -1
            let window = layout.window(top: top, height: 1)
            if layout.visibleRow(atOffset: top)?.row != current || window.rows.first?.row != current
                || window.rows.first?.frame.y != top
            {
                mismatches.append(current)
            }
            row = layout.visibleRow(after: current)
        }
        #expect(mismatches.isEmpty)
        #expect(layout.visibleCount > 100)
    }

    /// Inserts a random forest of up to 300 rows at a random place where the outline stays a
    /// preorder, into `layout` and into a copy of `model`, which it returns.
    func insertRandomRows(
        into layout: inout OutlineLayout, model: NaiveOutline, random: inout OutlineRandom
    ) -> NaiveOutline {
        let depths = model.depths
        let place = Int.random(in: 0...depths.count, using: &random)
        // Deep enough for the row after to stay a child or sibling, shallow enough to follow the row before.
        let lowest = place < depths.count ? max(0, depths[place] - 1) : 0
        let highest = place > 0 ? depths[place - 1] + 1 : 0
        let base = Int.random(in: lowest...highest, using: &random)
        let count = Int.random(in: 1...300, using: &random)
        let added = random.depths(count: count, maxDepth: 20, descent: 0.5).map { $0 + base }
        let heights = added.map { _ in random.height() }
        let flags = added.map { _ in Bool.random(using: &random) }
        layout.insert(depths: added, heights: heights, at: place) { flags[$0] }
        return NaiveOutline(
            depths: Array(depths[..<place] + added + depths[place...]),
            heights: Array(model.heights[..<place] + heights + model.heights[place...]),
            expanded: Array(model.expanded[..<place] + flags + model.expanded[place...]))
    }

    /// Compares the rows' depths, parents, first children, next siblings and descendant counts.
    func expectStructure(
        _ layout: OutlineLayout, matches model: NaiveOutline, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(layout.count == model.depths.count, sourceLocation: sourceLocation)
        let rows = 0..<layout.count
        #expect(rows.map { layout.depth(ofRow: $0) } == model.depths, sourceLocation: sourceLocation)
        let links = model.links
        #expect(rows.map { layout.parent(ofRow: $0) } == links.map(\.parent), sourceLocation: sourceLocation)
        #expect(rows.map { layout.firstChild(ofRow: $0) } == links.map(\.firstChild), sourceLocation: sourceLocation)
        #expect(
            rows.map { layout.nextSibling(ofRow: $0) } == links.map(\.nextSibling), sourceLocation: sourceLocation)
        let descendants = rows.map { row in
            (row + 1..<model.depths.count).prefix { model.depths[$0] > model.depths[row] }.count
        }
        #expect(rows.map { layout.descendantCount(ofRow: $0) } == descendants, sourceLocation: sourceLocation)
    }

    /// Compares the visible rows, their positions and frames, hit tests and windows with the
    /// model's: for every row when `everyRow`, else for a random sample of rows.
    func expectOutline(
        _ layout: OutlineLayout, matches model: NaiveOutline, random: inout OutlineRandom, everyRow: Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let frames = model.frames
        let total = frames.last?.frame.maxY ?? 0
        #expect(layout.visibleCount == frames.count, sourceLocation: sourceLocation)
        #expect(layout.totalHeight == total, sourceLocation: sourceLocation)
        // One window over everything lists every visible row of positive height, in order.
        let everything = layout.window(top: 0, height: total + 1, overscan: 1)
        let expectedEverything = model.window(top: 0, height: total + 1, overscan: 1, in: frames)
        #expect(everything.rows == expectedEverything, sourceLocation: sourceLocation)
        #expect(everything.visibleCount == frames.count, sourceLocation: sourceLocation)
        let next = frames.indices.map { $0 + 1 < frames.count ? frames[$0 + 1].row : nil }
        #expect(frames.map { layout.visibleRow(after: $0.row) } == next, sourceLocation: sourceLocation)

        let sample =
            everyRow
            ? Array(0..<layout.count)
            : (0..<min(40, layout.count)).map { _ in Int.random(in: 0..<layout.count, using: &random) }
        var positions: [Int: (index: Int, frame: TableFrame)] = [:]
        for item in frames { positions[item.row] = (item.index, item.frame) }
        let found = sample.map { row in
            RowFacts(
                row: row, isVisible: layout.isVisible(row), isExpanded: layout.isExpanded(row),
                top: layout.top(ofRow: row),
                frame: layout.frame(ofRow: row), index: layout.visibleIndex(ofRow: row),
                height: layout.height(ofRow: row))
        }
        let expected = sample.map { row in
            RowFacts(
                row: row, isVisible: positions[row] != nil, isExpanded: model.expanded[row],
                top: positions[row]?.frame.y,
                frame: positions[row]?.frame, index: positions[row]?.index, height: model.heights[row])
        }
        #expect(found == expected, sourceLocation: sourceLocation)
        // The nearest visible row is the row itself or an ancestor of it, and visible.
        let links = everyRow ? model.links : []
        for row in sample {
            let nearest = layout.nearestVisibleRow(to: row)
            var ancestor: Int? = row
            while let current = ancestor, current != nearest { ancestor = layout.parent(ofRow: current) }
            #expect(ancestor == nearest && positions[nearest] != nil, "row \(row)", sourceLocation: sourceLocation)
            if everyRow, let parent = links[row].parent, positions[parent] != nil, model.expanded[parent] {
                #expect(nearest == row, "row \(row)", sourceLocation: sourceLocation)
            }
        }
        let indexes =
            everyRow
            ? Array(frames.indices)
            : (0..<min(40, frames.count)).map { _ in Int.random(in: 0..<frames.count, using: &random) }
        #expect(
            indexes.map { layout.row(atVisibleIndex: $0) } == indexes.map { frames[$0].row },
            sourceLocation: sourceLocation)

        // Hit tests at random offsets, at sampled rows' edges, and outside the content.
        var probes = (0..<20).map { _ in Double(Int.random(in: 0...Int(total * 4) + 8, using: &random)) / 4 - 1 }
        for index in indexes.prefix(everyRow ? 200 : 10) {
            let frame = frames[index].frame
            probes += [frame.y - 0.25, frame.y, frame.maxY - 0.25, frame.maxY]
        }
        probes += [-1_000, -0.25, total, total + 1_000]
        let hits = probes.map { layout.visibleRow(atOffset: $0) }
        let expectedHits = probes.map { model.visibleRow(atOffset: $0, in: frames) }
        #expect(
            hits.map { $0?.row } == expectedHits.map { $0?.row }, "hits at \(probes)", sourceLocation: sourceLocation)
        #expect(
            hits.map { $0?.top } == expectedHits.map { $0?.top }, "hits at \(probes)", sourceLocation: sourceLocation)
        var reused = OutlineWindow(top: 0, height: 0, overscan: 0, contentHeight: 0, visibleCount: 0)
        for (position, top) in probes.enumerated() {
            let height = [0, 0.5, 17, 60, 250, 900][position % 6]
            let overscan = [0, 0, 10, 40][position % 4] as Double
            let expected = model.window(top: top, height: height, overscan: overscan, in: frames)
            let window = layout.window(top: top, height: height, overscan: overscan)
            #expect(window.rows == expected, "window at \(top), \(height), \(overscan)", sourceLocation: sourceLocation)
            #expect(window.contentHeight == total, sourceLocation: sourceLocation)
            layout.window(top: top, height: height, overscan: overscan, into: &reused)
            #expect(reused == window, "reused window at \(top)", sourceLocation: sourceLocation)
        }
    }
}

/// What a layout says of one row, compared whole with what the model says.
struct RowFacts: Equatable {
    var row: Int
    var isVisible: Bool
    var isExpanded: Bool
    var top: Double?
    var frame: TableFrame?
    var index: Int?
    var height: Double
}
