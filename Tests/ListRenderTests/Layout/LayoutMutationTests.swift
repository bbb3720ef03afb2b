// ListRenderTests — TableLayout mutations
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("TableLayout mutations")
struct LayoutMutationTests {
    /// Applies one random mutation to both the layout and the model.
    func mutate(_ layout: inout TableLayout, _ model: inout NaiveLayout, random: inout LayoutRandom) -> String {
        let sections = model.sections.count
        let rowPaths = model.sections.indices.flatMap { section in
            model.sections[section].rows.indices.map { IndexPath(row: $0, section: section) }
        }
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where !rowPaths.isEmpty:
            let indexPath = rowPaths.randomElement(using: &random)!
            let height = random.height(upTo: 80, zeroChance: 0.05)
            layout.setRowHeight(height, at: indexPath)
            model.sections[indexPath.section].rows[indexPath.row] = height
            return "setRowHeight(\(height), at: \(indexPath))"
        case 1 where sections > 0:
            let section = Int.random(in: 0..<sections, using: &random)
            let flag = !model.sections[section].isExpanded
            layout.setExpanded(flag, section: section)
            model.sections[section].isExpanded = flag
            return "setExpanded(\(flag), section: \(section))"
        case 2 where sections > 0:
            let section = Int.random(in: 0..<sections, using: &random)
            let header = random.height(upTo: 40, zeroChance: 0.3)
            let footer = random.height(upTo: 40, zeroChance: 0.5)
            layout.setHeaderHeight(header, inSection: section)
            layout.setFooterHeight(footer, inSection: section)
            model.sections[section].header = header
            model.sections[section].footer = footer
            return "set header \(header) footer \(footer) in \(section)"
        case 3 where sections > 0, 4 where sections > 0:
            let section = Int.random(in: 0..<sections, using: &random)
            let row = Int.random(in: 0...model.sections[section].rows.count, using: &random)
            let existing = model.sections[section].rows.first
            let height = Bool.random(using: &random) ? existing ?? 44 : random.height(upTo: 80)
            layout.insertRow(at: IndexPath(row: row, section: section), height: height)
            model.sections[section].rows.insert(height, at: row)
            return "insertRow(at: [\(section), \(row)], height: \(height))"
        case 5 where !rowPaths.isEmpty, 6 where !rowPaths.isEmpty:
            let indexPath = rowPaths.randomElement(using: &random)!
            #expect(layout.deleteRow(at: indexPath) == model.sections[indexPath.section].rows.remove(at: indexPath.row))
            return "deleteRow(at: \(indexPath))"
        case 7 where !rowPaths.isEmpty:
            let source = rowPaths.randomElement(using: &random)!
            let height = model.sections[source.section].rows.remove(at: source.row)
            let section = Int.random(in: 0..<sections, using: &random)
            let row = Int.random(in: 0...model.sections[section].rows.count, using: &random)
            model.sections[section].rows.insert(height, at: row)
            layout.moveRow(from: source, to: IndexPath(row: row, section: section))
            return "moveRow(from: \(source), to: [\(section), \(row)])"
        case 8:
            let section = Int.random(in: 0...sections, using: &random)
            let metrics = random.sectionMetrics(maxRows: 12)
            layout.insertSection(metrics, at: section)
            model.sections.insert(NaiveLayout.section(metrics), at: section)
            return "insertSection(at: \(section))"
        case 9 where sections > 0:
            let section = Int.random(in: 0..<sections, using: &random)
            layout.deleteSection(at: section)
            model.sections.remove(at: section)
            return "deleteSection(at: \(section))"
        case 10 where sections > 0:
            let source = Int.random(in: 0..<sections, using: &random)
            let destination = Int.random(in: 0..<sections, using: &random)
            layout.moveSection(from: source, to: destination)
            model.sections.insert(model.sections.remove(at: source), at: destination)
            return "moveSection(from: \(source), to: \(destination))"
        case 11:
            let flags = (0..<sections).map { _ in Bool.random(using: &random) }
            layout = layout.withExpandedSections(flags)
            for section in 0..<sections { model.sections[section].isExpanded = flags[section] }
            let header = random.height(upTo: 50, zeroChance: 0.5)
            layout.tableHeaderHeight = header
            model.tableHeader = header
            return "withExpandedSections(\(flags)), table header \(header)"
        default:
            return "nothing"
        }
    }

    @Test("random mutation sequences keep every invariant and agree with the model", arguments: 1...8)
    func randomMutationSequences(seed: UInt64) {
        var random = LayoutRandom(seed: seed &* 104_729)
        let style: TableStyle = seed % 2 == 0 ? .plain : .grouped
        let metrics = (0..<Int.random(in: 0...8, using: &random)).map { _ in random.sectionMetrics(maxRows: 20) }
        var layout = TableLayout(style: style, tableHeaderHeight: 0, tableFooterHeight: 15, sections: metrics)
        var model = NaiveLayout(style: style, tableHeader: 0, tableFooter: 15, sections: metrics)
        for step in 0..<250 {
            let operation = mutate(&layout, &model, random: &random)
            layout._checkInvariants()
            let content = Int(model.contentHeight)
            let offsets = (0..<12).map { _ in Double(Int.random(in: -50...content + 50, using: &random)) }
            expectLayout(layout, matches: model, windowOffsets: offsets, atEdges: step % 25 == 0)
            if layout.contentHeight != model.contentHeight {
                Issue.record("diverged after step \(step): \(operation)")
                return
            }
        }
    }

    @Test("equal row heights stay a count and a height; a different height turns the section into a tree")
    func uniformSectionsStayCompact() {
        var layout = TableLayout(
            style: .plain, sections: [SectionMetrics(rowHeights: .individual(Array(repeating: 44, count: 500)))])
        #expect(layout.sectionRows[0].isUniform)
        layout.insertRow(at: IndexPath(row: 10, section: 0), height: 44)
        layout.deleteRow(at: IndexPath(row: 0, section: 0))
        layout.setRowHeight(44, at: IndexPath(row: 3, section: 0))
        #expect(layout.sectionRows[0].isUniform)
        layout.setRowHeight(60, at: IndexPath(row: 3, section: 0))
        #expect(!layout.sectionRows[0].isUniform)
        #expect(layout.rectForRow(at: IndexPath(row: 4, section: 0)) == TableFrame(y: 3 * 44 + 60, height: 44))
        #expect(layout.contentHeight == 499 * 44 + 60)
    }

    @Test("a million rows in one section lay out, answer and update")
    func millionRowsInOneSection() {
        let count = 1_000_000
        var layout = TableLayout(
            style: .plain, sections: [SectionMetrics(headerHeight: 30, rowHeights: .uniform(count: count, height: 44))])
        #expect(layout.contentHeight == 30 + 44 * Double(count))
        #expect(layout.indexPathForRow(at: 30 + 44 * 654_321 + 1) == IndexPath(row: 654_321, section: 0))
        layout.setRowHeight(100, at: IndexPath(row: 10, section: 0))
        layout.insertRow(at: IndexPath(row: 500_000, section: 0), height: 10)
        layout.deleteRow(at: IndexPath(row: 0, section: 0))
        #expect(layout.numberOfRows(inSection: 0) == count)
        #expect(layout.contentHeight == 30 + 44 * Double(count - 2) + 100 + 10)
        #expect(
            layout.rectForRow(at: IndexPath(row: 499_999, section: 0))
                == TableFrame(y: 30 + 44 * 499_998 + 100, height: 10))
        let window = layout.window(top: layout.contentHeight - 500, height: 800, overscan: 200)
        #expect(window.rows.last?.indexPath == IndexPath(row: count - 1, section: 0))
        #expect(window.rows.last?.frame.maxY == layout.contentHeight)
        #expect(window.pinnedHeader?.frame == TableFrame(y: layout.contentHeight - 500, height: 30))
        layout._checkInvariants()
    }
}

extension SectionRows {
    var isUniform: Bool {
        if case .uniform = self { return true }
        return false
    }
}
