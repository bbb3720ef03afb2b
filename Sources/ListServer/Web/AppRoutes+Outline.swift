// Web — a window of a section's outline, as JSON or as an HTML fragment
import HTTPServer
import ListRender
import Models

extension AppRoutes {
    static let outlineRoute = "/api/datasets/:id/sections/:section/outline"
    static let outlineFragmentRoute = "/d/:id/sections/:section/outline"

    /// `GET /api/datasets/{id}/sections/{section}/outline` (`.json`) and `GET /d/{id}/sections/{section}/outline`
    /// (`.fragment`): the visible rows of the section's outline (its rows and their child rows at any depth)
    /// that meet the viewport, each with what a tree grid says of it: its level, position among its
    /// siblings, their number, and whether it is expanded. The query's `top`, `height` and `overscan` are a
    /// window's; `expanded` names the expanded nodes by their numbers in preorder, in the compact form of
    /// expanded sections (`0,3,9-12`, `all`, `none`, the default); `node`, a node's number, measures `top` from
    /// that node's top while it is visible (as `anchor` measures a window's from a row); `siblings`, a node's number,
    /// adds that node's siblings with children to the expanded ones (a tree grid's `*`), and the answer's `expanded`
    /// names the set shown; `q` searches the nodes' own texts (``OutlineEntries/search(_:ofSection:in:)``): the window
    /// shows the outline with the matches' ancestors expanded (unless `expanded` is given, then as it says), the
    /// matches marked, and says how many there are; no row when none matches; a fragment's `lang` is a fragment's.
    ///
    /// A section not read before is read and laid out on a worker (``HTTPWorkerPool``, once for every
    /// request waiting for it): O(n) in its values, which an event loop must not spend on one request; so is a
    /// search not made lately.
    /// - Throws: ``HTTPError`` `400` for a bad parameter, `404` for a dataset or section that does not
    ///   exist, or a section whose rows hold no child rows.
    func outlineWindow(
        _ format: ResponseCache.Key.Format, _ id: String, _ sectionText: String, _ request: HTTPRequest
    ) throws -> HTTPResponse {
        let entry = try library.requireEntry(id)
        let sections = entry.dataset.sections
        guard let number = Int64(sectionText), let index = sections.firstIndex(where: { $0.id.rawValue == number })
        else { throw HTTPError.notFound("dataset \"\(id)\" has no section \(sectionText)") }
        let query = request.parsedQuery
        let top = try WindowRequest.number(query, "top", default: 0, range: -1e12...1e12)
        let height = try WindowRequest.number(query, "height", default: 800, range: 0...WindowRequest.maximumHeight)
        let overscan = try WindowRequest.number(
            query, "overscan", default: 0, range: 0...WindowRequest.maximumOverscan)
        let expanded: ExpandedSections
        let search = SearchQuery(query["q"] ?? ""), expandedGiven = query["expanded"] != nil
        do {
            expanded = try ExpandedSections.parse(query["expanded"] ?? "none")
        } catch {
            throw HTTPError.badRequest(
                "expanded must name nodes by their numbers in preorder, as 0,3,9-12, all or none; found \""
                    + (query["expanded"] ?? "") + "\"")
        }
        let anchor = try Self.node(query, "node"), siblings = try Self.node(query, "siblings")
        let language = query["lang"].flatMap { UILanguage(tag: $0) } ?? .english
        let answer = { @Sendable () throws -> HTTPResponse in
            try Self.outlineResponse(
                format, entry, index, expanded: expanded, search: search.map { ($0, expandedGiven) }, top: top,
                height: height, overscan: overscan, anchor: anchor, siblings: siblings, language: language)
        }
        let ready = entry.outlines.isPrepared(sections[index].id)
        guard ready, search.map({ entry.outlines.hasSearched($0, ofSection: index, in: entry) }) ?? true else {
            return workers.respond(
                to: request, coalescing: "outline \(entry.tag) \(number)" + (search.map { " q \($0.text)" } ?? ""),
                work: {
                    entry.outlines.prepare(ofSection: index, in: entry)
                    if let search { _ = entry.outlines.search(search, ofSection: index, in: entry) }
                }, answer: { _ in try answer() })
        }
        return try answer()
    }

    /// The node the query's parameter `name` names.
    /// - Returns: nil when the query has no such parameter.
    /// - Throws: ``HTTPError`` `400` for a value that is not a node's number.
    private static func node(_ query: HTTPQuery, _ name: String) throws(HTTPError) -> Int? {
        guard let text = query[name] else { return nil }
        guard let node = Int(text), node >= 0 else {
            throw HTTPError.badRequest("\(name) must be a node's number in preorder, found \"\(text)\"")
        }
        return node
    }

    /// The window of section `index`'s outline as `format` writes it; with `search`, of the outline as the search
    /// shows it (its ancestors expanded unless the request gave its own expanded set).
    /// - Throws: ``HTTPError`` `404` when the section holds no outline.
    private static func outlineResponse(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ index: Int, expanded: ExpandedSections,
        search: (query: SearchQuery, expandedGiven: Bool)?, top: Double, height: Double, overscan: Double,
        anchor: Int?, siblings: Int?, language: UILanguage
    ) throws -> HTTPResponse {
        let sections = entry.dataset.sections
        let found = search.flatMap { entry.outlines.search($0.query, ofSection: index, in: entry) }
        let searched = found.map { search?.expandedGiven == true ? expanded : $0.expanded } ?? expanded
        let expanded = siblings.map {
            entry.outlines.expandingSiblings(of: $0, inSection: index, in: entry, expanded: searched)
        } ?? searched
        guard
            var view = entry.outlines.window(
                ofSection: index, in: entry, expanded: expanded, top: top, height: height, overscan: overscan,
                anchor: anchor)
        else {
            throw HTTPError.notFound(
                "section \(sections[index].id.rawValue) of dataset \"\(entry.dataset.id)\" holds no outline: "
                    + "no row has children")
        }
        if let found, found.nodes.isEmpty {
            // Nothing matches: no row, as a search of rows that finds none.
            view = OutlineEntries.View(
                outline: view.outline,
                window: OutlineWindow(top: top, height: height, overscan: overscan, contentHeight: 0, visibleCount: 0),
                facts: [])
        }
        let rows = sections[index].rows
        let matches = search.flatMap { search in found.map { OutlineMatches(query: search.query, nodes: $0.nodes) } }
        let body: [UInt8]
        switch format {
        case .json:
            body = JSONOutput.bytes(capacity: 256 + view.window.rows.count * 256) { json in
                writeOutline(
                    &json, view, rows: rows, version: entry.dataset.version, expanded: expanded, matches: matches)
            }
        case .fragment:
            body = outlineFragment(view, entry: entry, expanded: expanded, matches: matches, language: language)
        }
        return HTTPResponse(
            status: 200,
            headers: ["Content-Type": WindowView.contentType(format).description, "Cache-Control": "no-cache"],
            body: body)
    }

    /// The HTML fragment of `view`, a window of `entry`'s outline; with `matches`, its texts marked where they match.
    static func outlineFragment(
        _ view: OutlineEntries.View, entry: DatasetEntry, expanded: ExpandedSections, matches: OutlineMatches? = nil,
        language: UILanguage
    ) -> [UInt8] {
        let rows = entry.dataset.sections.first { $0.id == view.outline.section }?.rows ?? []
        let nodes = view.outline.outline.nodes
        // A disclosure is a link to the page with its node toggled, from the node's top, for pages without script.
        let all = [0...Int64(nodes.count - 1)]
        var kept = language == .english ? "" : "&lang=\(language.tag)"
        if let query = matches?.query.text { kept += "&q=" + TablePage.percentEncoded(query) }
        let items = zip(view.window.rows, view.facts).map { item, facts in
            let link = facts.isExpanded.map { _ in
                "?expanded=\(expanded.toggling(SectionID(Int64(item.row)), allIDs: all).description)"
                    + "&top=\(Int(item.frame.y))" + kept
            }
            return OutlineFragment.Row(
                item: item, facts: facts, rowID: rows[nodes[item.row].row].id, fields: view.outline.fields[item.row],
                parent: nodes[item.row].parent, toggleLink: link)
        }
        return OutlineFragment.html(
            view.window, rows: items, kind: entry.dataset.kind, section: view.outline.section,
            version: entry.dataset.version, expanded: expanded.description, count: nodes.count,
            style: entry.layout.style, marking: matches.map { ($0.query, $0.nodes.count) }, language: language)
    }

    private static func writeOutline(
        _ json: inout JSONOutput, _ view: OutlineEntries.View, rows: [Row], version: Int64, expanded: ExpandedSections,
        matches: OutlineMatches?
    ) {
        let outline = view.outline
        let window = view.window
        json.beginObject()
        json.member("version", version)
        json.member("section", outline.section.rawValue)
        json.member("contentHeight", number: window.contentHeight)
        json.member("visibleCount", window.visibleCount)
        json.member("count", outline.heights.count)
        json.member("expanded", expanded.description)
        if let matches { json.member("matches", matches.nodes.count) }
        json.key("rows")
        json.beginArray()
        for (item, facts) in zip(window.rows, view.facts) {
            let node = outline.outline.nodes[item.row]
            json.beginObject()
            json.member("node", item.row)
            json.member("id", rows[node.row].id.rawValue)
            json.member("index", item.index)
            json.member("y", number: item.frame.y)
            json.member("height", number: item.frame.height)
            json.member("level", facts.level)
            json.member("posinset", facts.position)
            json.member("setsize", facts.setSize)
            json.member("childCount", node.childCount)
            if let isExpanded = facts.isExpanded { json.member("expanded", isExpanded) }
            if let matches { json.member("match", matches.contains(item.row)) }
            json.key("fields")
            json.fields(outline.fields[item.row])
            json.endObject()
        }
        json.endArray()
        json.endObject()
    }
}

/// What a search over an outline found: its query and the matching nodes in preorder.
struct OutlineMatches {
    let query: SearchQuery
    let nodes: [Int]

    /// Whether `node` matches.
    /// - Complexity: O(log m) for m matches.
    func contains(_ node: Int) -> Bool {
        var low = 0
        var high = nodes.count
        while low < high {
            let middle = (low + high) / 2
            if nodes[middle] < node { low = middle + 1 } else { high = middle }
        }
        return low < nodes.count && nodes[low] == node
    }
}
