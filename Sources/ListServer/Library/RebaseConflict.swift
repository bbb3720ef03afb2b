// Library — one real conflict of a batch with a change made since its version, as data
import Models

/// One real conflict between a batch made on an older version and the changes made since (``BatchRebase``): the
/// operation, the row or section it names, the fields both wrote, and what happened to them. A `409` gives each
/// as an entry of its `conflicts` list and as a line of its `detail` (``line``).
struct RebaseConflict: Sendable, Equatable {
    /// What happened since that the operation cannot be carried over.
    enum Reason: String, Sendable, CaseIterable {
        /// The row (`row`) was deleted.
        case rowDeleted
        /// The row (`row`) was changed in fields the change did not log, or the operation may write any field (a
        /// row action): any change of the row counts.
        case rowChanged
        /// The fields the operation writes (`fields`) of the row (`row`) were written.
        case fieldsChanged
        /// The section (`section`) was deleted.
        case sectionDeleted
        /// Rows were inserted, deleted or moved in the section (`section`), and the operation names rows of it by
        /// their places.
        case sectionRowsChanged
        /// Sections were inserted, deleted or reordered, and the operation names sections by their places.
        case sectionsChanged
        /// A child table's batch (`child`) is not rebased.
        case childTable
    }

    /// The operation as the batch names it: `updateRows[1]`, `deleteRows[0]`, `insertSections`, `child`.
    var operation: String
    var reason: Reason
    var row: RowID? = nil
    var section: SectionID? = nil
    /// The fields both wrote, in the operation's order, for ``Reason/fieldsChanged``.
    var fields: [String]? = nil

    /// The conflict as a line of the `409`'s detail: `updateRows[1]: fields 'detail', 'title' of row 5 were changed`.
    var line: String {
        let what: String
        switch reason {
        case .rowDeleted: what = "row \(row?.rawValue ?? 0) was deleted"
        case .rowChanged: what = "row \(row?.rawValue ?? 0) was changed"
        case .fieldsChanged:
            let keys = fields ?? []
            what = (keys.count == 1 ? "field " : "fields ") + keys.map { "'\($0)'" }.joined(separator: ", ")
                + " of row \(row?.rawValue ?? 0) " + (keys.count == 1 ? "was" : "were") + " changed"
        case .sectionDeleted: what = "section \(section?.rawValue ?? 0) was deleted"
        case .sectionRowsChanged: what = "the rows of section \(section?.rawValue ?? 0) changed"
        case .sectionsChanged: what = "the sections were inserted, deleted or reordered"
        case .childTable: what = "a child table's batch is not rebased"
        }
        return "\(operation): \(what)"
    }
}
