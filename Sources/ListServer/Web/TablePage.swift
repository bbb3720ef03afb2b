// Web — the table page at `/d/{id}`: `Public/table.html` with the title and the first window
import HTTPServer
import ListRender
import Models
import SystemSupport

/// The page at `/d/{id}`: `Public/table.html` with the dataset's title and its first window written
/// in, so rows paint from the one response. Without a script it is a page of rows with links to the
/// previous and next rows (`?top=`), and collapsible headers are links that toggle their group
/// (`?expanded=`); the script turns it into the virtual scroller.
///
/// The page is in the language the request asks for (`lang=`, else `Accept-Language`; ``UIText``).
///
/// The template marks where things go with comments: `<!--title-->` (every occurrence), `<!--text-->`
/// (the script's words, in the body's `data-text`), `<!--back-->`
/// (the navigation bar's back control), `<!--search-->` (the search field), `<!--grid-->` (the grid's
/// opening tag), `<!--window-->`, `<!--previous-->`, `<!--next-->` and `<!--index-->` (the section index
/// bar, its letters links to their sections).
///
/// `child=` shows a table document's child table (titled with its row, its back control titled with the
/// parent's title) and `q=` the search results, as the window endpoints do; the links keep both.
enum TablePage {
    /// The height of the window written into the page: a tall screen, and a page of rows without script.
    static let windowHeight = 1600.0

    static let titleMarker = Array("<!--title-->".utf8)
    static let gridMarker = Array("<!--grid-->".utf8)
    static let windowMarker = Array("<!--window-->".utf8)
    static let previousMarker = Array("<!--previous-->".utf8)
    static let nextMarker = Array("<!--next-->".utf8)
    static let indexMarker = Array("<!--index-->".utf8)
    static let backMarker = Array("<!--back-->".utf8)
    static let searchMarker = Array("<!--search-->".utf8)
    static let textMarker = Array("<!--text-->".utf8)

    /// The response for `GET /d/{id}`.
    /// - Throws: ``HTTPError`` `400` for a bad query, `404` for a child table that does not exist, `500`
    ///   when the template is missing or unmarked.
    /// - Parameters:
    ///   - page: the hashed URLs of the scripts and stylesheets the template names.
    ///   - assets: where the rows' image names resolve.
    static func response(
        entry: DatasetEntry, request: HTTPRequest, files: StaticFiles, page: PageAssets, assets: AssetCatalog
    ) throws(HTTPError) -> HTTPResponse {
        var window = try WindowRequest(request)
        if request.query("lang")?.isEmpty ?? true {
            window.language = UILanguage(acceptLanguage: request.headers["Accept-Language"] ?? "")
            window.reader = readerLanguage(request.headers["Accept-Language"] ?? "", of: entry.dataset)
        } else if let asked = window.reader {
            // The page names the reader's language only where the dataset speaks it (as its bundle spells it).
            window.reader = readerLanguage(asked, of: entry.dataset)
        }
        window.height = windowHeight
        window.overscan = 0
        window.isEditing = false
        let shown = try Self.child(of: entry, window.child)
        let parent = window.child.isEmpty ? nil : try Self.child(of: entry, ChildAddress(window.child.rows.dropLast()))
        // The back control says the parent's title as the parent's own page says it, in the reader's language.
        let grandparent = window.child.rows.count < 2 ? nil : try Self.child(of: entry, ChildAddress(window.child.rows.dropLast(2)))
        let backTitle = parent.flatMap {
            localizedTitle(of: $0, parent: grandparent, language: window.language, reader: window.reader)
        }
        guard let file = files.resolve("/table.html"),
            let (_, template) = (try? System.readFile(file, maxBytes: files.maxFileBytes)) ?? nil,
            let body = render(
                template: page.link(template), entry: shown, parent: parent, backTitle: backTitle, request: window,
                assets: assets, keptLanguage: WindowRequest.keptLanguage(request.query("lang")))
        else {
            throw HTTPError(500, detail: "the page template Public/table.html is missing or not marked for the table")
        }
        var response = HTTPResponse(status: 200, body: body)
        response.headers.set("Content-Type", "text/html; charset=utf-8")
        response.headers.set("Cache-Control", "no-store")
        return response
    }

    /// The template with the table's title, the grid and its first window, and the paging links.
    /// - Parameters:
    ///   - entry: the table shown, the dataset's own or a child table.
    ///   - parent: the table a child table was opened from; nil for the dataset's own.
    ///   - backTitle: the parent's title in the reader's language, when it has one of its own (a pane's).
    /// - Returns: the page, or nil when the template lacks a marker.
    /// - Complexity: O(template + window).
    static func render(
        template: [UInt8], entry: DatasetEntry, parent: DatasetEntry?, backTitle: String? = nil, request: WindowRequest,
        assets: AssetCatalog, keptLanguage: String? = nil
    ) -> [UInt8]? {
        let view = WindowView(searching: entry, request: request)
        let dataset = entry.dataset
        let id = entry.rootID
        var title = HTMLBuffer(capacity: 64)
        let shownTitle = localizedTitle(of: entry, parent: parent, language: request.language, reader: request.reader)
        title.text(shownTitle ?? (dataset.title.isEmpty ? id : dataset.title))
        let outline = outlineSection(of: entry, request: request)
        var grid = HTMLBuffer(capacity: 96)
        let isTree = entry.metrics.hasSectionHeaders || outline != nil
        grid.raw(isTree ? "<div class=\"spacer\" role=\"treegrid\"" : "<div class=\"spacer\" role=\"grid\"")
        var page = HTMLBuffer(capacity: 4096)
        let fragment: [UInt8]
        // The paging links follow the window written in: the outline's, or the rows'.
        var (first, end) = bounds(of: view.window)
        var contentHeight = view.window.contentHeight
        if let outline, let shown = outlineWindow(of: entry, section: outline, request: request) {
            fragment = shown.html
            first = shown.window.rows.first?.frame.y ?? shown.window.top
            end = shown.window.rows.last?.frame.maxY ?? shown.window.top
            contentHeight = shown.window.contentHeight
            // The visible nodes, as the page says them once its script runs (before it, too).
            grid.raw(" aria-rowcount=\"")
            grid.int(shown.window.visibleCount)
            grid.raw("\"")
        } else {
            view.fragment(assets: assets, into: &page)
            fragment = page.bytes
        }
        grid.raw(" aria-labelledby=\"title\"><div class=\"layer\">")
        let expanded = (request.expanded.map { "&expanded=" + $0.description } ?? "") + kept(request)
        var previous = HTMLBuffer(capacity: 128, language: request.language)
        if request.top > 0 && first > 0 {
            writeLink(
                "previous", request.language.pick(.previousRows), href: "/d/\(id)?top=\(Int(max(0, first - windowHeight)))\(expanded)",
                into: &previous)
        }
        var next = HTMLBuffer(capacity: 128, language: request.language)
        if end < contentHeight {
            writeLink("next", request.language.pick(.nextRows), href: "/d/\(id)?top=\(Int(end))\(expanded)", into: &next)
        }
        var index = HTMLBuffer(capacity: 64 + entry.indexTitles.count * 48, language: request.language)
        writeIndex(entry, layout: view.layout, expanded: expanded, isSearching: request.query != nil, into: &index)
        var back = HTMLBuffer(capacity: 96, language: request.language)
        writeBack(entry, parent: parent, title: backTitle, keptLanguage: keptLanguage, into: &back)
        var search = HTMLBuffer(capacity: 320, language: request.language)
        writeSearch(entry, query: request.query?.text, into: &search)
        var words = HTMLBuffer(capacity: 1024)
        words.text(UIText.scriptWords(request.language))
        var filled = UIText.translate(template, to: request.language).replacing(titleMarker, with: title.bytes)
        if let reader = request.reader {
            // The rows are in the reader's language, and the script asks for it with each window (`lang=`); the
            // interface's words are its own where it has them (``UILanguage/init(tag:)``), else English.
            let tag = request.language.tag.description
            let asTranslated = tag == "en" ? #"lang="en""# : UIText.languageAttributes(tag)
            filled = filled.replacing(Array(asTranslated.utf8), with: Array(UIText.languageAttributes(reader).utf8))
        }
        for (marker, bytes) in [(textMarker, words.bytes), (backMarker, back.bytes), (searchMarker, search.bytes), (gridMarker, grid.bytes),
                                (windowMarker, fragment), (previousMarker, previous.bytes), (nextMarker, next.bytes),
                                (indexMarker, index.bytes)] {
            guard let range = filled.firstRange(of: marker) else { return nil }
            filled.replaceSubrange(range, with: bytes)
        }
        return filled
    }

    /// The top of the window's first item and the bottom of its last, in content coordinates.
    static func bounds(of window: TableWindow) -> (top: Double, bottom: Double) {
        let frames = window.headers.map(\.frame) + window.rows.map(\.frame) + window.footers.map(\.frame)
        let top = frames.map(\.y).min() ?? window.top
        let bottom = frames.map(\.maxY).max() ?? window.top
        return (top, bottom)
    }

    /// The section index bar: each title a link to the page at its section's header; empty and hidden
    /// while searching, as iOS hides it over search results (whose sections are not the table's).
    private static func writeIndex(
        _ entry: DatasetEntry, layout: TableLayout, expanded: String, isSearching: Bool, into html: inout HTMLBuffer
    ) {
        html.raw("<nav id=\"index\" class=\"index\" data-role=\"index\" aria-label=\"")
        html.raw(html.language.pick(.sectionIndex))
        html.raw("\"")
        if entry.indexTitles.isEmpty || isSearching { html.raw(" hidden") }
        html.raw(">")
        guard !isSearching else { return html.raw("</nav>") }
        for (title, section) in zip(entry.indexTitles, entry.indexSections) {
            html.raw("<a data-section=\"")
            html.int(section)
            html.raw("\" href=\"")
            html.text("/d/\(entry.rootID)?top=\(Int(layout.rectForHeader(inSection: section).y))\(expanded)")
            html.raw("\">")
            html.text(title)
            html.raw("</a>")
        }
        html.raw("</nav>")
    }

    private static func writeLink(_ role: StaticString, _ label: StaticString, href: String, into html: inout HTMLBuffer) {
        html.raw("<p class=\"pager\"><a data-role=\"")
        html.raw(role)
        html.raw("\" href=\"")
        html.text(href)
        html.raw("\">")
        html.raw(label)
        html.raw("</a></p>")
    }

    /// The title a Settings bundle gets from its folder's generic name when nothing names its app.
    static let genericSettingsTitle = "Settings"

    /// A table's title in the reader's language: a child table's is the text of the row that opens it, as that
    /// row shows it (a Settings bundle's pane title from its strings); a Settings bundle's own is its root page's
    /// `Title` from the root page's strings, while the dataset's title is still that `Title`, and the interface's
    /// word for Settings (设置) while its title is ``genericSettingsTitle``.
    /// - Returns: nil when there is no text in that language.
    static func localizedTitle(
        of entry: DatasetEntry, parent: DatasetEntry?, language: UILanguage, reader: String?
    ) -> String? {
        if entry.address.rows.isEmpty {
            if let fields = entry.dataset.shape.document?[SettingsBundle.titleKey]?.dictValue, fields["text"]?.text == entry.dataset.title {
                return FragmentRenderer.localizedText(fields, "text", language: language, reader: reader).flatMap { $0.isEmpty ? nil : $0 }
            }
            // A bundle titled by its generic folder (`Settings.bundle` uploaded alone): the word is the interface's.
            guard entry.dataset.kind == .settings, entry.dataset.title == genericSettingsTitle else { return nil }
            return language.pick(.settings).description
        }
        guard let parent, let row = entry.address.rows.last, let at = parent.snapshot.indexPath(for: row) else { return nil }
        let fields = parent.dataset.sections[at.section].rows[at.row].fields
        guard fields["localized"] != nil else { return nil }
        return FragmentRenderer.localizedText(fields, "text", language: language, reader: reader).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The reader's language when the dataset speaks it: the first language of `Accept-Language` when it is
    /// neither English nor Simplified Chinese (``WindowRequest/namesReader(_:)``), as ``LanguageMatch`` finds it
    /// among a Settings bundle's languages and the bundle spells it (`de-CH;q=0.9` → `de`, `zh-TW` →
    /// `zh-Hant-TW`, else `zh-Hant`).
    /// - Returns: nil otherwise.
    static func readerLanguage(_ acceptLanguage: String, of dataset: Dataset) -> String? {
        guard let languages = dataset.shape.document?["languages"]?.arrayValue?.compactMap(\.stringValue),
            let first = acceptLanguage.split(separator: ",").first?.split(separator: ";").first,
            case let tag = LanguageMatch.normalized(first.trimmingCharacters(in: .whitespaces)), WindowRequest.namesReader(tag)
        else { return nil }
        return LanguageMatch.best(for: tag, among: languages)
    }
}
