// Web — searches no one asked of a version before, answered on a worker
import HTTPServer
import ListRender
import Models

extension AppRoutes {
    /// The answer to a window or fragment that searches for what this version has not found before:
    /// the search runs on a worker (``HTTPWorkerPool``), once for every request asking it meanwhile, and
    /// each request's window is written there from the results. A one-letter query over a million rows
    /// scans every row's text (160–234 ms), which an event loop must not spend on one request.
    /// - Returns: nil when the request does not search, or its results are kept (the loop writes the
    ///   window then, as any other).
    func searchOnWorker(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ window: WindowRequest, _ request: HTTPRequest
    ) -> HTTPResponse? {
        guard let query = window.query, entry.searches.cached(query) == nil else { return nil }
        let key = WindowView.cacheKey(format, entry, window)
        let assets = assets
        return workers.respond(
            to: request, coalescing: Self.searchKey(entry, query),
            work: { entry.searches.results(for: query, in: entry) },
            answer: { found in
                let view = WindowView(found: found, query: query, request: window)
                let body =
                    switch format {
                    case .json: view.json
                    case .fragment: view.fragment(assets: assets)
                    }
                return WindowView.response(key, entry: entry, body: body)
            })
    }

    /// The page `/d/{id}?q=…` when its search was not found before: the whole page is written on a worker,
    /// with the headers every page carries (``PageHeaders``), which the handler adds only to the answers it
    /// gives itself.
    /// - Returns: nil when the page does not search or the dataset's own results for the query are kept.
    func searchPageOnWorker(
        _ entry: DatasetEntry, _ request: HTTPRequest, _ page: @escaping @Sendable () throws -> HTTPResponse
    ) -> HTTPResponse? {
        guard let text = request.query("q"), let query = SearchQuery(text), entry.searches.cached(query) == nil
        else { return nil }
        let policy = self.page.contentSecurityPolicy, path = request.path
        return workers.respond(
            to: request, coalescing: Self.searchKey(entry, query),
            work: { entry.searches.results(for: query, in: entry) },
            answer: { _ in
                var response = try page()
                PageHeaders.apply(to: &response, path: path, policy: policy)
                return response
            })
    }

    /// What identifies a search's work: the version searched (its results' owner, alive while the work is)
    /// and the folded query.
    private static func searchKey(_ entry: DatasetEntry, _ query: SearchQuery) -> String {
        "search \(ObjectIdentifier(entry.searches).hashValue) \(query.folded)"
    }
}
