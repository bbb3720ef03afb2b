// ListRender — a section's outline laid out, and what a tree grid says of each of its rows
import Models

/// What a tree grid says of one row of an outline, as WAI-ARIA's `treegrid` row attributes do.
public struct OutlineTreeFacts: Sendable, Hashable {
    /// The row's level, from 1 for a row of the section (`aria-level`).
    public var level: Int
    /// Its position among its siblings, from 1 (`aria-posinset`).
    public var position: Int
    /// The number of its siblings, itself included (`aria-setsize`).
    public var setSize: Int
    /// Whether it shows its children (`aria-expanded`); nil for a row without children, which
    /// has no disclosure.
    public var isExpanded: Bool?

    public init(level: Int, position: Int, setSize: Int, isExpanded: Bool?) {
        self.level = level
        self.position = position
        self.setSize = setSize
        self.isExpanded = isExpanded
    }
}

extension OutlineLayout {
    /// Lays out the outline of a section (see `SectionOutline`), its rows numbered as its nodes.
    /// - Parameters:
    ///   - outline: the section's outline.
    ///   - rowHeight: the estimated height of every row, until measured.
    ///   - isExpanded: whether node `node` starts expanded.
    /// - Complexity: O(n).
    public init(_ outline: SectionOutline, rowHeight: Double, isExpanded: (Int) -> Bool = { _ in false }) {
        self.init(depths: outline.depths, height: rowHeight, isExpanded: isExpanded)
    }

    /// What a tree grid says of `row`.
    /// - Parameters:
    ///   - row: a row of the layout.
    ///   - outline: the outline the layout was made from.
    /// - Complexity: O(1).
    public func treeFacts(ofRow row: Int, in outline: SectionOutline) -> OutlineTreeFacts {
        precondition(outline.nodes.count == count, "the layout was not made from this outline")
        let node = outline.nodes[row]
        return OutlineTreeFacts(
            level: depth(ofRow: row) + 1, position: node.position, setSize: node.setSize,
            isExpanded: node.childCount > 0 ? isExpanded(row) : nil)
    }
}
