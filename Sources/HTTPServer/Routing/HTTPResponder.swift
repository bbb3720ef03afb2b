// HTTPServer — what the server calls for each complete request
import SystemSupport

/// What the server calls for each complete request. It may throw `HTTPError` or an
/// ``HTTPErrorConvertible``; anything else becomes `500`.
public typealias HTTPHandler = @Sendable (HTTPRequest) throws -> HTTPResponse

/// An application's error that knows the HTTP failure it is answered with, so that the application maps
/// its errors to statuses in one place.
public protocol HTTPErrorConvertible: Error {
    /// The failure to answer with.
    var httpError: HTTPError { get }
}

/// The pure request → response step of the server, callable without sockets.
public enum HTTPResponder {
    /// Runs `handler` and turns what it throws into a response.
    /// - Parameters:
    ///   - request: the complete request.
    ///   - handler: the application.
    ///   - problemPaths: which paths answer errors as `application/problem+json` (RFC 9457).
    /// - Returns: the handler's response; for a thrown `HTTPError` or ``HTTPErrorConvertible`` its response;
    ///   for any other error a `500`, after writing the error to stderr.
    public static func respond(
        to request: HTTPRequest, with handler: HTTPHandler, problemPaths: ProblemPaths = .none
    ) -> HTTPResponse {
        do {
            return try handler(request)
        } catch let routed as RoutedError {
            var response = respond(to: request, failure: routed.error, problemPaths: problemPaths)
            response.route = routed.route
            return response
        } catch {
            return respond(to: request, failure: error, problemPaths: problemPaths)
        }
    }

    /// The response to a handler's failure.
    private static func respond(
        to request: HTTPRequest, failure: any Error, problemPaths: ProblemPaths
    ) -> HTTPResponse {
        let forAPI = problemPaths.contains(request.path)
        if let error = failure as? HTTPError { return error.response(forAPI: forAPI) }
        if let error = failure as? any HTTPErrorConvertible { return error.httpError.response(forAPI: forAPI) }
        let line = "error: \(request.method) \(request.path) failed: \(String(reflecting: failure))\n"
        System.writeAll(2, Array(line.utf8))
        return HTTPError(500, detail: "The server could not complete the request.").response(forAPI: forAPI)
    }
}

/// What a route's handler threw, with the route's label (``HTTPResponse/route``), so that its error response
/// is counted under the route.
struct RoutedError: Error {
    let route: String
    let error: any Error
}
