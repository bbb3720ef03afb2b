// HTTPServer — A complete request as the handler sees it
import Synchronization

/// A complete request as the handler sees it.
public struct HTTPRequest: Sendable, Equatable {
    /// The method token as sent, e.g. `GET` (methods are case-sensitive).
    public var method: String
    /// The request target exactly as sent, e.g. `/api/datasets/x%20y/window?top=0`.
    public var target: String { targetBytes.text }
    /// Where the target's bytes are.
    @usableFromInline let targetBytes: TargetBytes
    /// Where the path and the query are.
    @usableFromInline let parts: Parts
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    /// The body's bytes, empty when there are none or after ``takeBody()``.
    public var body: [UInt8] {
        get { bodyHolder?.bytes.withLock { $0 } ?? [] }
        set { bodyHolder = newValue.isEmpty ? nil : BodyHolder(newValue) }
    }
    /// Where the body is kept: one place that ``takeBody()`` can empty, whatever copies of the request
    /// the server and the router made on the way; nil for none (most requests, which so allocate nothing).
    private var bodyHolder: BodyHolder?
    /// Who answers the request: the event loop, for which client (``loop``, ``clientAddress``, ``isServed``).
    var service = Service()

    /// The index of the event loop answering the request, from 0 to the configuration's `eventLoopCount`
    /// (0 off the server): a handler may keep state per loop, which only that loop's thread touches.
    public var loop: Int { service.loop }

    /// The address of the client that sent the request (`127.0.0.1`), whose shares of the server's
    /// resources it uses; nil off the server or when the socket had none.
    public var clientAddress: String? { service.client }

    /// Whether an event loop answers the request (false in-process, off the server): work handed to a
    /// worker then answers through a deferred response.
    public var isServed: Bool { service.served }

    /// Builds a request from its parts, parsing `target` as the parser does.
    /// - Parameters:
    ///   - method: the method token.
    ///   - target: an origin-form (`/path?query`), absolute-form, `*` or authority-form (`CONNECT`) target.
    /// - Throws: `HTTPRequestParser.Error.invalidTarget` or `.invalidPath` as the parser would.
    public init(
        method: String = "GET", target: String, version: HTTPVersion = .http11, headers: HTTPHeaders = [:],
        body: [UInt8] = []
    ) throws(HTTPRequestParser.Error) {
        var text = target
        let parts = text.withUTF8 { bytes in
            Result { () throws(HTTPRequestParser.Error) in
                try HTTPPath.parts(of: UnsafeRawBufferPointer(bytes), method: method)
            }
        }
        self.init(method: method, target: .text(target), parts: try parts.get(), version: version, headers: headers)
        self.bodyHolder = body.isEmpty ? nil : BodyHolder(body)
    }

    /// Builds a request from already-parsed parts (used by the parser, with the target in the head's bytes).
    init(method: String, target: TargetBytes, parts: Parts, version: HTTPVersion, headers: HTTPHeaders) {
        self.method = method
        self.targetBytes = target
        self.parts = parts
        self.version = version
        self.headers = headers
        // `bodyHolder` starts nil: assigning it here too made the optimiser copy the whole request.
    }

    /// Where a request's target is: in the bytes its head arrived in (a parsed request), so that no string
    /// is made of it unless it is asked for, or in a string (a request built from its parts). Sendable: the
    /// head's bytes are only read once made.
    @usableFromInline
    enum TargetBytes: @unchecked Sendable {
        case head(HTTPHeadBytes)
        case text(String)

        /// The target as a string.
        var text: String {
            switch self {
            case .head(let head): head.withTarget { String(decoding: $0, as: UTF8.self) }
            case .text(let text): text
            }
        }
    }

    /// Calls `body` with the target's UTF-8, read where it lies.
    @inlinable
    func withTargetBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch targetBytes {
        case .head(let head): return try head.withTarget(body)
        case .text(var text): return try text.withUTF8(body)
        }
    }

    /// Where a request's path and query are: the usual target, an origin-form path that needs no
    /// normalising, holds both, so that neither is another string until it is asked for.
    @usableFromInline
    enum Parts: Sendable, Equatable {
        /// The path is the target's first `pathEnd` bytes; the query, when `hasQuery`, follows its `?`.
        case inTarget(pathEnd: Int, hasQuery: Bool)
        /// The normalised path and the raw query, made apart from the target.
        case apart(path: String, query: String?)
    }

    /// The target's path, percent-decoded and normalised: no `.`/`..` segments, no empty segments, never
    /// above `/`. `*` for `OPTIONS *`, empty for `CONNECT`.
    public var path: String {
        switch parts {
        case .inTarget(let pathEnd, _):
            withTargetBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[..<pathEnd]), as: UTF8.self) }
        case .apart(let path, _): path
        }
    }

    /// The raw query after `?` (not decoded), nil when the target has no `?`.
    public var rawQuery: String? {
        switch parts {
        case .inTarget(let pathEnd, let hasQuery):
            hasQuery
                ? withTargetBytes {
                    String(decoding: UnsafeBufferPointer(rebasing: $0[(pathEnd + 1)...]), as: UTF8.self)
                }
                : nil
        case .apart(_, let query): query
        }
    }

    /// Calls `body` with the UTF-8 of ``path``, read where it lies: no string is made of it.
    @inlinable
    package func withPathBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        switch parts {
        case .inTarget(let pathEnd, _):
            return try withTargetBytes { try body(UnsafeBufferPointer(rebasing: $0[..<pathEnd])) }
        case .apart(var path, _):
            return try path.withUTF8(body)
        }
    }

    /// Calls `body` with the UTF-8 of ``rawQuery`` (nil when there is none), read where it lies: no string is
    /// made of it.
    @inlinable
    package func withRawQueryBytes<Result>(
        _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
    ) rethrows -> Result {
        switch parts {
        case .inTarget(let pathEnd, let hasQuery):
            guard hasQuery else { return try body(nil) }
            return try withTargetBytes { try body(UnsafeBufferPointer(rebasing: $0[(pathEnd + 1)...])) }
        case .apart(_, let query?):
            var query = query
            return try query.withUTF8(body)
        case .apart(_, nil):
            return try body(nil)
        }
    }

    /// Hands the body's bytes to the caller and leaves the request without them (every copy of it), so
    /// that a handler that reads a large upload into another form can free the upload as soon as it has
    /// read it, instead of keeping both until the response is sent.
    /// - Complexity: O(1).
    public func takeBody() -> [UInt8] {
        guard let bodyHolder else { return [] }
        return bodyHolder.bytes.withLock { bytes in
            var taken: [UInt8] = []
            swap(&taken, &bytes)
            return taken
        }
    }

    /// Who answers a request.
    struct Service: Sendable {
        /// The index of the event loop answering it (see ``HTTPRequest/loop``).
        var loop = 0
        /// The client's address (see ``HTTPRequest/clientAddress``).
        var client: String?
        /// Whether an event loop answers the request.
        var served = false
    }

    /// Requests are equal when they say the same; the loop answering them is no part of that.
    public static func == (left: HTTPRequest, right: HTTPRequest) -> Bool {
        left.method == right.method && left.target == right.target && left.path == right.path
            && left.rawQuery == right.rawQuery && left.version == right.version && left.headers == right.headers
            && left.body == right.body
    }

    /// The query's `name=value` pairs in order, `+` and percent-escapes decoded.
    /// - Complexity: O(length of the query).
    public var queryItems: [(name: String, value: String)] {
        guard let rawQuery else { return [] }
        return rawQuery.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { item in
            let (name, value) = Self.splitPair(item)
            return (HTTPPath.decodeQueryComponent(name), HTTPPath.decodeQueryComponent(value))
        }
    }

    /// The decoded value of the first query item called `name`.
    /// - Returns: nil when there is none; `""` for `?name` or `?name=`.
    /// - Complexity: O(length of the query).
    public func query(_ name: String) -> String? {
        withRawQueryBytes { query in query.flatMap { Self.value(of: name, in: $0) } }
    }

    /// The decoded value of the first item of `query` whose name decodes to `name`, scanning the bytes in
    /// place: a plain ASCII name with no escapes (the usual case) is compared without being decoded.
    private static func value(of name: String, in query: UnsafeBufferPointer<UInt8>) -> String? {
        var start = 0
        while start < query.count {
            var end = start
            while end < query.count && query[end] != UInt8(ascii: "&") { end += 1 }
            if end > start {
                var equals = start
                while equals < end && query[equals] != UInt8(ascii: "=") { equals += 1 }
                let rawName = UnsafeBufferPointer(rebasing: query[start..<equals])
                let plain = !rawName.contains { $0 == HTTPBytes.percent || $0 == UInt8(ascii: "+") || $0 >= 0x80 }
                if plain ? rawName.elementsEqual(name.utf8) : HTTPPath.decodeQueryComponent(rawName) == name {
                    let valueStart = equals < end ? equals + 1 : end
                    return HTTPPath.decodeQueryComponent(UnsafeBufferPointer(rebasing: query[valueStart..<end]))
                }
            }
            start = end + 1
        }
        return nil
    }

    private static func splitPair(_ item: Substring.UTF8View.SubSequence) -> (Substring.UTF8View, Substring.UTF8View) {
        guard let equals = item.firstIndex(of: UInt8(ascii: "=")) else { return (item, item[item.endIndex...]) }
        return (item[..<equals], item[item.index(after: equals)...])
    }
}

/// The one place a request's body is kept (``HTTPRequest/takeBody()``).
private final class BodyHolder: Sendable {
    let bytes: Mutex<[UInt8]>

    init(_ bytes: [UInt8]) {
        self.bytes = Mutex(bytes)
    }
}
