// TestSupport — servers and threads for end-to-end tests
import Foundation
import HTTPServer
import SystemSupport

/// Starts a server on an ephemeral loopback port for the duration of `body`, then stops it gracefully.
public func withTestServer(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPHandler,
    _ body: (_ port: Int, _ server: HTTPServer) throws -> Void
) throws {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.eventLoopCount = 2
    configuration.accessLog = false
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: handler)
    let port = try server.start()
    defer {
        server.stop()
        server.wait()
    }
    try body(port, server)
}

/// Runs `body` with a client of a new test server on `handler`, once the client has sent `request`.
///
/// - Parameters:
///   - configure: Changes the server's settings.
///   - handler: The server's handler.
///   - request: The bytes of one or more requests, as text.
///   - body: Reads the answers and sends more.
/// - Throws: What starting the server, connecting, sending or `body` throws.
public func withTestClient(
    configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    handler: @escaping HTTPHandler, sending request: String, _ body: (RawClient) throws -> Void
) throws {
    try withTestServer(configure: configure, handler: handler) { port, _ in
        try body(RawClient(port: port, sending: request))
    }
}

/// Runs `body` on `count` threads at once and waits for all of them.
public func concurrently(_ count: Int, _ body: @escaping @Sendable (_ index: Int) -> Void) throws {
    let threads = try (0..<count).map { index in try System.spawnThread(name: "test-client") { body(index) } }
    for thread in threads { System.join(thread) }
}

extension HTTPResponse {
    /// This response, or when it is deferred (an import answered off the event loop) the response its
    /// worker completes, waited for at most `timeout` seconds; what a written body writes made its headers
    /// and body (``HTTPResponse/written()``).
    public func completed(timeout: Double = 60) -> HTTPResponse {
        guard case .deferred(let deferred) = body else { return written() }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let response = deferred.response { return response.written() }
            Thread.sleep(forTimeInterval: 0.001)
        }
        return HTTPError(504, detail: "the deferred response did not complete in \(timeout) s").response(forAPI: true)
    }
}
