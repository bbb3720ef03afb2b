// HTTPServer — what every event loop of one server shares

import Synchronization
import SystemSupport

/// What every event loop of one server shares: settings, the handler, the listening socket, the loops and
/// the count of open connections.
final class ServerContext: Sendable {
    let configuration: HTTPServerConfiguration
    let handler: HTTPHandler
    let listenFD: Int32
    /// Every loop of the server, by index.
    let loops: [EventLoop]
    /// The connection cap in force (the configured one, lowered to fit the descriptor limit).
    let maxConnections: Int
    let openConnections = Atomic<Int>(0)
    /// The number the next connection is given (``Connection/serial``), for the access log.
    let connectionSerials = Atomic<UInt64>(1)
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
    /// The bytes of request bodies in progress, over every connection (see ``reserveBodyBytes(_:)``).
    let bufferedBodyBytes = Atomic<Int>(0)
    /// The most streams open at once: the configured number, kept below the connection cap.
    let maxStreams: Int
    /// Chooses each response's coding and keeps compressed bodies; nil when compression is off.
    let compressor: ResponseCompressor?
    /// Open streams, in all and by client address.
    private let streams = System.Locked(StreamCount())
    /// Open connections by client address, for ``maxConnectionsPerAddress``.
    private let connectionsByAddress = System.Locked([String: Int]())
    /// The body bytes each client address holds now (``reserveBodyBytes(_:small:address:)``).
    private let bodyBytesByAddress = System.Locked([String: Int]())
    /// The most body bytes one address may hold (``HTTPServerConfiguration/maxBufferedBodyBytesPerAddress``);
    /// nil: no share.
    let maxBodyBytesPerAddress: Int?
    /// Requests and connections refused for want of room, by reason, for `/metrics`.
    let refusals = Refusals()
    /// Idle connections closed early to make room near the cap (``EventLoopRunner/closeOldestIdle(_:)``).
    let idleClosed = Atomic<Int>(0)
    /// How many idle connections a loop at the cap closes at once: a batch, so that the clients after the
    /// first find room too without each one sorting the loop's connections.
    let reclaimBatch: Int
    /// The shortest an idle connection's timeout gets as the server fills (nanoseconds).
    let pressedIdleTimeout: UInt64

    /// Counts of what was refused for want of room, by reason.
    final class Refusals: Sendable {
        /// Connections over the server's cap.
        let connections = Atomic<Int>(0)
        /// Connections over one address's share.
        let addressConnections = Atomic<Int>(0)
        /// Event streams over the server's or one address's cap.
        let streams = Atomic<Int>(0)
        /// Request bodies over the body budget.
        let bodies = Atomic<Int>(0)
        /// Request bodies over one address's share of the body budget.
        let addressBodies = Atomic<Int>(0)

        /// Each reason's name in `/metrics` and its count now.
        var counts: [(reason: String, count: Int)] {
            [
                ("connections", connections.load(ordering: .relaxed)),
                ("address_connections", addressConnections.load(ordering: .relaxed)),
                ("streams", streams.load(ordering: .relaxed)), ("bodies", bodies.load(ordering: .relaxed)),
                ("address_bodies", addressBodies.load(ordering: .relaxed)),
            ]
        }
    }
    private let listenerUsers: Atomic<Int>

    private struct StreamCount {
        var total = 0
        var byAddress: [String: Int] = [:]
    }

    init(
        configuration: HTTPServerConfiguration, handler: @escaping HTTPHandler, listenFD: Int32, loops: [EventLoop],
        descriptorLimit: Int
    ) {
        self.configuration = configuration
        self.handler = handler
        self.listenFD = listenFD
        self.loops = loops
        maxConnections = max(1, min(configuration.maxConnections, descriptorLimit - 64))
        maxStreams = max(1, min(configuration.maxStreams, maxConnections * 3 / 4))
        compressor = configuration.compression.map(ResponseCompressor.init)
        headerTimeout = configuration.headerTimeout.nanoseconds
        idleTimeout = configuration.idleTimeout.nanoseconds
        writeTimeout = configuration.writeTimeout.nanoseconds
        shutdownTimeout = configuration.shutdownTimeout.nanoseconds
        pressedIdleTimeout = configuration.pressedIdleTimeout.nanoseconds
        reclaimBatch = max(1, min(64, maxConnections / 100))
        maxBodyBytesPerAddress = configuration.maxBufferedBodyBytesPerAddress
        listenerUsers = Atomic(configuration.eventLoopCount)
    }

    /// The loop to serve a connection the loop at `index` just accepted: the one with the fewest connections,
    /// the acceptor among equals; its count of assigned connections is raised by one.
    ///
    /// Whichever loop the kernel wakes for the listening socket accepts every connection waiting (a client
    /// opening 64 at once may hand all of them to one loop, which then serves them on one core while the
    /// other idles); handing each to the least busy loop keeps the loops within a connection of each other.
    func loop(forConnectionAcceptedBy index: Int) -> EventLoop {
        var chosen = loops[index]
        var fewest = chosen.assignedConnections.load(ordering: .relaxed)
        for loop in loops where loop !== chosen {
            let count = loop.assignedConnections.load(ordering: .relaxed)
            if count < fewest { (chosen, fewest) = (loop, count) }
        }
        chosen.assignedConnections.add(1, ordering: .relaxed)
        return chosen
    }

    /// Why a request is refused from its head alone: a host the server does not answer to (`421`), or
    /// what the configuration's `headCheck` says; nil when it may go on.
    func refusal(of request: HTTPRequest) -> HTTPError? {
        hostRefusal(of: request) ?? configuration.headCheck?(request)
    }

    /// The `421` for a request to a host the allowlist does not name, in its `Host` field or in an
    /// absolute-form target's authority (which takes the field's place); nil without an allowlist.
    private func hostRefusal(of request: HTTPRequest) -> HTTPError? {
        // The allowlist is read where it is (a copy of it retains and releases its lists), and the first
        // Host field's bytes where they lie.
        guard configuration.allowedHosts != nil, !configuration.anyHostPaths.contains(request.path) else { return nil }
        let hostAllowed = request.headers.withHost { value in
            guard let value else { return true }
            return configuration.allowedHosts?.allows(value) ?? true
        }
        let authorityAllowed = request.withTargetBytes { target in
            guard let authority = HostAllowlist.authority(ofTarget: UnsafeRawBufferPointer(target)) else { return true }
            return configuration.allowedHosts?.allows(authority) ?? true
        }
        return hostAllowed && authorityAllowed ? nil : configuration.allowedHosts?.refusal()
    }

    /// Takes `count` more bytes of the server's budget for request bodies in progress.
    ///
    /// The last ``HTTPServerConfiguration/smallBodyReserve`` bytes of the budget are for small bodies (batches,
    /// edits): large uploads, however many, never take them, so that they cannot starve anyone's edits.
    /// Each address holds at most ``maxBodyBytesPerAddress`` of the budget (when there is a share), small bodies
    /// and large together.
    /// - Parameters:
    ///   - small: whether the body is small (``HTTPServerConfiguration/smallBodyLimit``).
    ///   - address: the client's address; nil takes from the budget alone.
    /// - Returns: nil when the bytes were taken; else why not, taking nothing: the budget
    ///   (`maxBufferedBodyBytes`) or the address's share has no room for them.
    func reserveBodyBytes(_ count: Int, small: Bool = false, address: String? = nil) -> BodyRefusal? {
        let address = maxBodyBytesPerAddress == nil ? nil : address
        if let address, let share = maxBodyBytesPerAddress {
            let taken = bodyBytesByAddress.withLock { held in
                let total = held[address, default: 0] + count
                guard total <= share else { return false }
                held[address] = total
                return true
            }
            guard taken else { return .addressShare }
        }
        let limit = small ? configuration.maxBufferedBodyBytes
            : configuration.maxBufferedBodyBytes - min(configuration.smallBodyReserve, configuration.maxBufferedBodyBytes)
        let total = bufferedBodyBytes.add(count, ordering: .relaxed).newValue
        guard total > limit else { return nil }
        bufferedBodyBytes.subtract(count, ordering: .relaxed)
        if let address { releaseAddressBodyBytes(count, address) }
        return .budget
    }

    /// Why ``reserveBodyBytes(_:small:address:)`` took nothing.
    enum BodyRefusal {
        /// The server's budget has no room.
        case budget
        /// The client's address holds its share.
        case addressShare
    }

    /// Gives back bytes taken by ``reserveBodyBytes(_:small:address:)`` with the same address.
    func releaseBodyBytes(_ count: Int, address: String? = nil) {
        guard count > 0 else { return }
        bufferedBodyBytes.subtract(count, ordering: .relaxed)
        if let address, maxBodyBytesPerAddress != nil { releaseAddressBodyBytes(count, address) }
    }

    private func releaseAddressBodyBytes(_ count: Int, _ address: String) {
        bodyBytesByAddress.withLock { held in
            let left = held[address, default: 0] - count
            held[address] = left > 0 ? left : nil
        }
    }

    /// Takes one of an address's connection slots.
    /// - Returns: false, taking nothing, when the address holds ``HTTPServerConfiguration/maxConnectionsPerAddress``.
    func admitConnection(from address: String) -> Bool {
        connectionsByAddress.withLock { open in
            let count = open[address, default: 0]
            guard count < configuration.maxConnectionsPerAddress else { return false }
            open[address] = count + 1
            return true
        }
    }

    /// Gives back a slot taken by ``admitConnection(from:)``.
    func releaseConnection(from address: String) {
        connectionsByAddress.withLock { open in
            let count = open[address, default: 1] - 1
            open[address] = count > 0 ? count : nil
        }
    }

    /// Takes a stream slot for a client at `address` (nil when its address is unknown).
    /// - Returns: false, taking nothing, when the server or the address has as many streams as allowed.
    func openStream(from address: String?) -> Bool {
        streams.withLock { count in
            guard count.total < maxStreams else { return false }
            if let address {
                let open = count.byAddress[address, default: 0]
                guard open < configuration.maxStreamsPerAddress else { return false }
                count.byAddress[address] = open + 1
            }
            count.total += 1
            return true
        }
    }

    /// The streams open now.
    var openStreamCount: Int { streams.withLock { $0.total } }

    /// Gives back a slot taken by ``openStream(from:)``.
    func closeStream(from address: String?) {
        streams.withLock { count in
            count.total -= 1
            guard let address, let open = count.byAddress[address] else { return }
            count.byAddress[address] = open > 1 ? open - 1 : nil
        }
    }

    /// Called once by each loop when it will never accept again; the last one closes the listening socket.
    func releaseListener() {
        if listenerUsers.subtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
            Posix.close(listenFD)
        }
    }
}
