// Library — the table document: the entries of child tables, and the section index of a table
import ListRender
import Models

extension DatasetEntry {
    /// Why a child address leads nowhere, in words a client can act on.
    struct ChildLookupError: Error, Sendable {
        var message: String
    }

    /// The entry of the child table at `address`, relative to this entry's table: the child's dataset
    /// (`settings~12`) at this version, laid out as any table.
    /// - Returns: this entry when the address is empty.
    /// - Throws: ``ChildLookupError`` when a row of the address does not exist or opens no table.
    /// - Complexity: O(depth) for children laid out before, else O(rows of the child) to lay it out.
    func child(at address: ChildAddress) throws(ChildLookupError) -> DatasetEntry {
        var entry = self
        for row in address.rows { entry = try entry.child(row) }
        return entry
    }

    /// The entry of the child table `row` opens.
    /// - Throws: ``ChildLookupError`` when the row does not exist or opens no table.
    func child(_ row: RowID) throws(ChildLookupError) -> DatasetEntry {
        guard let at = snapshot.indexPath(for: row) else {
            throw ChildLookupError(message: "row \(row) does not exist in '\(dataset.id)'")
        }
        guard dataset.kind.isTableDocument else {
            throw ChildLookupError(message: "'\(dataset.id)' is a \(dataset.kind.rawValue) list: only table documents have child tables")
        }
        let source = dataset.sections[at.section].rows[at.row]
        let address = self.address.appending(row)
        let made = children.entry(for: row) {
            TableDocument.childDataset(of: source, in: dataset).map { DatasetEntry(dataset: $0, address: address) }
        }
        guard let made else {
            throw ChildLookupError(message: "row \(row) of '\(dataset.id)' opens no child table (it has no \"table\")")
        }
        return made
    }

    /// A table document's section index: the sections' `indexTitle`s in section order, each with its section.
    static func tableIndex(of sections: [Section]) -> ([String], [Int]) {
        var titles: [String] = []
        var targets: [Int] = []
        for (index, section) in sections.enumerated() {
            guard let title = section.fields["indexTitle"]?.text, !title.isEmpty else { continue }
            titles.append(title)
            targets.append(index)
        }
        // Every title the same (one section, or each section given the same one) leads nowhere: none.
        return Set(titles).count > 1 ? (titles, targets) : ([], [])
    }
}
