// HTTPServer — maps method and path patterns to handlers
import Bytes

/// Maps method and path patterns to handlers; a pure function from request to response, testable without
/// sockets.
///
/// Patterns are `/`-separated: literal segments, `:name` for one segment (available as `parameters["name"]`),
/// and a final `*` for the rest of the path (`parameters["*"]`). `HEAD` is answered by the `GET` route when
/// there is no `HEAD` route (the server drops the body). A path that matches routes but not the method gets
/// `405` with `Allow`; a method the server does not know gets `501`; a path no route matches goes to
/// `fallback` (e.g. static files) or gets `404`.
public struct HTTPRouter: Sendable {
    public typealias Handler = @Sendable (_ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse

    /// The values captured by `:name` segments and `*`.
    public struct Parameters: Sendable, Equatable {
        struct Value: Sendable, Equatable {
            var name: String
            var value: String
        }

        /// A route has one or two parameters: they are kept in place, where a list or a dictionary would be
        /// allocated for every request; a third and more go to a list.
        private var first: Value?
        private var second: Value?
        private var more: [Value] = []

        public subscript(name: String) -> String? {
            if let first, first.name == name { return first.value }
            if let second, second.name == name { return second.value }
            return more.first { $0.name == name }?.value
        }

        fileprivate mutating func append(_ value: Value) {
            if first == nil {
                first = value
            } else if second == nil {
                second = value
            } else {
                more.append(value)
            }
        }
    }

    /// A route: what the matching tables do not hold.
    private struct Route: Sendable {
        let method: String
        /// The pattern as written, the label of the responses it gives (``HTTPResponse/route``).
        let label: String
        let handler: Handler
    }

    /// One segment of a pattern, in plain values, so that matching retains nothing: a literal is its
    /// bytes' range in ``literals``.
    private struct Segment: Sendable {
        enum Kind: Sendable { case literal, parameter, rest }
        let kind: Kind
        let literal: Range<Int>
    }

    /// Whether the server recognises a method (RFC 9110 §9, PATCH, and the safe QUERY method); others get
    /// `501`, and a known method a path has no route for gets `405`.
    public static func isKnownMethod(_ method: String) -> Bool {
        switch method {
        case "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "QUERY": return true
        default: return false
        }
    }

    private var routes: [Route] = []
    /// Each route's ``Shape``, by the same index.
    private var shapes: [Shape] = []
    /// Every route's segments, one route's after another's (``Shape/segments`` says where).
    private var segments: [Segment] = []
    /// The bytes of every literal segment, one after another.
    private var literals: [UInt8] = []
    /// The names of every route's `:name` segments, one route's after another's (``Shape/firstName``).
    private var parameterNames: [String] = []

    /// What a path must look like for a route to match, and where the route's segments are, in plain
    /// values: read for every route on every request, where reading the route itself would retain and
    /// release its members.
    private struct Shape {
        /// How many segments the path has, or at least has when the pattern ends in `*`.
        let segmentCount: Int
        let hasRest: Bool
        /// The first segment when it is a literal of 1 to 8 bytes, packed (``pack(_:)``); its length is
        /// `firstLength`, 0 when there is no such literal to compare.
        let firstLiteral: UInt64
        let firstLength: Int
        /// Where the route's segments are in ``HTTPRouter/segments``.
        let segments: Range<Int>
        /// Where the names of its `:name` segments start in ``HTTPRouter/parameterNames``.
        let firstName: Int

        init(segments: ArraySlice<Segment>, literals: [UInt8], firstName: Int) {
            hasRest = segments.last?.kind == .rest
            segmentCount = segments.count - (hasRest ? 1 : 0)
            self.segments = segments.indices
            self.firstName = firstName
            if let first = segments.first, first.kind == .literal, (1...8).contains(first.literal.count) {
                firstLiteral = literals.withUnsafeBufferPointer {
                    Self.pack(UnsafeBufferPointer(rebasing: $0[first.literal]))
                }
                firstLength = first.literal.count
            } else {
                firstLiteral = 0
                firstLength = 0
            }
        }

        /// Whether a path of `count` segments, whose first is `first` packed and `firstLength` bytes long,
        /// may match.
        func admits(count: Int, first: UInt64, firstLength: Int) -> Bool {
            guard hasRest ? count >= segmentCount : count == segmentCount else { return false }
            return self.firstLength == 0 || (self.firstLength == firstLength && firstLiteral == first)
        }

        /// Up to 8 bytes as one word, the first in the lowest byte.
        static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var word: UInt64 = 0
            for (index, byte) in bytes.prefix(8).enumerated() { word |= UInt64(byte) << (8 * UInt64(index)) }
            return word
        }
    }

    /// Every route as its method and pattern (`GET /api/datasets/:id`), in the order they were added.
    public var routePatterns: [(method: String, pattern: String)] {
        routes.map { ($0.method, $0.label) }
    }

    /// Called for paths that no route matches.
    public var fallback: HTTPHandler?

    /// The route label of the fallback's responses (``HTTPResponse/route``).
    public static let fallbackRoute = "fallback"

    public init(fallback: HTTPHandler? = nil) {
        self.fallback = fallback
    }

    /// Adds a route.
    /// - Parameters:
    ///   - method: the method token, e.g. `GET`.
    ///   - pattern: a path pattern starting with `/`.
    /// - Precondition: `pattern` starts with `/` and `*` is only the last segment.
    public mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        precondition(pattern.hasPrefix("/"), "route patterns start with /: \(pattern)")
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: true)
        precondition(!segments.dropLast().contains("*"), "* must be the last segment: \(pattern)")
        let first = self.segments.count
        let firstName = parameterNames.count
        for segment in segments {
            if segment == "*" {
                self.segments.append(Segment(kind: .rest, literal: 0..<0))
            } else if segment.hasPrefix(":") {
                parameterNames.append(String(segment.dropFirst()))
                self.segments.append(Segment(kind: .parameter, literal: 0..<0))
            } else {
                let range = literals.count..<(literals.count + segment.utf8.count)
                self.segments.append(Segment(kind: .literal, literal: range))
                literals += segment.utf8
            }
        }
        routes.append(Route(method: method, label: "/" + segments.joined(separator: "/"), handler: handler))
        shapes.append(Shape(segments: self.segments[first...], literals: literals, firstName: firstName))
    }

    public mutating func get(_ pattern: String, _ handler: @escaping Handler) { add("GET", pattern, handler) }
    public mutating func post(_ pattern: String, _ handler: @escaping Handler) { add("POST", pattern, handler) }
    public mutating func put(_ pattern: String, _ handler: @escaping Handler) { add("PUT", pattern, handler) }
    public mutating func delete(_ pattern: String, _ handler: @escaping Handler) { add("DELETE", pattern, handler) }

    /// Finds and runs the handler for a request.
    /// - Returns: the handler's response.
    /// - Throws: `HTTPError` `404`, `405` (with `Allow`) or `501`, or whatever the handler throws.
    /// - Complexity: O(routes × path segments).
    public func handle(_ request: HTTPRequest) throws -> HTTPResponse {
        guard Self.isKnownMethod(request.method) else {
            throw HTTPError(501, detail: "The method \(request.method) is not supported.")
        }
        return try request.withPathBytes { path throws -> HTTPResponse in
            // A path of n bytes has at most (n + 1) / 2 non-empty segments: their ranges fit on the stack.
            try withUnsafeTemporaryAllocation(of: Range<Int>.self, capacity: (path.count + 1) / 2) { ranges in
                try handle(request, path: PathSegments(path, ranges: ranges))
            }
        }
    }

    private func handle(_ request: HTTPRequest, path: PathSegments) throws -> HTTPResponse {
        var allowed: [String] = []
        var headFallback = -1
        var headParameters: Parameters?
        let first = path.count > 0 ? path.firstSegment : (word: UInt64(0), length: 0)
        // Most routes are told apart by their shape; the others are matched against the flat tables of
        // segments and literals, read in place: a route copied out would retain and release its members.
        var candidate = admitted(from: 0, path, first)
        while let index = candidate {
            candidate = admitted(from: index + 1, path, first)
            guard let parameters = match(shapes[index], path) else { continue }
            let method = routes[index].method
            if method == request.method { return try run(index, request, parameters) }
            if request.method == "HEAD" && method == "GET" && headFallback < 0 {
                headFallback = index
                headParameters = parameters
            }
            if !allowed.contains(method) { allowed.append(method) }
        }
        if headFallback >= 0, let headParameters { return try run(headFallback, request, headParameters) }
        if !allowed.isEmpty {
            if allowed.contains("GET") && !allowed.contains("HEAD") {
                allowed.insert("HEAD", at: allowed.firstIndex(of: "GET")! + 1)
            }
            throw HTTPError.methodNotAllowed(allowed: allowed)
        }
        if let fallback {
            do {
                var response = try fallback(request)
                response.route = Self.fallbackRoute
                return response
            } catch {
                throw RoutedError(route: Self.fallbackRoute, error: error)
            }
        }
        throw HTTPError.notFound()
    }

    /// The first route from `start` on whose shape admits `path`, whose first segment is `first`; nil for
    /// none. The shapes are read where they lie, with no copy and no bounds check.
    private func admitted(from start: Int, _ path: PathSegments, _ first: (word: UInt64, length: Int)) -> Int? {
        shapes.withUnsafeBufferPointer { shapes in
            var index = start
            while index < shapes.count {
                // In bounds: the loop stops at `shapes.count`.
                let shape = shapes.address(at: index)
                guard !shape.pointee.admits(count: path.count, first: first.word, firstLength: first.length) else {
                    return index
                }
                index += 1
            }
            return nil
        }
    }

    /// Runs a route's handler and labels what it answers, or what it throws, with the route's pattern.
    /// The route is read in place: a copy would retain and release each of its members.
    private func run(_ index: Int, _ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        do {
            var response = try routes[index].handler(request, parameters)
            // Swapped in: an assignment made the optimiser copy the whole response and destroy the copy.
            var label: String? = routes[index].label
            swap(&response.route, &label)
            return response
        } catch {
            throw RoutedError(route: routes[index].label, error: error)
        }
    }

    /// `handle` with every error turned into a response (see `HTTPResponder`).
    public func respond(to request: HTTPRequest, problemPaths: ProblemPaths = .none) -> HTTPResponse {
        HTTPResponder.respond(to: request, with: { try handle($0) }, problemPaths: problemPaths)
    }

    /// The router as the server's handler.
    public var handler: HTTPHandler {
        { request in try handle(request) }
    }

    /// The non-empty segments of a path, as byte ranges of its UTF-8, kept in memory the caller lends.
    private struct PathSegments {
        let bytes: UnsafeBufferPointer<UInt8>
        private let ranges: UnsafeMutableBufferPointer<Range<Int>>
        /// How many segments there are: the first `count` of `ranges`.
        private(set) var count = 0

        /// - Parameter ranges: room for at least `(bytes.count + 1) / 2` ranges.
        init(_ bytes: UnsafeBufferPointer<UInt8>, ranges: UnsafeMutableBufferPointer<Range<Int>>) {
            self.bytes = bytes
            self.ranges = ranges
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start {
                    ranges.initializeElement(at: count, to: start..<index)
                    count += 1
                }
                start = index + 1
            }
        }

        /// The first segment packed (``Shape/pack(_:)``) and its length, 0 when it is longer than 8 bytes.
        /// - Precondition: the path has a segment.
        var firstSegment: (word: UInt64, length: Int) {
            let range = ranges[0]
            guard range.count <= 8 else { return (0, 0) }
            return (Shape.pack(UnsafeBufferPointer(rebasing: bytes[range])), range.count)
        }

        func text(_ index: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[ranges[index]]), as: UTF8.self)
        }

        func equals(_ index: Int, _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
            let range = ranges[index]
            return range.count == literal.count && ByteComparison.same(bytes, at: range.lowerBound, literal)
        }

        /// The segments from `index` on, joined by `/`.
        func rest(from index: Int) -> String {
            index < count ? (index..<count).map(text).joined(separator: "/") : ""
        }
    }

    /// The parameters of `path` when it matches the route of `shape`, nil when it does not.
    private func match(_ shape: Shape, _ path: PathSegments) -> Parameters? {
        // Literal segments first: most routes fail on one, before any parameter is copied out.
        let literalsMatch = segments.withUnsafeBufferPointer { segments in
            literals.withUnsafeBufferPointer { literals in
                for (index, segmentIndex) in shape.segments.enumerated() where segments[segmentIndex].kind == .literal {
                    let literal = UnsafeBufferPointer(rebasing: literals[segments[segmentIndex].literal])
                    if !path.equals(index, literal) { return false }
                }
                return true
            }
        }
        guard literalsMatch else { return nil }
        var parameters = Parameters()
        var named = shape.firstName
        for (index, segmentIndex) in shape.segments.enumerated() {
            switch segments[segmentIndex].kind {
            case .rest:
                parameters.append(.init(name: "*", value: path.rest(from: index)))
                return parameters
            case .parameter:
                parameters.append(.init(name: parameterNames[named], value: path.text(index)))
                named += 1
            case .literal: break
            }
        }
        return parameters
    }
}
