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

    /// The items in the order they appear; empty items (`a=1&&b=2`) are left out.
    public private(set) var items: [Item] = []

    /// - Parameter rawQuery: the query after `?`, undecoded; nil or empty for none.
    /// - Complexity: O(n) in the query's length.
    public init(_ rawQuery: String?) {
        guard var rawQuery, !rawQuery.isEmpty else { return }
        items = rawQuery.withUTF8 { query in
            var items: [Item] = []
            var start = 0
            while start < query.count {
                var end = start
                while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
                if end > start {
                    var equals = start
                    while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
                    let valueStart = equals < end ? equals + 1 : end
                    items.append(
                        Item(
                            name: HTTPPath.decodeQueryComponent(UnsafeBufferPointer(rebasing: query[start..<equals])),
                            value: HTTPPath.decodeQueryComponent(UnsafeBufferPointer(rebasing: query[valueStart..<end]))))
                }
                start = end + 1
            }
            return items
        }
    }

    /// The decoded value of the first item called `name`, "" for an item without `=`; nil when absent.
    /// - Complexity: O(items).
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }
}

extension HTTPRequest {
    /// The request's query, split and decoded (see ``HTTPQuery``).
    public var parsedQuery: HTTPQuery { HTTPQuery(rawQuery) }
}
