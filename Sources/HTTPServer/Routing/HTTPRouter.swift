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
        fileprivate(set) var values: [String: String] = [:]

        public subscript(name: String) -> String? { values[name] }
    }

    private struct Route: Sendable {
        let method: String
        let segments: [Substring]
        let handler: Handler
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
        routes.map { ($0.method, "/" + $0.segments.joined(separator: "/")) }
    }

    /// Called for paths that no route matches.
    public var fallback: HTTPHandler?

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
        routes.append(Route(method: method, segments: segments, handler: handler))
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
        let path = request.path.split(separator: "/", omittingEmptySubsequences: true)
        var allowed: [String] = []
        var headFallback: (Route, Parameters)?
        for route in routes {
            guard let parameters = Self.match(route.segments, path) else { continue }
            if route.method == request.method { return try route.handler(request, parameters) }
            if request.method == "HEAD" && route.method == "GET" && headFallback == nil {
                headFallback = (route, parameters)
            }
            if !allowed.contains(route.method) { allowed.append(route.method) }
        }
        if let (route, parameters) = headFallback { return try route.handler(request, parameters) }
        if !allowed.isEmpty {
            if allowed.contains("GET") && !allowed.contains("HEAD") {
                allowed.insert("HEAD", at: allowed.firstIndex(of: "GET")! + 1)
            }
            throw HTTPError.methodNotAllowed(allowed: allowed)
        }
        if let fallback { return try fallback(request) }
        throw HTTPError.notFound()
    }

    /// `handle` with every error turned into a response (see `HTTPResponder`).
    public func respond(to request: HTTPRequest, problemPaths: ProblemPaths = .none) -> HTTPResponse {
        HTTPResponder.respond(to: request, with: { try handle($0) }, problemPaths: problemPaths)
    }

    /// The router as the server's handler.
    public var handler: HTTPHandler {
        { request in try handle(request) }
    }

    private static func match(_ pattern: [Substring], _ path: [Substring]) -> Parameters? {
        if pattern.last != "*" && pattern.count != path.count { return nil }
        var parameters = Parameters()
        for (index, segment) in pattern.enumerated() {
            if segment == "*" {
                parameters.values["*"] = path[index...].joined(separator: "/")
                return parameters
            }
            guard index < path.count else { return nil }
            if segment.hasPrefix(":") {
                parameters.values[String(segment.dropFirst())] = String(path[index])
            } else if segment != path[index] {
                return nil
            }
        }
        return pattern.count == path.count ? parameters : nil
    }
}
