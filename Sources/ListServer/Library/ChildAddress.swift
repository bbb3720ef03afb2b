// Library — the table document: where a child table is, by the rows that open it
import Models

/// Where a child table of a table document is: the ids of the rows that open it, from the dataset's own
/// table down (`12` is the table row 12 opens; `12~40` the one row 40 of that table opens).
///
/// Row ids are unique in the whole document, child tables included, and stable, so an address stays
/// valid through edits and restarts as long as its rows exist. Written with `~`, it is the child's query
/// value (`?child=12~40`) and the suffix of the child's derived dataset id (`settings~12~40`).
struct ChildAddress: Sendable, Hashable, CustomStringConvertible {
    /// The rows, outermost first; empty for the dataset's own table.
    var rows: [RowID]

    init(_ rows: [RowID] = []) {
        self.rows = rows
    }

    /// The separator between the rows' ids.
    static let separator: Character = "~"

    /// The deepest child a document may address.
    static let maximumDepth = TableDocument.maximumChildDepth

    /// Reads `12~40`.
    /// - Returns: nil when the text is not one to ``maximumDepth`` positive ids joined by `~`.
    init?(parsing text: String) {
        let parts = text.split(separator: Self.separator, omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= Self.maximumDepth else { return nil }
        var rows: [RowID] = []
        for part in parts {
            guard part.utf8.count <= 18, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let id = Int64(part),
                id > 0
            else { return nil }
            rows.append(RowID(id))
        }
        self.rows = rows
    }

    var isEmpty: Bool { rows.isEmpty }

    /// The address of the child that `row` of this table opens.
    func appending(_ row: RowID) -> ChildAddress { ChildAddress(rows + [row]) }

    var description: String { rows.map(\.description).joined(separator: String(Self.separator)) }
}
