// HTTPServer — maps method and path patterns to handlers

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

        /// A route has one or two parameters: a list is quicker to fill and search than a dictionary.
        fileprivate(set) var values: [Value] = []

        public subscript(name: String) -> String? { values.first { $0.name == name }?.value }
    }

    private struct Route: Sendable {
        /// One segment of a pattern, its literal bytes kept for matching without allocation.
        enum Segment: Sendable {
            case literal([UInt8])
            case parameter(String)
            case rest
        }

        let method: String
        let pattern: [Substring]
        /// The pattern as written, the label of the responses it gives (``HTTPResponse/route``).
        let label: String
        let segments: [Segment]
        let handler: Handler

        init(method: String, pattern: [Substring], handler: @escaping Handler) {
            self.method = method
            self.pattern = pattern
            label = "/" + pattern.joined(separator: "/")
            segments = pattern.map { segment in
                if segment == "*" { return .rest }
                if segment.hasPrefix(":") { return .parameter(String(segment.dropFirst())) }
                return .literal(Array(segment.utf8))
            }
            self.handler = handler
        }
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
        routes.append(Route(method: method, pattern: segments, handler: handler))
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
        var path = request.path
        return try path.withUTF8 { path throws -> HTTPResponse in try handle(request, path: PathSegments(path)) }
    }

    private func handle(_ request: HTTPRequest, path: PathSegments) throws -> HTTPResponse {
        var allowed: [String] = []
        var headFallback: (Int, Parameters)?
        // Routes are read in place, by index: most fail on their first literal segment, and a route
        // copied out for each would cost a retain and a release of each of its members.
        for index in routes.indices {
            guard let parameters = Self.match(routes[index].segments, path) else { continue }
            let method = routes[index].method
            if method == request.method { return try Self.run(routes[index], request, parameters) }
            if request.method == "HEAD" && method == "GET" && headFallback == nil {
                headFallback = (index, parameters)
            }
            if !allowed.contains(method) { allowed.append(method) }
        }
        if let (index, parameters) = headFallback { return try Self.run(routes[index], request, parameters) }
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

    /// Runs a route's handler and labels what it answers, or what it throws, with the route's pattern.
    private static func run(_ route: Route, _ request: HTTPRequest, _ parameters: Parameters) throws -> HTTPResponse {
        do {
            var response = try route.handler(request, parameters)
            response.route = route.label
            return response
        } catch {
            throw RoutedError(route: route.label, error: error)
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

    /// The non-empty segments of a path, as byte ranges of its UTF-8 (a path has at most a handful).
    private struct PathSegments {
        let bytes: UnsafeBufferPointer<UInt8>
        private(set) var ranges: [Range<Int>] = []

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = bytes
            // Room for the application's longest paths, so that the list is allocated once.
            ranges.reserveCapacity(8)
            var start = 0
            for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
                if index > start { ranges.append(start..<index) }
                start = index + 1
            }
        }

        func text(_ index: Int) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[ranges[index]]), as: UTF8.self)
        }

        func equals(_ index: Int, _ literal: [UInt8]) -> Bool {
            let range = ranges[index]
            guard range.count == literal.count else { return false }
            var offset = 0
            while offset < literal.count {
                if bytes[range.lowerBound + offset] != literal[offset] { return false }
                offset += 1
            }
            return true
        }

        /// The segments from `index` on, joined by `/`.
        func rest(from index: Int) -> String {
            index < ranges.count ? (index..<ranges.count).map(text).joined(separator: "/") : ""
        }
    }

    private static func match(_ pattern: [Route.Segment], _ path: PathSegments) -> Parameters? {
        let count = path.ranges.count
        if case .rest = pattern.last {} else if pattern.count != count { return nil }
        // Literal segments first: most routes fail on one, before any parameter is copied out.
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .rest: break
            case .parameter: if index >= count { return nil }
            case .literal(let literal): if index >= count || !path.equals(index, literal) { return nil }
            }
        }
        var parameters = Parameters()
        for (index, segment) in pattern.enumerated() {
            switch segment {
            case .rest:
                parameters.values.append(.init(name: "*", value: path.rest(from: index)))
                return parameters
            case .parameter(let name): parameters.values.append(.init(name: name, value: path.text(index)))
            case .literal: break
            }
        }
        return parameters
    }
}
