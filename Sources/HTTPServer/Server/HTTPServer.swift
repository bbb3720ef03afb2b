// HTTPServer — an HTTP/1.1 server on non-blocking sockets

import Synchronization
import SystemSupport

/// An HTTP/1.1 server on non-blocking sockets: one epoll event loop per thread, all accepting from one
/// listening socket, each connection served by the loop that had the fewest when it came.
///
/// ```swift
/// var router = HTTPRouter()
/// router.get("/hello") { _, _ in .text("hello") }
/// var configuration = HTTPServerConfiguration()
/// configuration.port = 0
/// let server = HTTPServer(configuration: configuration, handler: router.handler)
/// let port = try server.start()
/// try SignalHandling.onTermination { _ in server.stop() }
/// server.wait()
/// ```
public final class HTTPServer: Sendable {
    private struct State {
        var context: ServerContext?
        var loops: [EventLoop] = []
        var threads: [System.Thread] = []
        var port: Int?
        var stopRequested = false
    }

    public let configuration: HTTPServerConfiguration
    private let handler: HTTPHandler
    private let state = System.Locked(State())

    public init(configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler) {
        var configuration = configuration
        configuration.eventLoopCount = max(1, configuration.eventLoopCount)
        self.configuration = configuration
        self.handler = handler
    }

    /// The port bound by `start()`, nil before.
    public var port: Int? { state.withLock { $0.port } }

    /// Binds the listening socket and starts the event loops.
    /// - Returns: the port bound (useful with port 0).
    /// - Throws: `PosixError` when the address cannot be bound (e.g. `EADDRINUSE`) or a loop cannot start.
    /// - Precondition: `start()` was not called before.
    @discardableResult
    public func start() throws -> Int {
        try state.withLock { state in
            precondition(state.context == nil, "HTTPServer.start() called twice")
            Posix.ignoreBrokenPipe()
            let descriptorLimit = System.raiseOpenFileLimit()
            let (fd, port) = try Posix.listen(
                host: configuration.host, port: configuration.port, backlog: configuration.backlog)
            var loops: [EventLoop] = []
            do {
                for index in 0..<configuration.eventLoopCount { loops.append(try EventLoop(index: index)) }
            } catch {
                for loop in loops { _ = loop.close() }
                Posix.close(fd)
                throw error
            }
            let context = ServerContext(
                configuration: configuration, handler: handler, listenFD: fd, loops: loops,
                descriptorLimit: descriptorLimit)
            configuration.metrics?.attach(context)
            for loop in loops {
                let thread = try System.spawnThread(name: "http-loop-\(loop.index)") {
                    EventLoopRunner(loop: loop, context: context).run()
                }
                state.threads.append(thread)
            }
            state.context = context
            state.loops = loops
            state.port = port
            if state.stopRequested { for loop in loops { loop.post(.stop) } }
            return port
        }
    }

    /// Begins a graceful stop (a drain) and returns at once: no new connections; requests in flight finish
    /// (their responses say `Connection: close`); streams end, each with its ``HTTPStream/farewell``; idle
    /// connections close. `wait()` returns when done
    /// (or after `shutdownTimeout`). Safe to call from any thread, more than once.
    public func stop() {
        let loops = state.withLock { state -> [EventLoop] in
            state.stopRequested = true
            state.context?.stopRequested.store(true, ordering: .relaxed)
            return state.loops
        }
        for loop in loops { loop.post(.stop) }
    }

    /// Blocks until every event loop has ended (after `stop()`); returns at once if the server never started.
    public func wait() {
        let threads = state.withLock { state -> [System.Thread] in
            defer { state.threads = [] }
            return state.threads
        }
        for thread in threads { System.join(thread) }
    }

    /// The number of connections open right now.
    public var openConnections: Int {
        state.withLock { $0.context?.openConnections.load(ordering: .relaxed) ?? 0 }
    }
}
