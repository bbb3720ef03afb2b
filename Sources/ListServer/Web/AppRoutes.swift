// ListServer — the routes of the application
import HTTPServer
import ListRender
import Models
import SystemSupport

/// The routes of the application over a ``Library``: a pure request → response
/// function, testable without sockets.
struct AppRoutes: Sendable {
    /// The API's paths, whose errors are `application/problem+json`.
    static let problemPaths = ProblemPaths.under("/api")

    let library: Library
    let policy: MutationPolicy
    /// The page's static files (`Public/`).
    let files: StaticFiles
    /// The hashed URLs of its scripts and stylesheets, written into the pages (from `files`' fingerprints).
    let page: PageAssets
    /// Where the datasets' image names resolve (`--assets`, then the built-in icons).
    let assets: AssetCatalog
    /// Where uploads are imported, off the event loops.
    let imports = ImportWorker()
    /// Where work heavier than a window runs, off the event loops: exports, searches not found before.
    let workers = HTTPWorkerPool(problemPaths: AppRoutes.problemPaths)
    /// Exports built before, by version and format, and those being written.
    let exports: ExportCache
    /// What the server counts, for `GET /metrics`: give it to the server (``HTTPServerConfiguration/metrics``).
    let metrics: ServerMetrics

    /// - Parameters:
    ///   - assets: the image folders; by default none, only the built-in icons of `files`.
    ///   - metrics: what the server serving these routes counts; a new one by default.
    ///   - exports: where exports are kept; 256 MiB by default.
    init(
        library: Library, policy: MutationPolicy, files: StaticFiles, assets: AssetCatalog? = nil,
        metrics: ServerMetrics = ServerMetrics(), exports: ExportCache = ExportCache()
    ) {
        self.exports = exports
        self.library = library
        self.policy = policy
        self.files = files
        page = PageAssets(files: files)
        self.assets =
            assets
            ?? AssetCatalog(
                directories: [], publicDirectory: files.root ?? "", iconDirectory: PageAssets.iconDirectory(of: files))
        self.metrics = metrics
    }

    /// The most sections a dataset's detail (`GET /api/datasets/{id}`) is written with on an event loop.
    static let sectionsWrittenOnLoop = 2_000

    /// The patterns of the window routes, the labels their requests are counted under.
    static let windowRoute = "/api/datasets/:id/window"
    static let fragmentRoute = "/d/:id/fragment"

    /// The handler the server runs: the router's, with ``PageHeaders`` on every page it answers.
    var handler: HTTPHandler {
        let router = router
        let policy = page.contentSecurityPolicy
        return { request throws in
            var response = try router.handle(request)
            PageHeaders.apply(to: &response, path: request.path, policy: policy)
            return response
        }
    }

    /// The router with every route; anything else under `/api/` is a `404` problem, anything else
    /// outside it a static file or a `404`.
    var router: HTTPRouter {
        var router = HTTPRouter { request throws in
            guard !Self.problemPaths.contains(request.path) else {
                throw HTTPError.notFound(
                    "there is no API endpoint at \(request.path); GET /api/openapi.json describes every endpoint")
            }
            return try files.response(for: request)
        }
        router.get("/api/datasets") { _, _ in listDatasets() }
        router.get("/api/datasets/:id") { request, parameters in
            // A dataset of many sections has a long detail (100,000 sections: megabytes), written on a worker.
            let id = parameters["id"]!
            guard try library.requireEntry(id).dataset.sections.count > Self.sectionsWrittenOnLoop else {
                return try datasetDetail(id)
            }
            return workers.respond(to: request, work: { try datasetDetail(id) }, answer: { $0 })
        }
        router.put("/api/datasets/:id") { request, parameters in
            let id = parameters["id"]!
            return imports.respond(to: request) { try putDataset(id, request) }
        }
        router.delete("/api/datasets/:id") { request, parameters in try deleteDataset(parameters["id"]!, request) }
        router.get(Self.windowRoute) { request, parameters in try window(.json, parameters["id"]!, request) }
        router.get(Self.outlineRoute) { request, parameters in
            try outlineWindow(.json, parameters["id"]!, parameters["section"]!, request)
        }
        router.post("/api/datasets/:id/batch") { request, parameters in
            try batch(parameters["id"]!, request)
        }
        router.get("/api/datasets/:id/export") { request, parameters in try export(parameters["id"]!, request) }
        router.get("/api/datasets/:id/events") { request, parameters in
            try events(parameters["id"]!, request: request)
        }
        router.get("/api/events") { request, _ in try multiplexedEvents(request: request) }
        router.get("/api/openapi.json") { _, _ in
            var response = HTTPResponse.json(OpenAPIDocument.json)
            response.headers.set("Cache-Control", "no-cache")
            return response
        }
        router.get("/assets/:folder/*") { request, parameters in
            guard let index = Int(parameters["folder"]!), assets.folders.indices.contains(index) else {
                throw HTTPError.notFound()
            }
            return try assets.folders[index].response(for: request)
        }
        router.get(Self.healthPath) { _, _ in try health() }
        router.get(Self.metricsPath) { _, _ in metricsResponse() }
        router.get("/") { request, _ in try home(request) }
        router.get("/d/:id") { request, parameters in
            let entry = try library.requireEntry(parameters["id"]!)
            let page = { @Sendable in
                try TablePage.response(entry: entry, request: request, files: files, page: self.page, assets: assets)
            }
            return try outlinePageOnWorker(entry, request, page) ?? searchPageOnWorker(entry, request, page) ?? page()
        }
        router.get(Self.fragmentRoute) { request, parameters in try window(.fragment, parameters["id"]!, request) }
        router.get(Self.outlineFragmentRoute) { request, parameters in
            try outlineWindow(.fragment, parameters["id"]!, parameters["section"]!, request)
        }
        return router
    }

    /// `GET /api/datasets/{id}/window` (`.json`) and `GET /d/{id}/fragment` (`.fragment`): the window
    /// the query asks for (of the dataset or of its child table), or `304` when `If-None-Match` names its
    /// entity tag. Its fields and body are written into the server's ``ResponseWriter`` when it is sent
    /// (``WindowView/response(_:entry:request:assets:lane:)``), over plain memory in-process.
    private func window(
        _ format: ResponseCache.Key.Format, _ id: String, _ request: HTTPRequest
    ) throws -> HTTPResponse {
        let dataset = try library.requireEntry(id)
        let window = try WindowRequest(request)
        let entry = try dataset.requireChild(window.child)
        let key = WindowView.cacheKey(format, entry, window)
        if let condition = request.headers["If-None-Match"],
            let unchanged = WindowView.notModified(condition, etag: WindowView.etag(key, entry: entry))
        {
            return unchanged
        }
        if let searching = searchOnWorker(format, entry, window, request) { return searching }
        if let laying = layoutOnWorker(format, entry, window, request) { return laying }
        return WindowView.response(key, entry: entry, request: window, assets: assets, lane: request.loop)
    }

    /// Refuses a change from its head, before its body is read: who may change data (``MutationPolicy``)
    /// needs no body, so a refused upload costs the server nothing.
    var headCheck: @Sendable (HTTPRequest) -> HTTPError? {
        { [policy] request in
            // Most requests are GETs: equal small strings compare at once, unequal ones take a slower path.
            guard request.method != "GET" else { return nil }
            switch request.method {
            case "PUT", "POST", "DELETE", "PATCH":
                do throws(HTTPError) {
                    try policy.check(request)
                } catch {
                    return error
                }
                return nil
            default:
                return nil
            }
        }
    }

    /// `POST /api/datasets/{id}/batch`: who may change (401/403), which dataset (404), the body's shape
    /// (400/422), then the batch itself (409/422).
    private func batch(_ id: String, _ request: HTTPRequest) throws -> HTTPResponse {
        try policy.check(request)
        _ = try library.requireEntry(id)
        let batch = try BatchRequest.parse(request.body)
        let outcome = try library.apply(batch, to: id)
        var json = JSONOutput(capacity: 64 + 12 * batch.insertRows.count)
        json.beginObject()
        json.member("version", outcome.entry.dataset.version)
        json.key("insertedRowIds")
        json.beginArray()
        for id in outcome.insertedRowIDs { json.int(id.rawValue) }
        json.endArray()
        json.key("insertedSectionIds")
        json.beginArray()
        for id in outcome.insertedSectionIDs { json.int(id.rawValue) }
        json.endArray()
        if batch.undoable {
            json.key("undo")
            if let undo = outcome.undo { undo.write(to: &json) } else { json.null() }
        }
        json.endObject()
        var response = HTTPResponse.json(json.bytes)
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// `GET /`: the home page with the datasets as cards, in the language `lang=` names, else that of
    /// `Accept-Language`; a language named by `lang=` is kept in the cards' links. Never cached: it changes
    /// with every batch.
    private func home(_ request: HTTPRequest) throws(HTTPError) -> HTTPResponse {
        let kept = WindowRequest.keptLanguage(request.query("lang"))
        let language = UIText.language(of: request, query: kept.flatMap { UILanguage(tag: $0) })
        guard let file = files.resolve("/index.html"),
            let (_, template) = (try? System.readFile(file, maxBytes: files.maxFileBytes)) ?? nil,
            let body = HomePage.render(
                template: page.link(template), entries: library.entries, language: language,
                iconDirectory: assets.iconDirectory, keptLanguage: kept, imageURL: assets.url(forImageNamed:))
        else {
            throw HTTPError(500, detail: "the page template Public/index.html is missing or has no dataset list")
        }
        var response = HTTPResponse(status: 200, body: body)
        response.headers.set("Content-Type", "text/html; charset=utf-8")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// The path load balancers probe; it answers whatever host is named and discloses nothing.
    static let healthPath = "/healthz"

    /// `GET /healthz`: `200` while the store answers a query, `503` when it does not.
    private func health() throws(HTTPError) -> HTTPResponse {
        do {
            _ = try library.store.hasDatasets()
        } catch {
            throw HTTPError(503, detail: "the store does not answer", headers: ["Retry-After": "5"])
        }
        var response = HTTPResponse.text("ok\n")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    private func listDatasets() -> HTTPResponse {
        var json = JSONOutput()
        json.beginObject()
        json.key("datasets")
        json.beginArray()
        for entry in library.entries {
            json.beginObject()
            writeSummary(&json, entry)
            json.endObject()
        }
        json.endArray()
        json.endObject()
        return .json(json.bytes)
    }

    func writeSummary(_ json: inout JSONOutput, _ entry: DatasetEntry) {
        let dataset = entry.dataset
        json.member("id", dataset.id)
        json.member("title", dataset.title)
        json.member("kind", dataset.kind.rawValue)
        json.member("style", dataset.style.rawValue)
        json.member("sectionCount", dataset.sections.count)
        json.member("rowCount", dataset.rowCount)
        json.member("version", dataset.version)
    }

    private func datasetDetail(_ id: String) throws -> HTTPResponse {
        let entry = try library.requireEntry(id)
        var json = JSONOutput(capacity: 256 + entry.dataset.sections.count * 64)
        json.beginObject()
        writeSummary(&json, entry)
        json.member("defaultExpanded", entry.defaultExpanded.description)
        json.member("contentHeight", number: entry.layout(for: entry.defaultExpanded).contentHeight)
        json.member("editable", entry.metrics.rowsCanBeEdited)
        json.member("movable", entry.metrics.rowsCanBeMoved)
        json.member("insertable", entry.metrics.rowsCanBeInserted)
        json.member("collapsible", entry.metrics.sectionsAreCollapsible)
        json.key("sections")
        json.beginArray()
        for section in entry.dataset.sections {
            json.beginObject()
            json.member("id", section.id.rawValue)
            json.member("title", entry.metrics.title(of: section))
            json.member("rowCount", section.rows.count)
            json.key("fields")
            json.fields(section.fields)
            json.endObject()
        }
        json.endArray()
        json.sectionIndex(titles: entry.indexTitles, sections: entry.indexSections)
        json.endObject()
        return .json(json.bytes)
    }
}
