// Web — a window of a dataset's search results
import ListRender
import Models

extension WindowView {
    /// The window a request asks for: of the entry itself, or, when the request searches (`q`), of
    /// the entry's search results (``SearchResults``), every section expanded, with the number of
    /// matching rows, the query for the fragment's marks, and the sections' row counts in the version
    /// searched for their headers.
    /// - Complexity: O(searchable text + matching rows) for a query first asked of a version (the
    ///   index is built on the version's first search), else as ``init(entry:request:)``.
    convenience init(searching entry: DatasetEntry, request: borrowing WindowRequest) {
        guard let query = request.query else {
            self.init(entry: entry, request: request)
            return
        }
        self.init(found: entry.searches.results(for: query, in: entry), query: query, request: request)
    }

    /// The window a searching request asks for, of results already found (on a worker, say).
    /// - Complexity: as ``init(entry:request:)``.
    convenience init(found results: SearchResults.Found, query: SearchQuery, request: borrowing WindowRequest) {
        self.init(entry: results.entry, request: request)
        self.query = query
        matches = results.entry.dataset.rowCount
        sectionRowCounts = results.sectionRowCounts
    }
}

extension WindowView {
    /// The row count a section's header shows: the section's own, also while searching.
    func headerRowCount(_ item: Int, rowCount: Int) -> Int {
        sectionRowCounts?[item] ?? rowCount
    }
}
