// HTTPServer — the query of a target, decoded once

/// The query of a request target, split and decoded once: a handler that reads several parameters
/// reads them from here rather than scanning the raw query for each.
///
/// ```swift
/// let query = HTTPQuery("top=120&expanded=1-3%2C7&top=9")
/// query["top"]        // "120" (the first occurrence)
/// query["expanded"]   // "1-3,7"
/// query["width"]      // nil
/// ```
public struct HTTPQuery: Sendable, Equatable {
    public struct Item: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    /// Where one item lies in ``bytes``: its name up to `equals` (or `end` when it has no `=`), its value
    /// after it.
    private struct Span: Sendable, Equatable {
        var start: Int
        var equals: Int
        var end: Int
        /// Whether the name has no escape (`%`, `+`): then it is compared as it is, without decoding.
        var nameIsPlain: Bool
    }

    private let bytes: [UInt8]
    private var spans: [Span] = []

    /// - Parameter rawQuery: the query after `?`, undecoded; nil or empty for none.
    /// - Complexity: O(n) in the query's length. Nothing is decoded until it is asked for.
    public init(_ rawQuery: String?) {
        bytes = rawQuery.map { Array($0.utf8) } ?? []
        // Room for a window request's parameters, so that the list does not grow item by item.
        if !bytes.isEmpty { spans.reserveCapacity(8) }
        var start = 0
        while start < bytes.count {
            var end = start
            var equals = -1
            var nameIsPlain = true
            while end < bytes.count && bytes[end] != UInt8(ascii: "&") {
                if equals < 0 {
                    switch bytes[end] {
                    case UInt8(ascii: "="): equals = end
                    case HTTPBytes.percent, UInt8(ascii: "+"): nameIsPlain = false
                    default: break
                    }
                }
                end += 1
            }
            if end > start {
                spans.append(Span(start: start, equals: equals < 0 ? end : equals, end: end, nameIsPlain: nameIsPlain))
            }
            start = end + 1
        }
    }

    /// The items in the order they appear, decoded; empty items (`a=1&&b=2`) are left out.
    public var items: [Item] {
        spans.map { Item(name: decoded(name: $0), value: decoded(value: $0)) }
    }

    /// The decoded value of the first item called `name`, "" for an item without `=`; nil when absent.
    /// - Complexity: O(n) in the query's length; only the value found is decoded.
    public subscript(name: String) -> String? {
        var name = name
        return name.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { bytes in
                for span in spans {
                    let matches: Bool
                    if span.nameIsPlain {
                        let length = span.equals - span.start
                        matches = length == wanted.count
                            && (0..<length).allSatisfy { bytes[span.start + $0] == wanted[$0] }
                    } else {
                        matches = decoded(name: span).utf8.elementsEqual(wanted)
                    }
                    if matches { return decoded(value: span) }
                }
                return nil
            }
        }
    }

    private func decoded(name span: Span) -> String {
        HTTPPath.decodeQueryComponent(bytes[span.start..<span.equals])
    }

    private func decoded(value span: Span) -> String {
        span.equals < span.end ? HTTPPath.decodeQueryComponent(bytes[(span.equals + 1)..<span.end]) : ""
    }
}

extension HTTPRequest {
    /// The request's query, split and decoded (see ``HTTPQuery``).
    public var parsedQuery: HTTPQuery { HTTPQuery(rawQuery) }
}
