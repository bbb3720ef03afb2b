// Web — one computed window, as JSON or as a fragment
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

    /// - Complexity: O(sections) the first time an expanded set is seen, then O(log n + k).
    init(entry: DatasetEntry, request: WindowRequest) {
        self.entry = entry
        expanded = request.expandedSections(default: entry.defaultExpanded)
        hasInsertionRows = request.hasInsertionRows(in: entry)
        shared = entry.sharedLayout(
            for: expanded, hasInsertionRows: hasInsertionRows, width: entry.estimateWidth(request.width))
        window = Self.window(of: shared, entry, request)
        sections = entry.dataset.sections
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

    /// The JSON of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else as ``json``.
    /// - Parameter lane: the cache lane to use (see ``ResponseCache/response(for:lane:render:)``).
    static func json(
        entry: DatasetEntry, request: WindowRequest, key: ResponseCache.Key? = nil, lane: Int = 0
    ) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.json, entry, request), lane: lane) {
            WindowView(searching: entry, request: request).json
        }
    }

    /// The HTML fragment of a window, from the entry's ``ResponseCache`` when it was written before.
    /// - Complexity: O(1) on average for a window written before, else O(log n + k).
    /// - Parameters:
    ///   - assets: where the rows' image names resolve.
    ///   - lane: as for ``json(entry:request:key:lane:)``.
    static func fragment(
        entry: DatasetEntry, request: WindowRequest, assets: AssetCatalog, key: ResponseCache.Key? = nil,
        lane: Int = 0
    ) -> [UInt8] {
        entry.responses.response(for: key ?? cacheKey(.fragment, entry, request), lane: lane) {
            WindowView(searching: entry, request: request).fragment(assets: assets)
        }
    }

    /// The entity tag of a window response: the entry (so the dataset version) and the normalised
    /// request, so that a client holding it is answered `304` without a window being written.
    /// - Complexity: O(1) besides the expanded set's length.
    static func etag(_ key: ResponseCache.Key, entry: DatasetEntry) -> String {
        let tag = entry.tag.utf8
        return String(unsafeUninitializedCapacity: 20 + tag.count) { memory in
            var writer = LineWriter(memory.baseAddress.unsafelyUnwrapped)
            writer.appendETag(key, tag: tag)
            return writer.count
        }
    }

    /// The header fields of a window response, as lines (``HTTPResponse/fieldLines``): its `Content-Type`,
    /// its entity tag (``etag(_:entry:)``) and `Cache-Control: no-cache`, written with no string made.
    static func fieldLines(_ key: ResponseCache.Key, entry: DatasetEntry) -> [UInt8] {
        let tag = entry.tag.utf8
        // The lines' literals, the tag, and a digest of 16 hex digits.
        let capacity = 96 + tag.count
        return [UInt8](unsafeUninitializedCapacity: capacity) { memory, count in
            var lines = LineWriter(memory.baseAddress.unsafelyUnwrapped)
            lines.append("Content-Type: ")
            lines.append(contentType(key.format))
            lines.append("\r\nETag: ")
            lines.appendETag(key, tag: tag)
            lines.append("\r\nCache-Control: no-cache\r\n")
            count = lines.count
        }
    }

    /// The `Content-Type` of a window response.
    static func contentType(_ format: ResponseCache.Key.Format) -> StaticString {
        switch format {
        case .json: "application/json"
        case .fragment: "text/html; charset=utf-8"
        }
    }

    /// Writes header lines into memory made large enough for them.
    private struct LineWriter {
        private let base: UnsafeMutablePointer<UInt8>
        private(set) var count = 0

        init(_ base: UnsafeMutablePointer<UInt8>) {
            self.base = base
        }

        mutating func append(_ text: StaticString) {
            (base + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
            count += text.utf8CodeUnitCount
        }

        mutating func append(_ byte: UInt8) {
            base[count] = byte
            count += 1
        }

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            (base + count).update(from: source, count: bytes.count)
            count += bytes.count
        }

        /// Appends `"tag.f.hash"`: the entry's tag, the format and the key's digest as 16 hex digits.
        mutating func appendETag(_ key: ResponseCache.Key, tag: String.UTF8View) {
            append(UInt8(ascii: "\""))
            if tag.withContiguousStorageIfAvailable({ append($0) }) == nil {
                for byte in tag { append(byte) }
            }
            append(key.format == .json ? ".j." : ".f.")
            let digits: StaticString = "0123456789abcdef"
            for index in 0..<16 {
                let nibble = Int(truncatingIfNeeded: key.digest >> UInt64(60 - 4 * index)) & 0xF
                base[count + index] = digits.utf8Start[nibble]
            }
            count += 16
            append(UInt8(ascii: "\""))
        }
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
            query: request.query)
    }
}
