// ListServer — ListServerTests

@testable import ListServer

extension RawClient {
    /// Connects to the loopback server on `port` and sends `request` at once.
    ///
    /// - Parameters:
    ///   - port: The server's port on 127.0.0.1.
    ///   - request: The bytes of one or more requests, as text.
    /// - Throws: ``PosixError`` when the connection or the send fails.
    convenience init(port: Int, sending request: String) throws {
        try self.init(port: port)
        try send(request)
    }
}

/// Runs `body` with a client of a new test server on `handler`, once the client has sent `request`.
///
/// - Parameters:
///   - handler: The server's handler.
///   - request: The bytes of one or more requests, as text.
///   - body: Reads the answers and sends more.
/// - Throws: What starting the server, connecting, sending or `body` throws.
func withTestClient(
    handler: @escaping HTTPHandler, sending request: String, _ body: (RawClient) throws -> Void
) throws {
    try withTestServer(handler: handler) { port, _ in
        try body(RawClient(port: port, sending: request))
    }
}
