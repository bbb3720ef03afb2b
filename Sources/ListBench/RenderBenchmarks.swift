// ListBench — timings of the fragment renderer on windows of a 1,000,000-row friends list
import ListRender
import Models

/// Timings of the fragment renderer on 900 px windows of a friends list of 1,000,000 rows in
/// 10,000 sections, laid out as the server lays friends out (44 px headers, 60 px rows, read-only).
///
/// The rows' fields come from a pool of 4,096 friends like `scripts/gen-dataset.py` writes (Latin
/// and CJK names, half with an intro, one in seven VIP, now and then a name full of HTML), so the
/// texts are realistic while the benchmark stays small. Each figure is the median over 20,000
/// windows at random offsets, on the wall clock; each window's input is built just before it is
/// rendered, as the server does.
enum RenderBenchmarks {
    static let sectionCount = 10_000
    static let rowsPerSection = 100

    /// Runs every render benchmark and hands each figure to `report(name, value, unit)`.
    static func run(report: (String, Double, String) -> Void) {
        var random = LayoutBenchmarks.Random(seed: 900)
        let pool = (0..<4096).map { friend($0, random: &random) }
        let sections = (0..<sectionCount).map { _ in
            SectionMetrics(headerHeight: 44, rowHeights: .uniform(count: rowsPerSection, height: 60))
        }
        let layout = TableLayout(style: .plain, sections: sections)
        let offsets = (0..<20_000).map { _ in Double(random.next() % UInt64(layout.contentHeight - 900)) }
        var window = layout.window(top: 0, height: 900)
        var written = 0
        var buildTimes: [Double] = []
        var renderTimes: [Double] = []
        for top in offsets {
            // As the server does: the renderer's input is built, then written at once.
            var fragment = FragmentWindow(kind: .friends, style: .plain, version: 0, contentHeight: 0)
            buildTimes.append(
                LayoutBenchmarks.wallNanoseconds {
                    layout.window(top: top, height: 900, overscan: 0, into: &window)
                    fragment = self.fragment(window, layout: layout, pool: pool)
                })
            var html = HTMLBuffer()
            renderTimes.append(
                LayoutBenchmarks.wallNanoseconds {
                    html = HTMLBuffer(capacity: 16 * 1024)
                    FragmentRenderer.render(fragment, into: &html)
                })
            written &+= html.bytes.count
        }
        let fragments = offsets
        report("fragment-render", LayoutBenchmarks.median(renderTimes) / 1e3, "µs (900 px of friends, into a new buffer)")
        report("fragment-bytes", Double(written) / Double(fragments.count), "B per 900 px fragment")
        report(
            "fragment-window-and-rows", LayoutBenchmarks.median(buildTimes) / 1e3,
            "µs (the window query and the FragmentWindow the renderer reads)")
        LayoutBenchmarks.keep(written)
    }

    /// The renderer's input for `window`, as the server builds it for friends.
    static func fragment(
        _ window: TableWindow, layout: TableLayout, pool: [Fields]
    ) -> FragmentWindow {
        var headers: [FragmentHeader] = []
        if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
            let natural = layout.rectForHeader(inSection: pinned.section)
            headers.append(header(TableWindow.SectionItem(section: pinned.section, frame: natural), layout))
        }
        for item in window.headers { headers.append(header(item, layout)) }
        let rows = window.rows.map { item in
            let fields = pool[(item.indexPath.section &* rowsPerSection &+ item.indexPath.row) % pool.count]
            let icon = fields["icon"]?.text ?? ""
            return FragmentRow(
                indexPath: item.indexPath, id: RowID(Int64(item.indexPath.section &* rowsPerSection &+ item.indexPath.row)),
                y: item.frame.y, height: item.frame.height, fields: fields, setSize: rowsPerSection,
                imageURL: "/assets/friends/" + icon + ".svg")
        }
        return FragmentWindow(
            kind: .friends, style: .plain, version: 1, contentHeight: window.contentHeight,
            pinnedSection: window.pinnedHeader?.section, headers: headers, rows: rows,
            editable: false, isGrouped: true)
    }

    static func header(_ item: TableWindow.SectionItem, _ layout: TableLayout) -> FragmentHeader {
        FragmentHeader(
            section: item.section, sectionID: SectionID(Int64(item.section)), y: item.frame.y,
            height: item.frame.height, sectionMaxY: layout.rectForSection(item.section).maxY,
            title: "Group \(item.section)", fields: ["online": .int(Int64(item.section % 37))],
            rowCount: rowsPerSection, isCollapsible: true,
            link: "/d/big?top=\(Int(item.frame.y))&expanded=all")
    }

    static let given = ["Ethan", "Chloe", "Lucas", "Maya", "Noah", "Olivia", "Hugo", "Léa", "Mateo", "Aiko"]
    static let family = ["Zhou", "Martin", "Bernard", "Nguyen", "Müller", "Rossi", "Tanaka", "Kowalski"]
    static let cjk = ["林小雨", "王大锤", "阿杰", "苏晴", "陈一", "李想"]
    static let intros = [
        "Coffee first, questions later.", "Paris → Shanghai", "On a boat until Friday",
        "Building a tiny house, one nail at a time", "今天也要元气满满！", "Ask me about sourdough",
    ]

    static func friend(_ index: Int, random: inout LayoutBenchmarks.Random) -> Fields {
        func pick(_ list: [String]) -> String { list[Int(random.next() % UInt64(list.count))] }
        let name: String
        if index % 997 == 0 {
            name = "<b>\(pick(given)) & \"\(pick(family))\"</b>"
        } else if random.next() % 5 == 0 {
            name = "\(pick(cjk)) \(pick(given))"
        } else {
            name = "\(pick(given)) \(pick(family))"
        }
        var fields: Fields = ["name": .string(name), "icon": .string("friend-\(1 + random.next() % 12)")]
        if random.next() % 2 == 0 { fields["intro"] = .string(pick(intros)) }
        fields["vip"] = .bool(random.next() % 7 == 0)
        return fields
    }
}
