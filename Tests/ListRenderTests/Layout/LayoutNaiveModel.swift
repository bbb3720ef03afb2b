// ListRenderTests — the oracle for `TableLayout`
import Models

@testable import ListRender

/// The oracle for `TableLayout`: the same table as plain arrays, every frame found by one running
/// sum and every question answered by a linear scan.
struct NaiveLayout {
    struct Section: Equatable {
        var header: Double
        var rows: [Double]
        var footer: Double
        var isExpanded: Bool
    }

    enum Item: Hashable {
        case tableHeader
        case header(Int)
        case row(IndexPath)
        case footer(Int)
        case tableFooter
    }

    let style: TableStyle
    var tableHeader: Double { didSet { layOut() } }
    var tableFooter: Double { didSet { layOut() } }
    var sections: [Section] { didSet { layOut() } }
    /// Every item with its frame, in content order, zero heights included.
    private(set) var items: [(item: Item, frame: TableFrame)] = []
    private var frames: [Item: TableFrame] = [:]

    init(style: TableStyle, tableHeader: Double = 0, tableFooter: Double = 0, sections: [SectionMetrics]) {
        self.style = style
        self.tableHeader = tableHeader
        self.tableFooter = tableFooter
        self.sections = sections.map(Self.section(_:))
        layOut()
    }

    static func section(_ metrics: SectionMetrics) -> Section {
        let rows: [Double] =
            switch metrics.rowHeights {
            case .uniform(let count, let height): Array(repeating: height, count: count)
            case .individual(let heights): heights
            }
        return Section(
            header: metrics.headerHeight, rows: rows, footer: metrics.footerHeight, isExpanded: metrics.isExpanded)
    }

    private mutating func layOut() {
        var result: [(item: Item, frame: TableFrame)] = []
        var y = 0.0
        func add(_ item: Item, _ height: Double) {
            result.append((item, TableFrame(y: y, height: height)))
            y += height
        }
        add(.tableHeader, tableHeader)
        for (index, section) in sections.enumerated() {
            add(.header(index), section.header)
            if section.isExpanded {
                for (row, height) in section.rows.enumerated() {
                    add(.row(IndexPath(row: row, section: index)), height)
                }
            }
            add(.footer(index), section.footer)
        }
        add(.tableFooter, tableFooter)
        items = result
        frames = Dictionary(uniqueKeysWithValues: result.map { ($0.item, $0.frame) })
    }

    var contentHeight: Double { items.last!.frame.maxY }

    /// Every distinct top and bottom edge.
    var edges: [Double] {
        Array(Set(items.flatMap { [$0.frame.y, $0.frame.maxY] })).sorted()
    }

    func frame(of item: Item) -> TableFrame {
        frames[item]!
    }

    func sectionFrame(_ section: Int) -> TableFrame {
        let top = frame(of: .header(section)).y
        return TableFrame(y: top, height: frame(of: .footer(section)).maxY - top)
    }

    func section(at y: Double) -> Int? {
        sections.indices.first { section in
            let frame = sectionFrame(section)
            return frame.y <= y && y < frame.maxY
        }
    }

    func indexPathForRow(at y: Double) -> IndexPath? {
        for (item, frame) in items {
            if case .row(let indexPath) = item, frame.y <= y, y < frame.maxY {
                return indexPath
            }
        }
        return nil
    }

    func indexPathsForRows(in range: TableFrame) -> [IndexPath] {
        items.compactMap { item, frame in
            if case .row(let indexPath) = item, frame.intersects(range) { return indexPath }
            return nil
        }
    }

    func window(top: Double, height: Double, overscan: Double) -> TableWindow {
        var window = TableWindow(top: top, height: height, overscan: overscan, contentHeight: contentHeight)
        let range = TableFrame(y: top - overscan, height: height + 2 * overscan)
        for (item, frame) in items where frame.intersects(range) {
            switch item {
            case .tableHeader: window.tableHeader = frame
            case .header(let section): window.headers.append(.init(section: section, frame: frame))
            case .row(let indexPath): window.rows.append(.init(indexPath: indexPath, frame: frame))
            case .footer(let section): window.footers.append(.init(section: section, frame: frame))
            case .tableFooter: window.tableFooter = frame
            }
        }
        guard style == .plain else { return window }
        if let section = section(at: top), sections[section].header > 0 {
            let header = sections[section].header
            let y = min(top, sectionFrame(section).maxY - header)
            window.pinnedHeader = .init(section: section, frame: TableFrame(y: y, height: header))
        }
        let bottom = top + height
        let under = sections.indices.first { section in
            let frame = sectionFrame(section)
            return frame.height > 0 && frame.y < bottom && bottom <= frame.maxY
        }
        if let section = under, sections[section].footer > 0 {
            let footer = sections[section].footer
            let frame = sectionFrame(section)
            let y = min(frame.maxY - footer, max(bottom - footer, frame.y))
            window.pinnedFooter = .init(section: section, frame: TableFrame(y: y, height: footer))
        }
        return window
    }
}
