// ListServer — an outline's expanded set with a node's siblings expanded (the tree grid's `*`)
import ListRender
import Models

extension OutlineEntries {
    /// `expanded` with every sibling of `node` that has children expanded, `node` included, as the `*` key of a
    /// tree grid expands them.
    /// - Parameters:
    ///   - node: a node of section `index`'s outline, numbered in preorder.
    ///   - index: the section's index.
    ///   - entry: the version the section is of.
    ///   - expanded: the expanded nodes before.
    /// - Returns: the expanded nodes after; `expanded` when the section holds no outline or `node` is not one of
    ///   its nodes.
    /// - Complexity: O(n) the first time; then O((s + r) log(s + r)) for s siblings and r ranges in `expanded`.
    func expandingSiblings(
        of node: Int, inSection index: Int, in entry: DatasetEntry, expanded: ExpandedSections
    ) -> ExpandedSections {
        let before: [ClosedRange<Int64>]
        switch expanded {
        case .all: return expanded
        case .none: before = []
        case .ranges(let ranges): before = ranges
        }
        guard let outline = outline(ofSection: index, in: entry), node >= 0, node < outline.heights.count else {
            return expanded
        }
        let nodes = outline.outline.nodes
        let opened = withLayout(of: outline) { layout in
            var opened: [ClosedRange<Int64>] = []
            // The parent's first child, then each next sibling (past the one before's subtree).
            var sibling: Int? = nodes[node].parent + 1
            while let current = sibling {
                if nodes[current].childCount > 0 { opened.append(Int64(current)...Int64(current)) }
                sibling = layout.nextSibling(ofRow: current)
            }
            return opened
        }
        let merged = ExpandedSections.merging((before + opened).sorted { $0.lowerBound < $1.lowerBound })
        return merged.isEmpty ? .none : .ranges(merged)
    }
}
