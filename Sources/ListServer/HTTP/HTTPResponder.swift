// ListServer — ListServer

/// What the server calls for each complete request. It may throw `HTTPError`; anything else becomes `500`.
typealias HTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// The pure request → response step of the server, callable without sockets.
enum HTTPResponder {
    /// Runs `handler` and turns what it throws into a response.
    /// - Parameters:
    ///   - request: the complete request.
    ///   - handler: the application.
    /// - Returns: the handler's response; for a thrown `HTTPError` its response (`problem+json` under
    ///   `/api/`); for any other error a `500`, after writing the error to stderr.
    static func respond(to request: HTTPRequest, with handler: HTTPHandler) -> HTTPResponse {
        do {
            return try handler(request)
        } catch let error as HTTPError {
            return error.response(forAPI: isAPIPath(request.path))
        } catch {
            let line = "error: \(request.method) \(request.path) failed: \(String(reflecting: error))\n"
            Posix.writeAll(2, Array(line.utf8))
            return HTTPError(500, detail: "The server could not complete the request.")
                .response(forAPI: isAPIPath(request.path))
        }
    }

    /// Whether errors for `path` are answered as `application/problem+json`.
    static func isAPIPath(_ path: String) -> Bool {
        path == "/api" || path.hasPrefix("/api/")
    }
}
