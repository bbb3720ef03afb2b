// HTTPServer — the part of an event loop that only its thread touches
import SystemSupport

/// The part of an event loop that only its thread touches: the connections, the shared read buffer, the
/// timers, the `Date` line and the access log.
///
/// One iteration waits in `epoll_wait` (level-triggered), serves every ready socket, reads the mailbox, and
/// at most every `tick` sweeps the connections for timeouts. Sockets never block, so a slow client costs the
/// others nothing.
final class EventLoopRunner {
    static let listenerToken = UInt64.max - 1

    let loop: EventLoop
    let context: ServerContext
    /// Connections by descriptor. Read to find the connection of each event and written when one opens or
    /// closes, never in overlapping accesses: its run-time exclusivity checks are left out.
    @exclusivity(unchecked) private var connections: [Connection?] = []
    private(set) var liveConnections = 0
    private var nextConnectionID: UInt32 = 1
    private let events = Posix.EpollEventBuffer(capacity: 512)
    /// Where every socket read lands first.
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
    /// What the responses this loop sends write their fields and bodies into (``HTTPResponse/Body/written(_:)``):
    /// what one writes is copied after its head before the next is written. Reset, written and read by this
    /// loop's thread, one access after another: its run-time exclusivity checks are left out.
    @exclusivity(unchecked) var writer: ResponseWriter
    /// This loop's deflaters by level, each made when first needed and reset for every body it compresses.
    private var deflaters: [Int: GzipDeflater] = [:]
    /// The monotonic time of the current iteration.
    private(set) var now: UInt64 = 0
    // The date line and the log are touched by this loop's thread only, in accesses that never overlap
    // one of the same property: the run-time checks of exclusive access, one or two a request, are left out.
    @exclusivity(unchecked) private(set) var dateLine: [UInt8] = []
    private var dateSecond = Int.min
    @exclusivity(unchecked) var log: AccessLog
    /// This loop's counts for the server's metrics; nil when it keeps none.
    private let metrics: LoopMetrics?
    /// What this loop counted since it last published to `metrics`.
    @exclusivity(unchecked) var pendingMetrics = LoopMetrics.Pending()
    /// Whether requests are timed: for the access log or the metrics.
    let timesRequests: Bool
    private(set) var isStopping = false
    private var stopDeadline: UInt64 = 0
    private var acceptingPausedUntil: UInt64?
    private var listenerRegistered = false
    private var listenerReleased = false
    private let tick: UInt64
    /// How many more idle connections this sweep may close for their idle timeout (``idleClosesPerSweep``).
    var idleCloseBudget = 0
    /// Connections with output from this batch of events, sent once the whole batch has been answered.
    @exclusivity(unchecked) private var toFlush: [Connection] = []

    init(loop: EventLoop, context: ServerContext) {
        self.loop = loop
        self.context = context
        log = AccessLog(isEnabled: context.configuration.accessLog, format: context.configuration.accessLogFormat)
        metrics = context.configuration.metrics?.makeLoopMetrics()
        timesRequests = log.isEnabled || metrics != nil
        writer = ResponseWriter(bodyCapacity: max(0, context.configuration.responseWriterBytes))
        let shortest = min(context.headerTimeout, context.idleTimeout, context.writeTimeout)
        tick = min(1_000_000_000, max(10_000_000, shortest / 4))
    }

    deinit {
        readBuffer.deallocate()
    }

    /// This loop's deflater for `level`.
    /// - Returns: nil when zlib cannot make one (no memory); the body is then sent as written.
    func deflater(level: Int) -> GzipDeflater? {
        if let deflater = deflaters[level] { return deflater }
        let deflater = try? GzipDeflater(level: level)
        deflaters[level] = deflater
        return deflater
    }

    /// This loop's deflater for event streams, at the level of bodies written per request; nil when
    /// compression is off or zlib cannot make one.
    var streamDeflater: GzipDeflater? {
        context.compressor.flatMap { deflater(level: $0.settings.level) }
    }

    /// Serves until a graceful stop has finished (or its deadline passed).
    func run() {
        refreshClock()
        listenerRegistered =
            (try? Posix.epollAdd(
                loop.epollFD, context.listenFD, events: Posix.Epoll.readable | Posix.Epoll.exclusive,
                data: Self.listenerToken)) != nil
        var nextSweep = now + tick
        while true {
            let wakeAt = isStopping ? min(nextSweep, stopDeadline) : nextSweep
            let timeout = Int32(clamping: (wakeAt > now ? wakeAt - now : 0) / 1_000_000 + 1)
            let count = (try? Posix.epollWait(loop.epollFD, into: events, timeoutMilliseconds: timeout)) ?? 0
            refreshClock()
            for index in 0..<count {
                handle(events: events.events(at: index), token: events.data(at: index))
            }
            flushAnswered()
            if now >= nextSweep {
                sweep()
                nextSweep = now + tick
            }
            log.flush()
            metrics?.publish(&pendingMetrics)
            if isStopping && (liveConnections == 0 || now >= stopDeadline) { break }
        }
        releaseListener()
        for case let connection? in connections { connection.close(self) }
        log.flush()
        metrics?.publish(&pendingMetrics)
        // Connections handed over after the last look at the mailbox are closed, not leaked.
        for case .adopt(let fd, let address) in loop.close() { abandon(fd, address: address) }
    }

    /// The time a request's timing starts from: now, or 0 when requests are not timed.
    var requestClock: UInt64 { timesRequests ? System.monotonicNanoseconds() : 0 }

    /// Notes one answered request, in the access log and in the metrics: the one place both are written.
    /// - Parameters:
    ///   - method: the request method, or `-` when the request could not be parsed.
    ///   - target: the raw request target.
    ///   - route: the route that answered (``HTTPResponse/route``), nil for none.
    ///   - bytes: body bytes sent.
    ///   - startedAt: ``requestClock`` when the request was complete; 0 for a request that took no time.
    ///   - connection: the connection's number (``Connection/serial``).
    func recordRequest(
        method: String, target: @autoclosure () -> String, route: String?, status: Int, bytes: Int,
        startedAt: UInt64, connection: UInt64
    ) {
        guard timesRequests else { return }
        let nanoseconds = startedAt == 0 ? 0 : System.monotonicNanoseconds() &- startedAt
        // The target is made a string for the log only.
        if log.isEnabled {
            log.record(
                method: method, target: target(), route: route, status: status, bytes: bytes,
                nanoseconds: nanoseconds, connection: connection)
        }
        if metrics != nil {
            pendingMetrics.requests.append(
                .init(route: route, method: method, status: status, nanoseconds: nanoseconds))
        }
    }

    private func refreshClock() {
        now = System.monotonicNanoseconds()
        let second = System.wallClockSeconds()
        if second != dateSecond {
            dateSecond = second
            dateLine = Array("Date: \(HTTPDate.format(secondsSinceEpoch: second))\r\n".utf8)
        }
    }

    private func handle(events: UInt32, token: UInt64) {
        switch token {
        case EventLoop.wakeToken:
            for message in loop.takeMessages() {
                switch message {
                case .stop: beginStop()
                case .streamReady(let stream): deliver(stream)
                case .deferredReady(let deferred): deliver(deferred)
                case .adopt(let fd, let address): adopt(fd, address: address)
                case .closeIdle(let count): closeOldestIdle(count)
                }
            }
        case Self.listenerToken:
            acceptConnections()
        default:
            guard let connection = connection(for: token) else { return }
            if events & (Posix.Epoll.readable | Posix.Epoll.error | Posix.Epoll.hangUp) != 0 {
                connection.readable(self)
            }
            if events & Posix.Epoll.writable != 0, connection.isOpen {
                connection.writable(self)
            }
        }
    }

    /// The open connection a token (`id << 32 | fd`) names, if it is still the same connection.
    private func connection(for token: UInt64) -> Connection? {
        let fd = Int(token & 0xffff_ffff)
        guard fd < connections.count, let connection = connections[fd], connection.token == token else { return nil }
        return connection
    }

    /// Accepts up to `limit` connections waiting in the listener's queue.
    private func acceptConnections(limit: Int = 64) {
        guard !isStopping else { return }
        for _ in 0..<limit {
            let fd: Int32
            do {
                guard case .processed(let accepted) = try Posix.accept(context.listenFD) else { return }
                fd = accepted
            } catch let error as PosixError where error.isDescriptorExhaustion {
                pauseAccepting()
                return
            } catch {
                continue
            }
            // At the cap, idle connections make room before anyone is refused.
            if context.openConnections.add(1, ordering: .relaxed).newValue > context.maxConnections
                && !makeRoomAtCap()
            {
                context.openConnections.subtract(1, ordering: .relaxed)
                context.refusals.connections.add(1, ordering: .relaxed)
                Connection.refuse(fd, detail: "Too many connections.", dateLine: dateLine)
                continue
            }
            // One address's share of the slots, taken here and given back when the connection closes.
            let address = Posix.peerAddress(fd)
            if let address, !context.admitConnection(from: address) {
                context.openConnections.subtract(1, ordering: .relaxed)
                context.refusals.addressConnections.add(1, ordering: .relaxed)
                Connection.refuse(fd, detail: "Too many connections from this address.", dateLine: dateLine)
                continue
            }
            Posix.setNoDelay(fd)
            // Once a stop is asked for, another loop may be draining: the connection stays here.
            if context.stopRequested.load(ordering: .relaxed) {
                loop.assignedConnections.add(1, ordering: .relaxed)
                adopt(fd, address: address)
                continue
            }
            let target = context.loop(forConnectionAcceptedBy: loop.index)
            if target === loop || !target.post(.adopt(fd, address: address)) {
                if target !== loop {
                    // The other loop has ended: this one serves the connection after all.
                    target.assignedConnections.subtract(1, ordering: .relaxed)
                    loop.assignedConnections.add(1, ordering: .relaxed)
                }
                adopt(fd, address: address)
            }
        }
    }

    /// Starts serving a connection this loop accepted, or that another loop accepted for it. Once stopping,
    /// the connection is drained as those open at the stop were: a request already sent is answered, with
    /// `Connection: close`; otherwise it closes.
    private func adopt(_ fd: Int32, address: String?) {
        let token = UInt64(nextConnectionID) << 32 | UInt64(UInt32(fd))
        nextConnectionID = nextConnectionID == UInt32.max ? 1 : nextConnectionID + 1
        let connection = Connection(fd: fd, token: token, address: address, runner: self)
        do {
            try Posix.epollAdd(loop.epollFD, fd, events: Posix.Epoll.readable, data: token)
        } catch {
            return abandon(fd, address: address)
        }
        if Int(fd) >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: Int(fd) + 1 - connections.count))
        }
        connections[Int(fd)] = connection
        liveConnections += 1
        if isStopping { connection.beginStop(self) }
    }

    /// Closes a connection given to this loop that it does not serve, and takes it off the counts.
    private func abandon(_ fd: Int32, address: String?) {
        Posix.close(fd)
        loop.assignedConnections.subtract(1, ordering: .relaxed)
        context.openConnections.subtract(1, ordering: .relaxed)
        if let address { context.releaseConnection(from: address) }
    }

    /// Stops watching the listener for a moment when descriptors run out (level-triggered epoll would spin).
    private func pauseAccepting() {
        guard listenerRegistered else { return }
        Posix.epollDelete(loop.epollFD, context.listenFD)
        listenerRegistered = false
        acceptingPausedUntil = now + 100_000_000
    }

    /// Queues `connection` to send its output once the current batch of events has been answered: the
    /// batch's requests are answered one after another and their responses sent one after another, rather
    /// than each answer followed by a send (which wakes the client, and may hand it the core).
    func flushAfterEvents(_ connection: Connection) {
        guard !connection.isFlushQueued else { return }
        connection.isFlushQueued = true
        toFlush.append(connection)
    }

    /// Sends the output of the connections answered in this batch of events.
    private func flushAnswered() {
        guard !toFlush.isEmpty else { return }
        for connection in toFlush {
            connection.isFlushQueued = false
            // As when the socket turns writable: answering may have stopped with the output too far behind,
            // requests still waiting in `inbound` that no new input will wake.
            connection.writable(self)
        }
        toFlush.removeAll(keepingCapacity: true)
    }

    /// Called by a connection when it has closed its descriptor.
    func removed(_ connection: Connection) {
        let fd = Int(connection.fd)
        guard fd < connections.count, connections[fd] === connection else { return }
        connections[fd] = nil
        liveConnections -= 1
        loop.assignedConnections.subtract(1, ordering: .relaxed)
        context.openConnections.subtract(1, ordering: .relaxed)
        if let address = connection.address { context.releaseConnection(from: address) }
    }

    /// Runs `body` on every open connection of this loop; `body` may close the connection it is given.
    func forEachConnection(_ body: (Connection) -> Void) {
        for case let connection? in connections { body(connection) }
    }

    /// Changes the epoll interest of a connection.
    func watch(_ connection: Connection, events: UInt32) {
        try? Posix.epollModify(loop.epollFD, connection.fd, events: events, data: connection.token)
    }

    private func sweep() {
        if let until = acceptingPausedUntil, now >= until, !isStopping {
            acceptingPausedUntil = nil
            listenerRegistered =
                (try? Posix.epollAdd(
                    loop.epollFD, context.listenFD, events: Posix.Epoll.readable | Posix.Epoll.exclusive,
                    data: Self.listenerToken)) != nil
        }
        let limits = idleLimits()
        idleCloseBudget = Self.idleClosesPerSweep
        for case let connection? in connections {
            connection.checkTimeouts(self, idleLimit: limits.idle, firstRequestLimit: limits.firstRequest)
        }
    }

    private func deliver(_ deferred: HTTPDeferredResponse) {
        guard let (response, token) = deferred.take(), let connection = connection(for: token) else { return }
        connection.complete(deferred, with: response, self)
    }

    private func deliver(_ stream: HTTPStream) {
        guard let token = stream.attachmentToken, let connection = connection(for: token) else {
            stream.finish()
            return
        }
        connection.deliver(stream, self)
    }

    /// Stops accepting, lets in-flight requests finish with `Connection: close`, ends streams, and closes idle
    /// connections.
    private func beginStop() {
        guard !isStopping else { return }
        // The clients waiting in the listener's queue connected before the stop, and may have sent a
        // request: they are taken in and drained with the rest, not reset when the listener closes.
        if listenerRegistered { acceptConnections(limit: context.maxConnections) }
        isStopping = true
        stopDeadline = now + context.shutdownTimeout
        releaseListener()
        for case let connection? in connections { connection.beginStop(self) }
    }

    /// Stops watching the listening socket for good; the last loop to do so closes it.
    private func releaseListener() {
        guard !listenerReleased else { return }
        listenerReleased = true
        if listenerRegistered { Posix.epollDelete(loop.epollFD, context.listenFD) }
        listenerRegistered = false
        acceptingPausedUntil = nil
        context.releaseListener()
    }
}
