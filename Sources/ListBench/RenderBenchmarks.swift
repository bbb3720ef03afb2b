// ListBench — timings of the fragment renderer on windows of a 1,000,000-row friends list
import ListRender
import Models
import SeededRandom

/// Timings of the fragment renderer on 900 px windows of a friends list of 1,000,000 rows in
/// 10,000 sections, laid out as the server lays friends out (44 px headers, 60 px rows, read-only).
///
/// The rows' fields come from a pool of 4,096 friends like `scripts/gen-dataset.py` writes (Latin
/// and CJK names, half with an intro, one in seven VIP, now and then a name full of HTML), so the
/// texts are realistic while the benchmark stays small. Each figure is the median over 20,000
/// windows at random offsets, on the wall clock. `fragment-render-values` writes a window from a
/// ``FragmentWindow`` of values built just before; `fragment-render` then writes the same window with
/// each row lent from where the pool keeps it, as the server writes a dataset's rows, and the two
/// fragments must be equal.
enum RenderBenchmarks {
    static let sectionCount = 10_000
    static let rowsPerSection = 100

    /// Runs every render benchmark and hands each figure to `report(name, value, unit)`.
    static func run(report: (String, Double, String) -> Void) {
        var random = SplitMix64(seed: 900)
        let pool = (0..<4096).map { friend($0, random: &random) }
        let sections = (0..<sectionCount).map { _ in
            SectionMetrics(headerHeight: 44, rowHeights: .uniform(count: rowsPerSection, height: 60))
        }
        let layout = TableLayout(style: .plain, sections: sections)
        let offsets = (0..<20_000).map { _ in Double(random.next() % UInt64(layout.contentHeight - 900)) }
        let urls = ImageURLs(pool)
        var window = layout.window(top: 0, height: 900)
        var written = 0
        var buildTimes: [Double] = []
        var renderTimes: [Double] = []
        var valueTimes: [Double] = []
        for top in offsets {
            // From values: the renderer's input built first, then written.
            var fragment = FragmentWindow(kind: .friends, style: .plain, version: 0, contentHeight: 0)
            buildTimes.append(
                LayoutBenchmarks.wallNanoseconds {
                    layout.window(top: top, height: 900, overscan: 0, into: &window)
                    fragment = self.fragment(window, layout: layout, pool: pool)
                })
            var values = HTMLBuffer()
            valueTimes.append(
                LayoutBenchmarks.wallNanoseconds {
                    values = HTMLBuffer(capacity: 16 * 1024)
                    FragmentRenderer.render(fragment, into: &values)
                })
            // As the server does: the rows lent from where the pool keeps them as they are written (read
            // just before by the values' build, as the values are, so both figures read warm rows).
            let items = LentItems(window: window, layout: layout, pool: pool, urls: urls)
            var html = HTMLBuffer()
            renderTimes.append(
                LayoutBenchmarks.wallNanoseconds {
                    html = HTMLBuffer(capacity: 16 * 1024)
                    FragmentRenderer.render(items.attributes, items: items, into: &html)
                })
            written &+= html.bytes.count
            precondition(values.bytes == html.bytes, "the lent rows and the values wrote different fragments")
        }
        let fragments = offsets
        report(
            "fragment-render", LayoutBenchmarks.median(renderTimes) / 1e3,
            "µs (900 px of friends, rows lent as the server writes them, into a new buffer)")
        report(
            "fragment-render-values", LayoutBenchmarks.median(valueTimes) / 1e3,
            "µs (the same from a FragmentWindow of values)")
        report("fragment-bytes", Double(written) / Double(fragments.count), "B per 900 px fragment")
        report(
            "fragment-window-and-rows", LayoutBenchmarks.median(buildTimes) / 1e3,
            "µs (the window query and the FragmentWindow the renderer reads)")
        LayoutBenchmarks.keep(written)
    }

    /// The image URL of every friend in the pool, its bytes in one buffer, as the server's table of
    /// image names keeps them.
    final class ImageURLs {
        let bytes: [UInt8]
        let ranges: [Range<Int>]

        init(_ pool: [Fields]) {
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for fields in pool {
                let start = bytes.count
                bytes.append(contentsOf: ("/assets/friends/" + (fields["icon"]?.text ?? "") + ".svg").utf8)
                ranges.append(start..<bytes.count)
            }
            self.bytes = bytes
            self.ranges = ranges
        }
    }

    /// A window's headers and rows for the renderer, each row lent from the pool, its URL from `urls`.
    struct LentItems: FragmentItems {
        let window: TableWindow
        let layout: TableLayout
        let pool: [Fields]
        let urls: ImageURLs
        let headers: [FragmentHeader]
        let attributes: FragmentWindow

        init(window: TableWindow, layout: TableLayout, pool: [Fields], urls: ImageURLs) {
            (self.window, self.layout, self.pool, self.urls) = (window, layout, pool, urls)
            headers = RenderBenchmarks.headers(window, layout: layout)
            attributes = RenderBenchmarks.attributes(window, headers: [], rows: [])
        }

        var headerCount: Int { headers.count }
        var rowCount: Int { window.rows.count }
        var footerCount: Int { 0 }
        func headerSection(at index: Int) -> Int { headers[index].section }
        func rowSection(at index: Int) -> Int { window.rows[index].indexPath.section }
        func footerSection(at index: Int) -> Int { 0 }
        func headerHeight(at index: Int) -> Double { headers[index].height }
        func footerHeight(at index: Int) -> Double { 0 }
        func header(at index: Int) -> FragmentHeader { headers[index] }
        func footer(at index: Int) -> FragmentFooter { preconditionFailure("no footers") }
        func row(at index: Int) -> FragmentRow { preconditionFailure("rows are lent") }

        func renderRows(_ indices: Range<Int>, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            let (window, pool, urls) = (window, pool, urls)
            pool.withUnsafeBufferPointer { pool in
                urls.bytes.withUnsafeBytes { bytes in
                    for index in indices {
                        let item = window.rows[index]
                        let position = (item.indexPath.section &* rowsPerSection &+ item.indexPath.row) % pool.count
                        let url = urls.ranges[position]
                        let id = RowID(Int64(item.indexPath.section &* rowsPerSection &+ item.indexPath.row))
                        let row = FragmentRow.Lent(
                            indexPath: item.indexPath, id: id, y: item.frame.y, height: item.frame.height, position: item.indexPath.row + 1,
                            setSize: rowsPerSection, canEdit: false, canMove: false,
                            endsGroup: item.indexPath.row == rowsPerSection - 1,
                            fields: pool.baseAddress.unsafelyUnwrapped + position,
                            imageURL: UnsafeRawBufferPointer(rebasing: bytes[url]))
                        FragmentRenderer.renderRow(row, cell: cell, isGrouped: isGrouped, into: &html)
                    }
                }
            }
        }

        func renderRow(at index: Int, cell: CellKind, isGrouped: Bool, into html: inout HTMLBuffer) {
            renderRows(index..<index + 1, cell: cell, isGrouped: isGrouped, into: &html)
        }
    }

    /// The renderer's input for `window`, as the server builds it for friends.
    static func fragment(
        _ window: TableWindow, layout: TableLayout, pool: [Fields]
    ) -> FragmentWindow {
        let rows = window.rows.map { item in
            let fields = pool[(item.indexPath.section &* rowsPerSection &+ item.indexPath.row) % pool.count]
            let icon = fields["icon"]?.text ?? ""
            return FragmentRow(
                indexPath: item.indexPath, id: RowID(Int64(item.indexPath.section &* rowsPerSection &+ item.indexPath.row)),
                y: item.frame.y, height: item.frame.height, fields: fields, setSize: rowsPerSection,
                imageURL: "/assets/friends/" + icon + ".svg")
        }
        return attributes(window, headers: headers(window, layout: layout), rows: rows)
    }

    /// The window's headers: the pinned one first, at its natural frame, when it lies above the window.
    static func headers(_ window: TableWindow, layout: TableLayout) -> [FragmentHeader] {
        var headers: [FragmentHeader] = []
        if let pinned = window.pinnedHeader, !window.headers.contains(where: { $0.section == pinned.section }) {
            let natural = layout.rectForHeader(inSection: pinned.section)
            headers.append(header(TableWindow.SectionItem(section: pinned.section, frame: natural), layout))
        }
        for item in window.headers { headers.append(header(item, layout)) }
        return headers
    }

    /// The fragment's attributes for `window`, with `headers` and `rows`.
    static func attributes(_ window: TableWindow, headers: [FragmentHeader], rows: [FragmentRow]) -> FragmentWindow {
        FragmentWindow(
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

    static func friend(_ index: Int, random: inout SplitMix64) -> Fields {
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
