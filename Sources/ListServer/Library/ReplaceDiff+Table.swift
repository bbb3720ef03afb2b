// Library — a table document's replace as a difference: rows compared by what they show, child tables restamped
import Models

extension ReplaceDiff {
    /// The dataset with every row's child table as a file has it (``TableDocument/exported(_:)``: no ids),
    /// so that a stored row and a freshly read one compare by what they show.
    /// - Complexity: O(values of the child tables).
    static func withoutChildIDs(_ dataset: Dataset) -> Dataset {
        var copy = dataset
        for section in copy.sections.indices {
            for row in copy.sections[section].rows.indices {
                guard let child = copy.sections[section].rows[row].fields[TableDocument.childKey] else { continue }
                copy.sections[section].rows[row].fields[TableDocument.childKey] = TableDocument.exported(child)
            }
        }
        return copy
    }

    /// Gives the child tables of new and updated rows their ids in `entry`'s id space: an updated row whose
    /// child table did not change keeps the stored one, ids and all (an open child page goes on as it is);
    /// any other child table is stamped as an import stamps it, from `nextID` on.
    /// - Parameters:
    ///   - rows: the new content of the inserted and updated rows, child tables without ids.
    ///   - order: their ids in the order the new ids are handed out.
    /// - Returns: false when a child table cannot be read again (the replace then goes whole).
    /// - Complexity: O(values of the child tables of the rows).
    static func stampChildren(
        of rows: inout [RowID: Row], in order: [RowID], from entry: DatasetEntry, nextID: inout Int64
    ) -> Bool {
        var reader = TableDocumentReader(file: entry.dataset.id, nextID: nextID)
        for id in order {
            guard let child = rows[id]?.fields[TableDocument.childKey] else { continue }
            if let at = entry.snapshot.indexPath(for: id),
                let stored = entry.dataset.sections[at.section].rows[at.row].fields[TableDocument.childKey],
                TableDocument.exported(stored) == child
            {
                rows[id]?.fields[TableDocument.childKey] = stored
                continue
            }
            guard let stamped = try? reader.stampedChild(child, at: TableDocument.childKey) else { return false }
            rows[id]?.fields[TableDocument.childKey] = stamped
        }
        nextID = reader.nextID
        return true
    }
}
