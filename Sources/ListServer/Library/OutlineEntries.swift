// ListServer — the outlines of a dataset version's sections and their live layouts
import ListRender
import Models
import Synchronization

/// The outlines of a dataset version's sections (rows holding child rows, see `SectionOutline`), each
/// read once, and one layout per section that follows the expanded set each request names: only the
/// nodes whose state differs from the set before are expanded or collapsed, O(log n) each whatever
/// their subtrees' sizes, so a client that toggles one node costs one toggle.
final class OutlineEntries: Sendable {
    /// A section's outline, its nodes' fields without their children, and their estimated heights.
    struct Outline: Sendable {
        let section: SectionID
        let outline: SectionOutline
        let fields: [Fields]
        let heights: [Double]
    }

    /// A window of an outline, with the tree grid's facts of each of its rows.
    struct View: Sendable {
        let outline: Outline
        let window: OutlineWindow
        let facts: [OutlineTreeFacts]
    }

    /// A section's layout and the expanded set it shows.
    private struct Live: Sendable {
        var layout: OutlineLayout
        var expanded: [ClosedRange<Int>]
    }

    /// Each section read so far: its outline, or nil when it holds none.
    private let outlines = Mutex<[SectionID: Outline?]>([:])
    /// Each outline's layout, behind a lock of its own so that sections do not wait for one another.
    private let layouts = Mutex<[SectionID: LiveLayout]>([:])
    /// The nodes recent searches found in each outline.
    let searches = OutlineSearches()

    private final class LiveLayout: Sendable {
        let state: Mutex<Live>
        init(_ live: Live) { state = Mutex(live) }
    }

    /// The outline of section `index`.
    /// - Returns: nil when its rows hold no child rows.
    /// - Complexity: O(n) in the section's values the first time, then O(1).
    func outline(ofSection index: Int, in entry: DatasetEntry) -> Outline? {
        let section = entry.dataset.sections[index]
        if let read = outlines.withLock({ $0[section.id] }) { return read }
        let outline = SectionOutline(section, children: RowChildren(entry.dataset)).map { outline in
            let fields = outline.fieldsInPreorder(of: section)
            return Outline(
                section: section.id, outline: outline, fields: fields,
                heights: fields.map { entry.metrics.rowHeight(for: $0) })
        }
        outlines.withLock { $0[section.id] = .some(outline) }
        return outline
    }

    /// Whether section `id` has been read and, when it holds an outline, laid out: a window of it then
    /// costs O(log n) besides the nodes that change.
    /// - Complexity: O(1).
    func isPrepared(_ id: SectionID) -> Bool {
        if let read = outlines.withLock({ $0[id] }), read == nil { return true }
        return layouts.withLock { $0[id] != nil }
    }

    /// Reads section `index`'s outline and lays it out, everything collapsed, unless done before.
    /// - Returns: whether the section holds an outline.
    /// - Complexity: O(n) in the section's values the first time, then O(1).
    @discardableResult
    func prepare(ofSection index: Int, in entry: DatasetEntry) -> Bool {
        guard let outline = outline(ofSection: index, in: entry) else { return false }
        _ = live(outline)
        return true
    }

    /// `body`'s result over the layout of `outline`, read under its lock (a copy kept would make the next
    /// expansion copy the whole layout).
    func withLayout<Result>(of outline: Outline, _ body: (borrowing OutlineLayout) -> Result) -> Result {
        live(outline).state.withLock { body($0.layout) }
    }

    /// The layout of `outline`, made the first time it is asked for.
    private func live(_ outline: Outline) -> LiveLayout {
        if let live = layouts.withLock({ $0[outline.section] }) { return live }
        let made = LiveLayout(
            Live(layout: OutlineLayout(depths: outline.outline.depths, heights: outline.heights), expanded: []))
        return layouts.withLock { layouts in
            if let live = layouts[outline.section] { return live }
            layouts[outline.section] = made
            return made
        }
    }

    /// The window of section `index`'s outline with the nodes `expanded` names expanded (numbered in
    /// preorder), every other collapsed.
    /// - Parameters:
    ///   - index: the section's index.
    ///   - entry: the version the section is of.
    ///   - expanded: the expanded nodes.
    ///   - top: the viewport's top edge, as for `OutlineLayout.window(top:height:overscan:)`; measured from
    ///     the top of node `anchor` when it is visible.
    ///   - height: the viewport's height.
    ///   - overscan: the extent listed above and below the viewport.
    ///   - anchor: the node `top` is measured from (a node far from the rows a page has); nil, a node out of
    ///     the outline or a hidden one leaves `top` absolute.
    /// - Returns: nil when the section holds no outline.
    /// - Complexity: O(n) the first time; then O(r + d log n + k) for r ranges in the expanded sets, d
    ///   nodes whose state differs from the set the section's layout showed last, and k rows listed.
    func window(
        ofSection index: Int, in entry: DatasetEntry, expanded: ExpandedSections, top: Double, height: Double,
        overscan: Double, anchor: Int? = nil
    ) -> View? {
        guard let outline = outline(ofSection: index, in: entry) else { return nil }
        let target = Self.ranges(expanded, count: outline.heights.count)
        return live(outline).state.withLock { state in
            Self.apply(target, to: &state)
            var origin = 0.0
            if let anchor, anchor >= 0, anchor < outline.heights.count { origin = state.layout.top(ofRow: anchor) ?? 0 }
            let window = state.layout.window(top: origin + top, height: height, overscan: overscan)
            let facts = window.rows.map { state.layout.treeFacts(ofRow: $0.row, in: outline.outline) }
            return View(outline: outline, window: window, facts: facts)
        }
    }

    /// The nodes of an outline of `count` rows that `expanded` names, as disjoint ascending ranges.
    static func ranges(_ expanded: ExpandedSections, count: Int) -> [ClosedRange<Int>] {
        guard count > 0 else { return [] }
        switch expanded {
        case .all: return [0...count - 1]
        case .none: return []
        case .ranges(let ranges):
            return ranges.compactMap { range in
                guard range.lowerBound < Int64(count), range.upperBound >= 0 else { return nil }
                return Int(max(range.lowerBound, 0))...Int(min(range.upperBound, Int64(count - 1)))
            }
        }
    }

    /// Expands or collapses the nodes whose state in `target` differs from the one `state` shows.
    /// - Complexity: O(r + d log n) for r ranges and d nodes that differ.
    private static func apply(_ target: [ClosedRange<Int>], to state: inout Live) {
        for (range, isExpanded) in differences(from: state.expanded, to: target) {
            for node in range { state.layout.setExpanded(isExpanded, row: node) }
        }
        state.expanded = target
    }

    /// The runs of nodes in exactly one of two sets of disjoint ascending ranges, each with whether the
    /// node is in `new`.
    /// - Complexity: O(r) for r ranges in both.
    static func differences(
        from old: [ClosedRange<Int>], to new: [ClosedRange<Int>]
    ) -> [(range: ClosedRange<Int>, isInNew: Bool)] {
        // Boundaries where either set starts or stops covering, swept in order.
        var bounds: [Int] = []
        bounds.reserveCapacity(2 * (old.count + new.count))
        for range in old + new { bounds += [range.lowerBound, range.upperBound + 1] }
        bounds.sort()
        var runs: [(range: ClosedRange<Int>, isInNew: Bool)] = []
        var oldIndex = 0
        var newIndex = 0
        var previous: Int?
        for bound in bounds {
            defer { previous = bound }
            guard let start = previous, start < bound else { continue }
            while oldIndex < old.count, old[oldIndex].upperBound < start { oldIndex += 1 }
            while newIndex < new.count, new[newIndex].upperBound < start { newIndex += 1 }
            let inOld = oldIndex < old.count && old[oldIndex].contains(start)
            let inNew = newIndex < new.count && new[newIndex].contains(start)
            guard inOld != inNew else { continue }
            if let last = runs.last, last.isInNew == inNew, last.range.upperBound + 1 == start {
                runs[runs.count - 1].range = last.range.lowerBound...bound - 1
            } else {
                runs.append((start...bound - 1, inNew))
            }
        }
        return runs
    }
}
