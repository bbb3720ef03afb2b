// Library — a table document's search reaches its child tables, as iOS Settings' search reaches every page
import ListRender
import Models

extension SearchResults {
    /// What a table document's search finds in the child tables under a table: one section for each child
    /// table with a match, its header the path of rows that lead there from the table searched
    /// (`General › About`), and in it the matching rows as links, as iOS Settings lists a setting of another
    /// page.
    struct ChildMatches {
        var sections: [Section] = []
        /// The table each matching row opens when tapped: the one it opens itself, else the one it is in.
        var opens: [RowID: ChildAddress] = [:]
    }

    /// Searches the child tables under `entry`'s table, depth first in the order of their rows, each through
    /// its own entry (``DatasetEntry/child(_:)``), whose search index is built once per version.
    /// - Complexity: O(values of the child tables) the first time, O(child tables + matches) after.
    static func childMatches(under entry: DatasetEntry, for query: SearchQuery) -> ChildMatches {
        var found = ChildMatches()
        func visit(_ table: DatasetEntry, _ path: [String]) {
            guard table.address.rows.count < ChildAddress.maximumDepth else { return }
            for section in table.dataset.sections {
                for row in section.rows where row.fields[TableDocument.childKey] != nil {
                    guard let child = try? table.child(row.id) else { continue }
                    let childPath = path + [row.fields["text"]?.text ?? ""]
                    let matches = child.searches.index(of: child.dataset).results(query).sections.flatMap(\.rows)
                    if let first = child.dataset.sections.first, !matches.isEmpty {
                        let header: Fields = ["header": .string(childPath.joined(separator: " › "))]
                        found.sections.append(
                            Section(id: first.id, fields: header, rowsKeyIndex: 0, rows: matches.map(link(to:))))
                        for match in matches {
                            let opensItself = match.fields[TableDocument.childKey] != nil
                            found.opens[match.id] = opensItself ? child.address.appending(match.id) : child.address
                        }
                    }
                    visit(child, childPath)
                }
            }
        }
        visit(entry, [])
        return found
    }

    /// A matching row as a link to its table: its text, detail and image as they are, the controls that act
    /// on it where it is (switches, editing, swipe actions) left to its own table, and a disclosure indicator.
    private static func link(to row: Row) -> Row {
        var fields = Fields()
        for key in ["text", "detail", "image", "style"] {
            if let value = row.fields[key] { fields[key] = value }
        }
        fields["accessory"] = .string(TableAccessory.disclosureIndicator.rawValue)
        return Row(id: row.id, fields: fields)
    }
}
