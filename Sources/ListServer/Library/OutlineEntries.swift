// ListServer — the outlines of a dataset version's sections and their layouts
import ListRender
import Models
import Synchronization

/// The outlines of a dataset version's sections (rows holding child rows, see `SectionOutline`), each
/// read once, and their layouts for the expanded sets clients ask for, kept while the version is.
final class OutlineEntries: Sendable {
    /// A section's outline, its nodes' fields without their children, and their estimated heights.
    struct Outline: Sendable {
        let section: SectionID
        let outline: SectionOutline
        let fields: [Fields]
        let heights: [Double]
    }

    /// An outline laid out for one expanded set.
    struct Laid: Sendable {
        let outline: Outline
        let layout: OutlineLayout
    }

    private struct LayoutKey: Hashable {
        var section: SectionID
        var expanded: ExpandedSections
    }

    /// The most layouts kept at once; past it the kept ones are dropped, as the table's layouts are.
    static let layoutLimit = 16

    /// Each section read so far: its outline, or nil when it holds none.
    private let outlines = Mutex<[SectionID: Outline?]>([:])
    private let layouts = Mutex<[LayoutKey: Laid]>([:])

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

    /// The outline of section `index` laid out with the nodes `expanded` names expanded (numbered in
    /// preorder), every other collapsed.
    /// - Returns: nil when the section holds no outline.
    /// - Complexity: O(n) the first time an expanded set is seen, then O(1).
    func laid(ofSection index: Int, in entry: DatasetEntry, expanded: ExpandedSections) -> Laid? {
        guard let outline = outline(ofSection: index, in: entry) else { return nil }
        let key = LayoutKey(section: outline.section, expanded: expanded)
        if let laid = layouts.withLock({ $0[key] }) { return laid }
        let layout = OutlineLayout(depths: outline.outline.depths, heights: outline.heights) {
            expanded.contains(number: Int64($0))
        }
        let laid = Laid(outline: outline, layout: layout)
        layouts.withLock { cache in
            if cache.count >= Self.layoutLimit { cache.removeAll(keepingCapacity: true) }
            cache[key] = laid
        }
        return laid
    }
}
