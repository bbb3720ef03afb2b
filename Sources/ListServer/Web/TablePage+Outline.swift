// Web — the table page of a dataset that is one outline: its first window is the outline's
import HTTPServer
import ListRender
import Models

extension TablePage {
    /// The index of the section the page shows as an outline: the dataset's one section when its rows hold
    /// child rows, on the dataset's own table and not over search results.
    /// - Returns: nil when the page shows rows as a flat list (or grouped).
    /// - Complexity: O(1) once the outline is read (``OutlineEntries/prepare(ofSection:in:)``), else O(n).
    static func outlineSection(of entry: DatasetEntry, request: WindowRequest) -> Int? {
        guard entry.address.rows.isEmpty, request.query == nil, entry.dataset.sections.count == 1,
            entry.outlines.outline(ofSection: 0, in: entry) != nil
        else { return nil }
        return 0
    }

    /// The outline's first window as the page writes it in: the rows the URL's `top` and `expanded` (nodes in
    /// preorder) show, ``windowHeight`` tall.
    /// - Returns: the window and its fragment; nil when the section holds no outline.
    static func outlineWindow(
        of entry: DatasetEntry, section: Int, request: WindowRequest
    ) -> (window: OutlineWindow, html: [UInt8])? {
        let expanded = request.expanded ?? ExpandedSections.none
        guard
            let view = entry.outlines.window(
                ofSection: section, in: entry, expanded: expanded, top: max(0, request.top), height: windowHeight,
                overscan: 0)
        else { return nil }
        let html = AppRoutes.outlineFragment(view, entry: entry, expanded: expanded, language: request.language)
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
        guard sections.count == 1, request.query("child")?.isEmpty ?? true, request.query("q")?.isEmpty ?? true,
            !entry.outlines.isPrepared(sections[0].id)
        else { return nil }
        let policy = self.page.contentSecurityPolicy, path = request.path
        return workers.respond(
            to: request, coalescing: "outline \(entry.tag) \(sections[0].id.rawValue)",
            work: { entry.outlines.prepare(ofSection: 0, in: entry) },
            answer: { _ in
                var response = try page()
                PageHeaders.apply(to: &response, path: path, policy: policy)
                return response
            })
    }
}
