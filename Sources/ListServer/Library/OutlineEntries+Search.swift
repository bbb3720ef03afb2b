// ListServer — a search over an outline: the nodes that match, shown with their ancestors expanded
import ListRender
import Models
import Synchronization

/// The nodes the last few searches found in each outline of a dataset version, so that the windows a search's
/// page asks for while it scrolls cost a window each, not a scan of every node.
final class OutlineSearches: Sendable {
    private struct Key: Hashable {
        let section: SectionID
        let query: SearchQuery
    }

    /// The most searches kept; past it, the oldest goes.
    static let limit = 16
    private let found = Mutex<(nodes: [Key: [Int]], order: [Key])>(([:], []))

    /// The nodes kept for `query` in `section`'s outline; nil when it was not searched lately.
    func nodes(_ query: SearchQuery, in section: SectionID) -> [Int]? {
        found.withLock { $0.nodes[Key(section: section, query: query)] }
    }

    /// Keeps `nodes` as what `query` finds in `section`'s outline.
    func keep(_ nodes: [Int], for query: SearchQuery, in section: SectionID) {
        let key = Key(section: section, query: query)
        found.withLock { found in
            if found.nodes.updateValue(nodes, forKey: key) == nil { found.order.append(key) }
            while found.order.count > Self.limit { found.nodes[found.order.removeFirst()] = nil }
        }
    }
}

extension OutlineEntries {
    /// A search over an outline: the nodes whose own texts contain the query, and the expanded set that shows
    /// each of them (its ancestors expanded).
    struct Search: Sendable {
        /// The matching nodes in preorder.
        let nodes: [Int]
        /// The ancestors of `nodes`, expanded.
        let expanded: ExpandedSections
    }

    /// Whether ``search(_:ofSection:in:)`` has its answer at hand: the section is laid out and the query was
    /// searched lately.
    /// - Complexity: O(1) on average.
    func hasSearched(_ query: SearchQuery, ofSection index: Int, in entry: DatasetEntry) -> Bool {
        let id = entry.dataset.sections[index].id
        return isPrepared(id) && searches.nodes(query, in: id) != nil
    }

    /// The nodes of section `index`'s outline whose own texts contain `query` (as a search of rows reads a row's
    /// texts, ``SearchIndex/row(_:kind:contains:)``; a node's children are nodes of their own), with their
    /// ancestors as the expanded set that shows them all.
    /// - Returns: nil when the section holds no outline.
    /// - Complexity: O(n) in the outline's texts the first time for a query (a worker's work), then O(m × d)
    ///   for m matches d levels deep.
    func search(_ query: SearchQuery, ofSection index: Int, in entry: DatasetEntry) -> Search? {
        guard let outline = outline(ofSection: index, in: entry) else { return nil }
        let kind = entry.dataset.kind
        let nodes =
            searches.nodes(query, in: outline.section)
            ?? {
                let found = outline.fields.indices.filter { SearchIndex.row(outline.fields[$0], kind: kind, contains: query) }
                searches.keep(found, for: query, in: outline.section)
                return found
            }()
        return Search(nodes: nodes, expanded: Self.ancestors(of: nodes, in: outline.outline))
    }

    /// The expanded set that shows every node of `nodes`: each one's ancestors.
    /// - Complexity: O(m × d) for m nodes d levels deep, each ancestor passed once, then O(a log a) for a ancestors.
    static func ancestors(of nodes: [Int], in outline: SectionOutline) -> ExpandedSections {
        var opened = Set<Int>()
        for node in nodes {
            var parent = outline.nodes[node].parent
            while parent >= 0, opened.insert(parent).inserted { parent = outline.nodes[parent].parent }
        }
        let merged = ExpandedSections.merging(opened.sorted().map { Int64($0)...Int64($0) })
        return merged.isEmpty ? .none : .ranges(merged)
    }
}
