// HTTPServer — what every event loop of one server shares

import Synchronization

/// What every event loop of one server shares: settings, the handler, the listening socket and the count of
/// open connections.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let listenFD: Int32
    /// The connection cap in force (the configured one, lowered to fit the descriptor limit).
    let maxConnections: Int
    let openConnections = Atomic<Int>(0)
    /// Set by `HTTPServer.stop()` at once, so that a response being prepared while the stop message waits in
    /// a loop's mailbox already says `Connection: close`.
    let stopRequested = Atomic<Bool>(false)
    let headerTimeout: UInt64
    let idleTimeout: UInt64
    let writeTimeout: UInt64
    let shutdownTimeout: UInt64
    /// How long a closing connection keeps reading (and discarding) so that its last response is not lost to
    /// a reset.
    let lingerTimeout: UInt64 = 2_000_000_000
    private let listenerUsers: Atomic<Int>

    init(configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler, listenFD: Int32, descriptorLimit: Int)
    {
        self.configuration = configuration
        self.handler = handler
        self.listenFD = listenFD
        maxConnections = max(1, min(configuration.maxConnections, descriptorLimit - 64))
        headerTimeout = configuration.headerTimeout.nanoseconds
        idleTimeout = configuration.idleTimeout.nanoseconds
        writeTimeout = configuration.writeTimeout.nanoseconds
        shutdownTimeout = configuration.shutdownTimeout.nanoseconds
        listenerUsers = Atomic(configuration.eventLoopCount)
    }

    /// Called once by each loop when it will never accept again; the last one closes the listening socket.
    func releaseListener() {
        if listenerUsers.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            Posix.close(listenFD)
        }
    }
}
