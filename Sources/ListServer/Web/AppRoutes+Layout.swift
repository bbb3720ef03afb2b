// Web — windows whose layout is new, laid out on a worker
import HTTPServer
import ListRender

extension AppRoutes {
    /// From this many rows a layout not made before is made on a worker: a width bucket estimates every row's
    /// height again (a million heroes: about a second), and a new expanded set walks every section.
    static let layoutOnWorkerRows = 20_000

    /// The window `window` asks of `entry` when its layout (a width bucket or an expanded set this version has
    /// not laid out, or has let go) would take a loop more than a window does: the layout is made on a worker
    /// (``HTTPWorkerPool``, once for every request waiting for the same one) and the window written there.
    /// - Returns: nil when the layout is at hand or the dataset is small: the loop answers as usual.
    func layoutOnWorker(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ window: WindowRequest, _ request: HTTPRequest
    ) -> HTTPResponse? {
        // A search's windows are laid out from its results (``searchOnWorker(_:_:_:_:)``).
        guard window.query == nil else { return nil }
        let expanded = window.expandedSections(default: entry.defaultExpanded)
        let insertionRows = window.hasInsertionRows(in: entry)
        let width = entry.estimateWidth(window.width)
        // The layout at hand first, in O(1): counting the rows walks every section (100,000 at ten million rows,
        // which cost every window a tenth of its rate).
        guard !entry.hasLayout(for: expanded, hasInsertionRows: insertionRows, width: width),
            entry.snapshot.rowCount >= Self.layoutOnWorkerRows
        else { return nil }
        let key = WindowView.cacheKey(format, entry, window)
        let assets = assets
        return workers.respond(
            to: request,
            coalescing: "layout \(entry.tag) \(expanded.hashValue) \(insertionRows) \(width ?? 0)",
            work: { entry.sharedLayout(for: expanded, hasInsertionRows: insertionRows, width: width) },
            answer: { _ in
                let body =
                    switch format {
                    case .json: WindowView.json(entry: entry, request: window, key: key)
                    case .fragment: WindowView.fragment(entry: entry, request: window, assets: assets, key: key)
                    }
                return WindowView.response(key, entry: entry, body: body)
            })
    }
}
