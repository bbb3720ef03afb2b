// Web — a window request read from its query's bytes
import Bytes
import HTTPServer
import ListRender
import Models

extension WindowRequest {
    /// Reads the window a query asks for from its bytes: in one pass when it is written the usual way
    /// (names without escapes, each given once, numbers as plain digits, `expanded` and `q` without
    /// escapes, no `child`), which makes no query value, string or list of items; any other query is
    /// read item by item through ``HTTPQuery`` (``init(_:)-(HTTPQuery)``), which answers its errors.
    /// - Parameter query: the query after `?`, undecoded.
    /// - Throws: ``HTTPError`` `400` naming the parameter.
    /// - Complexity: O(n) in the query's length.
    init(query: UnsafeRawBufferPointer) throws(HTTPError) {
        self.init()
        try read(query: query)
    }

    /// Reads the window `query` asks for into this one, which holds the defaults (see ``init(query:)``).
    /// - Throws: ``HTTPError`` `400` naming the parameter.
    /// - Complexity: O(n) in the query's length.
    mutating func read(query: UnsafeRawBufferPointer) throws(HTTPError) {
        if !readUsual(query) {
            self = try WindowRequest(HTTPQuery(String(decoding: query, as: UTF8.self)))
        }
    }

    /// The window of a query written the usual way (see ``init(query:)``), read in one pass; nil for any
    /// other, which ``init(_:)-(HTTPQuery)`` reads: for a query this reads, the two agree.
    /// - Complexity: O(n) in the query's length.
    init?(usualQuery query: UnsafeRawBufferPointer) {
        self.init()
        guard readUsual(query) else { return nil }
    }

    /// Reads a query written the usual way (see ``init(query:)``) into this window, which holds the
    /// defaults, in one pass; false for any other, having read part of it.
    /// - Complexity: O(n) in the query's length.
    private mutating func readUsual(_ query: UnsafeRawBufferPointer) -> Bool {
        var seen: UInt16 = 0
        var start = 0
        let count = query.count
        while start < count {
            var equals = -1
            var end = start
            while end < count {
                let byte = query[end]
                if byte == UInt8(ascii: "&") { break }
                if byte == UInt8(ascii: "=") && equals < 0 {
                    equals = end
                } else if byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+") {
                    return false
                }
                end += 1
            }
            let itemStart = start
            start = end + 1
            guard end > itemStart else { continue }
            guard equals > itemStart else { return false }
            let name = UnsafeRawBufferPointer(rebasing: query[itemStart..<equals])
            let value = UnsafeRawBufferPointer(rebasing: query[(equals + 1)..<end])
            guard let parameter = Parameter(name) else { continue }
            // A name given twice: the general reader takes the first.
            guard seen & parameter.bit == 0 else { return false }
            seen |= parameter.bit
            guard read(parameter, value) else { return false }
        }
        return true
    }

    /// Sets the parameter from its plain value; false when the value is not in its usual form (or is
    /// refused), which the general reader then reads.
    private mutating func read(_ parameter: Parameter, _ value: UnsafeRawBufferPointer) -> Bool {
        switch parameter {
        case .top, .height, .overscan, .width:
            guard let number = Self.digits(value, limit: 15).map(Double.init) else { return false }
            switch parameter {
            case .top where number <= 1e12: top = number
            case .height where number <= Self.maximumHeight: height = number
            case .overscan where number <= Self.maximumOverscan: overscan = number
            case .width where number <= Self.maximumWidth: width = number
            default: return false
            }
        case .anchor:
            guard let id = Self.digits(value, limit: 18) else { return false }
            anchor = RowID(Int64(id))
        case .section:
            guard let index = Self.digits(value, limit: 18) else { return false }
            section = index
        case .expanded:
            if ByteComparison.same(value, "all") {
                expanded = .all
            } else {
                guard let sections = try? ExpandedSections.parse(String(decoding: value, as: UTF8.self)) else {
                    return false
                }
                expanded = sections
            }
        case .editing:
            if ByteComparison.same(value, "true") || ByteComparison.same(value, "1") {
                isEditing = true
            } else if !(ByteComparison.same(value, "false") || ByteComparison.same(value, "0")) {
                return false
            }
        case .child:
            return value.isEmpty
        case .query:
            query = SearchQuery(String(decoding: value, as: UTF8.self))
        case .language:
            guard !value.isEmpty else { return true }
            let tag = String(decoding: value, as: UTF8.self)
            // A reader's tag (`ar`, `zh-TW`, `de`) is read by the general path, which keeps it for the dataset's texts.
            guard WindowRequest.isLanguageTag(tag), let language = UILanguage(tag: tag), !WindowRequest.namesReader(tag)
            else { return false }
            self.language = language
        }
        return true
    }

    /// The parameters a window reads.
    private enum Parameter {
        case top, height, overscan, width, anchor, section, expanded, editing, child, query, language

        init?(_ name: UnsafeRawBufferPointer) {
            switch name.count {
            case 1 where ByteComparison.same(name, "q"): self = .query
            case 3 where ByteComparison.same(name, "top"): self = .top
            case 4 where ByteComparison.same(name, "lang"): self = .language
            case 5 where ByteComparison.same(name, "width"): self = .width
            case 5 where ByteComparison.same(name, "child"): self = .child
            case 6 where ByteComparison.same(name, "height"): self = .height
            case 6 where ByteComparison.same(name, "anchor"): self = .anchor
            case 7 where ByteComparison.same(name, "section"): self = .section
            case 7 where ByteComparison.same(name, "editing"): self = .editing
            case 8 where ByteComparison.same(name, "overscan"): self = .overscan
            case 8 where ByteComparison.same(name, "expanded"): self = .expanded
            default: return nil
            }
        }

        var bit: UInt16 {
            switch self {
            case .top: 1
            case .height: 2
            case .overscan: 4
            case .width: 8
            case .anchor: 16
            case .section: 32
            case .expanded: 64
            case .editing: 128
            case .child: 256
            case .query: 512
            case .language: 1024
            }
        }
    }

    /// The value of 1 to `limit` ASCII digits, nil for anything else.
    private static func digits(_ bytes: UnsafeRawBufferPointer, limit: Int) -> Int? {
        guard !bytes.isEmpty && bytes.count <= limit else { return nil }
        var value = 0
        for byte in bytes {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }
}
