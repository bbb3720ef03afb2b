// Web — the table page of a dataset that is one outline: its first window is the outline's
import HTTPServer
import ListRender
import Models

extension TablePage {
    /// The index of the section the page shows as an outline: the dataset's one section when its rows hold
    /// child rows, on the dataset's own table (searched or not: a search shows the matches with their ancestors
    /// expanded).
    /// - Returns: nil when the page shows rows as a flat list (or grouped).
    /// - Complexity: O(1) once the outline is read (``OutlineEntries/prepare(ofSection:in:)``), else O(n).
    static func outlineSection(of entry: DatasetEntry, request: WindowRequest) -> Int? {
        guard entry.address.rows.isEmpty, entry.dataset.sections.count == 1,
            entry.outlines.outline(ofSection: 0, in: entry) != nil
        else { return nil }
        return 0
    }

    /// The outline's first window as the page writes it in: the rows the URL's `top` and `expanded` (nodes in
    /// preorder) show, ``windowHeight`` tall; with a search (`q`), the outline with the matches' ancestors expanded
    /// (unless the URL names its own expanded nodes) and the matches marked, no row when none matches.
    /// - Returns: the window and its fragment; nil when the section holds no outline.
    static func outlineWindow(
        of entry: DatasetEntry, section: Int, request: WindowRequest
    ) -> (window: OutlineWindow, html: [UInt8])? {
        let found = request.query.flatMap { entry.outlines.search($0, ofSection: section, in: entry) }
        let expanded = request.expanded ?? found?.expanded ?? ExpandedSections.none
        guard
            var view = entry.outlines.window(
                ofSection: section, in: entry, expanded: expanded, top: max(0, request.top), height: windowHeight,
                overscan: 0)
        else { return nil }
        if let found, found.nodes.isEmpty {
            view = OutlineEntries.View(
                outline: view.outline,
                window: OutlineWindow(top: 0, height: windowHeight, overscan: 0, contentHeight: 0, visibleCount: 0),
                facts: [])
        }
        let matches = request.query.flatMap { query in found.map { OutlineMatches(query: query, nodes: $0.nodes) } }
        let html = AppRoutes.outlineFragment(
            view, entry: entry, expanded: expanded, matches: matches, language: request.language)
        return (view.window, html)
    }
}

extension AppRoutes {
    /// The table page of a dataset that is one outline not laid out yet, answered once a worker has read and laid
    /// out the outline (O(n), which an event loop must not spend on one request).
    /// - Returns: nil when the page needs no such work.
    func outlinePageOnWorker(
        _ entry: DatasetEntry, _ request: HTTPRequest, _ page: @escaping @Sendable () throws -> HTTPResponse
    ) -> HTTPResponse? {
        let sections = entry.dataset.sections
        let search = SearchQuery(request.query("q") ?? "")
        guard sections.count == 1, request.query("child")?.isEmpty ?? true,
            !entry.outlines.isPrepared(sections[0].id)
                || search.map({ !entry.outlines.hasSearched($0, ofSection: 0, in: entry) }) ?? false
        else { return nil }
        let policy = self.page.contentSecurityPolicy, path = request.path
        return workers.respond(
            to: request, coalescing: "outline \(entry.tag) \(sections[0].id.rawValue)" + (search.map { " q \($0.text)" } ?? ""),
            work: {
                // A search over a dataset that holds no outline is the rows' search, made as the page asks for it.
                if entry.outlines.prepare(ofSection: 0, in: entry), let search {
                    _ = entry.outlines.search(search, ofSection: 0, in: entry)
                }
            },
            answer: { _ in
                var response = try page()
                PageHeaders.apply(to: &response, path: path, policy: policy)
                return response
            })
    }
}
