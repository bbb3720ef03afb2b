// Web — one computed window, as JSON or as a fragment
import Bytes
import HTTPServer
import ListRender
import Models

/// One computed window of a dataset version, ready to be written as JSON or as an HTML fragment.
///
/// A class: the writers hold and pass one reference, where a structure of this many references (the
/// entry, its layout, the window's arrays) was copied, each reference retained and released, and those
/// are the dataset's, shared by every thread serving it.
final class WindowView {
    let entry: DatasetEntry
    let expanded: ExpandedSections
    /// Whether the sections end with insertion rows (editing mode, a kind whose rows can be inserted).
    let hasInsertionRows: Bool
    /// The layout the window is of, read where the entry keeps it.
    let shared: SharedLayout
    var layout: TableLayout { shared.layout }
    let window: TableWindow
    /// The dataset's sections, read once rather than through `entry` for every item.
    let sections: [Section]
    /// The search whose results the window shows, and how many rows match it; nil outside a search.
    var query: SearchQuery?
    var matches: Int?
    var sectionRowCounts: [Int]?
    /// The language of the fragment's own words.
    let language: UILanguage
    /// The reader's language when the interface does not speak it (``WindowRequest/reader``).
    let reader: String?
    /// The width the rows' heights are estimated for, when they depend on it; nil when they do not.
    let estimatedWidth: Double?

    /// - Complexity: O(sections) the first time an expanded set is seen, then O(log n + k).
    init(entry: DatasetEntry, request: borrowing WindowRequest) {
        self.entry = entry
        expanded = request.expandedSections(default: entry.defaultExpanded)
        hasInsertionRows = request.hasInsertionRows(in: entry)
        let width = entry.estimateWidth(request.width)
        shared = entry.sharedLayout(for: expanded, hasInsertionRows: hasInsertionRows, width: width)
        estimatedWidth = entry.metrics.heightsDependOnWidth ? width ?? TableMetrics.referenceWidth : nil
        window = Self.window(of: shared, entry, request)
        sections = entry.dataset.sections
        language = request.language
        reader = request.reader
    }

    /// The window `request` asks for in `shared`'s layout: at `top`, from the row or section it names
    /// when it names one.
    private static func window(
        of shared: SharedLayout, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> TableWindow {
        withExtendedLifetime(shared) {
            // Read where the shared layout keeps it (a call on `shared.layout` copied the layout first).
            withUnsafePointer(to: shared.layout) { layout in
                var top = request.top
                if let anchor = request.anchor, let path = entry.snapshot.indexPath(for: anchor),
                    let frame = layout.pointee.rectForRow(at: path)
                {
                    top += frame.y
                } else if let section = request.section, section < layout.pointee.numberOfSections {
                    top += layout.pointee.rectForHeader(inSection: section).y
                }
                return layout.pointee.window(top: top, height: request.height, overscan: request.overscan)
            }
        }
    }

    /// The JSON of a window, from the entry's ``ResponseCache`` when it was written before (lane 0, for a
    /// request answered off the server; the event loops answer through
    /// ``response(_:entry:request:assets:lane:)``).
    /// - Complexity: O(1) on average for a window written before, else as ``json``.
    static func json(entry: DatasetEntry, request: WindowRequest, key: ResponseCache.Key? = nil) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.json, entry, request)) {
            WindowView(searching: entry, request: request).json
        }
    }

    /// The HTML fragment of a window, from the entry's ``ResponseCache`` when it was written before (lane 0,
    /// as for ``json(entry:request:key:)``).
    /// - Complexity: O(1) on average for a window written before, else O(log n + k).
    /// - Parameter assets: where the rows' image names resolve.
    static func fragment(
        entry: DatasetEntry, request: WindowRequest, assets: AssetCatalog, key: ResponseCache.Key? = nil
    ) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.fragment, entry, request)) {
            WindowView(searching: entry, request: request).fragment(assets: assets)
        }
    }

    /// A window response whose fields and body are written into the server's ``ResponseWriter`` when it is
    /// sent, the body from the entry's ``ResponseCache`` (in `lane`, the event loop answering the request)
    /// when it was written before: its `Content-Type`, its entity tag (``etag(_:entry:)``) and
    /// `Cache-Control: no-cache`, written with no string made.
    /// - Complexity: as ``json(entry:request:key:)`` and ``fragment(entry:request:assets:key:)``.
    static func response(
        _ key: ResponseCache.Key, entry: DatasetEntry, request: WindowRequest, assets: AssetCatalog, lane: Int
    ) -> HTTPResponse {
        HTTPResponse(status: 200) { writer in
            writer.field("Content-Type") { $0.append(contentType(key.format)) }
            writer.field("ETag") { writeETag(key, entry: entry, to: $0) }
            writer.field("Cache-Control") { $0.append("no-cache") }
            entry.responses.write(for: key, lane: lane, into: writer.body) { body in
                let view = WindowView(searching: entry, request: request)
                switch key.format {
                case .json: view.json(into: body)
                case .fragment: view.fragment(assets: assets, into: body)
                }
            }
        }
    }

    /// The entity tag of a window response: the entry (so the dataset version) and the normalised
    /// request, so that a client holding it is answered `304` without a window being written.
    /// - Complexity: O(1) besides the expanded set's length.
    static func etag(_ key: ResponseCache.Key, entry: DatasetEntry) -> String {
        let bytes = ByteStorage.array(capacity: 24 + entry.tag.utf8.count) { writeETag(key, entry: entry, to: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A window response written off the event loops (on a worker): `body` with the header fields every
    /// window response has (``response(_:entry:request:assets:lane:)`` writes the same into the writer).
    static func response(_ key: ResponseCache.Key, entry: DatasetEntry, body: [UInt8]) -> HTTPResponse {
        var headers = HTTPHeaders(capacity: 4)
        headers.add("Content-Type", contentType(key.format).description)
        headers.add("ETag", etag(key, entry: entry))
        headers.add("Cache-Control", "no-cache")
        return HTTPResponse(status: 200, headers: headers, body: body)
    }

    /// The `Content-Type` of a window response.
    static func contentType(_ format: ResponseCache.Key.Format) -> StaticString {
        switch format {
        case .json: "application/json"
        case .fragment: "text/html; charset=utf-8"
        }
    }

    /// Appends `"tag.f.hash"`: the entry's tag, the format and the key's digest as 16 hex digits.
    private static func writeETag(_ key: ResponseCache.Key, entry: DatasetEntry, to bytes: ByteStorage) {
        bytes.append(UInt8(ascii: "\""))
        var tag = entry.tag
        tag.withUTF8 { bytes.append(UnsafeRawBufferPointer($0)) }
        bytes.append(key.format == .json ? ".j." : ".f.")
        bytes.appendHexadecimal(key.digest)
        bytes.append(UInt8(ascii: "\""))
    }

    /// A `304` when `condition`, the request's `If-None-Match`, names `etag`, else nil.
    static func notModified(_ condition: String?, etag: String) -> HTTPResponse? {
        guard let condition, StaticFiles.matches(condition, etag: etag) else {
            return nil
        }
        return HTTPResponse(status: 304, headers: ["ETag": etag, "Cache-Control": "no-cache"])
    }

    static func cacheKey(
        _ format: ResponseCache.Key.Format, _ entry: DatasetEntry, _ request: WindowRequest
    ) -> ResponseCache.Key {
        ResponseCache.Key(
            format: format, top: request.top, height: request.height, overscan: request.overscan,
            expanded: request.expandedSections(default: entry.defaultExpanded),
            hasInsertionRows: request.hasInsertionRows(in: entry),
            width: entry.estimateWidth(request.width), anchor: request.anchor?.rawValue, section: request.section,
            query: request.query, language: format == .fragment ? request.language : .english,
            reader: format == .fragment ? request.reader : nil)
    }
}
