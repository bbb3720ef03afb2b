// Web — the search of a window request
import HTTPServer
import ListRender

extension WindowRequest {
    /// The search named by `q`: nil when it is absent or empty (no search).
    /// - Complexity: O(length of the query string).
    static func searchQuery(_ request: HTTPQuery) -> SearchQuery? {
        request["q"].flatMap(SearchQuery.init)
    }

    /// The expanded sections the window is laid out with: every section while searching (expansion
    /// is ignored then), else the ones asked for, else the kind's default.
    func expandedSections(default defaultExpanded: ExpandedSections) -> ExpandedSections {
        query != nil ? .all : expanded ?? defaultExpanded
    }

    /// Whether the window ends its sections with insertion rows: in editing mode, for a kind whose rows
    /// can be inserted, and not while searching (a row added to a result section would have no place
    /// among the rows left out).
    func hasInsertionRows(in entry: DatasetEntry) -> Bool {
        query == nil && entry.hasInsertionRows(isEditing: isEditing)
    }
}
