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

    /// Searches the child tables under `table` (at `address`), depth first in the order of their rows.
    /// - Complexity: O(values of the child tables).
    static func childMatches(of table: Dataset, at address: ChildAddress, for query: SearchQuery) -> ChildMatches {
        var found = ChildMatches()
        func visit(_ table: Dataset, _ address: ChildAddress, _ path: [String]) {
            guard address.rows.count < ChildAddress.maximumDepth else { return }
            for section in table.sections {
                for row in section.rows {
                    guard let child = TableDocument.childDataset(of: row, in: table) else { continue }
                    let childAddress = address.appending(row.id)
                    let childPath = path + [row.fields["text"]?.text ?? ""]
                    let matches = SearchIndex(dataset: child).results(query).sections.flatMap(\.rows)
                    if let first = child.sections.first, !matches.isEmpty {
                        let header: Fields = ["header": .string(childPath.joined(separator: " › "))]
                        found.sections.append(
                            Section(id: first.id, fields: header, rowsKeyIndex: 0, rows: matches.map(link(to:))))
                        for match in matches {
                            let opensItself = match.fields[TableDocument.childKey] != nil
                            found.opens[match.id] = opensItself ? childAddress.appending(match.id) : childAddress
                        }
                    }
                    visit(child, childAddress, childPath)
                }
            }
        }
        visit(table, address, [])
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
