// ListServerTests — the app's routes served over real sockets on a loopback port, for as long as a body runs
import HTTPServer

@testable import ListServer

/// Serves `routes` on a free loopback port with two event loops, the routes' workers (and, with `metrics`, their
/// metrics) for as long as `body` runs, then stops the server and waits for it.
/// - Parameters:
///   - routes: what the server answers.
///   - metrics: whether `/metrics` counts what the server does.
///   - body: gets the port and the running server.
func withAppServer<Result>(
    _ routes: AppRoutes, metrics: Bool = false, configure: (inout HTTPServerConfiguration) -> Void = { _ in },
    _ body: (Int, HTTPServer) throws -> Result
) throws -> Result {
    var configuration = HTTPServerConfiguration()
    configuration.port = 0
    configuration.eventLoopCount = 2
    configuration.accessLog = false
    configuration.problemPaths = AppRoutes.problemPaths
    configuration.workers = routes.workers
    if metrics { configuration.metrics = routes.metrics }
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, handler: routes.router.handler)
    let port = try server.start()
    defer {
        server.stop()
        server.wait()
    }
    return try body(port, server)
}
