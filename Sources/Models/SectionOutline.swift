// Models — the rows of a section and their child rows at any depth, in preorder

/// The rows of a section with their child rows (see ``RowChildren``) at any depth, in preorder:
/// a row, then its children's subtrees in order. A section whose rows hold no children has no
/// outline and stays a flat list.
///
/// ```swift
/// // Asia › China › Beijing, Shanghai; Europe
/// let outline = SectionOutline(section, children: RowChildren(dataset))  // depths 0 1 2 2 0
/// outline?.nodes[2].position                                            // 1: Beijing is China's first
/// outline?.fields(ofNode: 3, in: section)["name"]                       // "Shanghai"
/// ```
public struct SectionOutline: Sendable, Hashable {
    /// One row of the outline, top-level or a child at any depth.
    public struct Node: Sendable, Hashable {
        /// The section's row the node is, or is under.
        public var row: Int
        /// The node's parent in preorder; -1 for a top-level row.
        public var parent: Int
        /// The node's depth: 0 for a row of the section (`aria-level` is one more).
        public var depth: Int
        /// The node's position among its siblings, from 1 (`aria-posinset`).
        public var position: Int
        /// The number of its siblings, itself included (`aria-setsize`).
        public var setSize: Int
        /// The number of its children.
        public var childCount: Int
    }

    /// The nodes in preorder.
    public private(set) var nodes: [Node]
    /// Where the rows keep their children.
    public let children: RowChildren

    /// Reads the outline of `section`.
    /// - Parameters:
    ///   - section: the section.
    ///   - children: where the dataset's rows keep their children.
    /// - Returns: nil when no row of the section holds a child row.
    /// - Complexity: O(n) in the values of the section's rows.
    public init?(_ section: Section, children: RowChildren) {
        var nodes: [Node] = []
        nodes.reserveCapacity(section.rows.count)
        var hasChildren = false
        for (index, row) in section.rows.enumerated() {
            let node = Node(
                row: index, parent: -1, depth: 0, position: index + 1, setSize: section.rows.count, childCount: 0)
            hasChildren = Self.append(node, fields: row.fields, children: children, to: &nodes) || hasChildren
        }
        guard hasChildren else { return nil }
        self.nodes = nodes
        self.children = children
    }

    /// Appends `node` and its subtree.
    /// - Returns: whether `node` has children.
    private static func append(
        _ node: Node, fields: Fields, children rule: RowChildren, to nodes: inout [Node]
    ) -> Bool {
        let index = nodes.count
        let children = rule.children(of: fields)
        var node = node
        node.childCount = children.count
        nodes.append(node)
        for (position, child) in children.enumerated() {
            let childNode = Node(
                row: node.row, parent: index, depth: node.depth + 1, position: position + 1, setSize: children.count,
                childCount: 0)
            _ = append(childNode, fields: child, children: rule, to: &nodes)
        }
        return !children.isEmpty
    }

    /// Each node's depth, in preorder: what `OutlineLayout` is built from.
    public var depths: [Int] { nodes.map(\.depth) }

    /// The fields of node `node`: a row's own, or a child row's as its parent holds them.
    /// - Parameters:
    ///   - node: a node of the outline.
    ///   - section: the section the outline was read from.
    /// - Complexity: O(d · m) for the node's depth d and m members of the rows on the way.
    public func fields(ofNode node: Int, in section: Section) -> Fields {
        var path: [Int] = []
        var current = node
        while nodes[current].parent >= 0 {
            path.append(nodes[current].position - 1)
            current = nodes[current].parent
        }
        var fields = section.rows[nodes[node].row].fields
        for position in path.reversed() {
            fields = children.children(of: fields)[position]
        }
        return fields
    }
}

extension SectionOutline {
    /// The fields of every node, in preorder (the `n`th are node `n`'s), each without its child rows.
    /// - Parameter section: the section the outline was read from.
    /// - Complexity: O(n) in the values of the section's rows.
    public func fieldsInPreorder(of section: Section) -> [Fields] {
        var all: [Fields] = []
        all.reserveCapacity(nodes.count)
        for row in section.rows { appendFields(row.fields, to: &all) }
        precondition(all.count == nodes.count, "the outline was not read from this section")
        return all
    }

    private func appendFields(_ fields: Fields, to all: inout [Fields]) {
        let key = children.key(in: fields)
        var own = fields
        if let key { own[key] = nil }
        all.append(own)
        for child in children.children(of: fields) { appendFields(child, to: &all) }
    }
}
