// HTTPServer — idle connections given up near the connection cap

extension EventLoopRunner {
    /// Closes up to `count` of this loop's idle connections, the longest idle first, to make room near the
    /// connection cap: as nginx reuses its connections, an idle keep-alive connection (or one that has sent
    /// nothing yet) is worth less than a client waiting to connect.
    ///
    /// A connection is idle when it waits for a request head and has neither unread nor unsent bytes: no
    /// request is in progress, so closing it loses nothing (a client that sends at that moment retries, as
    /// HTTP/1.1 keep-alive clients do after any idle close).
    /// - Returns: how many were closed.
    /// - Complexity: O(connections + idle log idle).
    @discardableResult
    func closeOldestIdle(_ count: Int) -> Int {
        guard count > 0 else { return 0 }
        var idle: [(since: UInt64, connection: Connection)] = []
        forEachConnection { connection in
            if connection.isIdle { idle.append((connection.idleSince, connection)) }
        }
        guard !idle.isEmpty else { return 0 }
        let chosen = idle.count <= count ? idle[...] : idle.sorted { $0.since < $1.since }.prefix(count)
        for (_, connection) in chosen { connection.close(self) }
        context.idleClosed.add(chosen.count, ordering: .relaxed)
        return chosen.count
    }

    /// Room for one more connection at the cap: this loop's longest-idle connections close (a batch, so that
    /// the next few clients find room too); when it has none, the other loops are asked to close theirs and
    /// the client is refused this once (`Retry-After: 1`).
    /// - Returns: whether a connection was closed, so the new one may stay.
    func makeRoomAtCap() -> Bool {
        if closeOldestIdle(context.reclaimBatch) > 0 { return true }
        for other in context.loops where other !== loop { other.post(.closeIdle(context.reclaimBatch)) }
        return false
    }

    /// The most idle connections one sweep closes for their idle timeout: when thousands pass it at once
    /// (a flood held at the cap, whose timeout has just shortened), their closes are spread over the
    /// sweeps, a few milliseconds of the loop each, rather than tens of milliseconds in one.
    static let idleClosesPerSweep = 256

    /// How long an idle connection stays open now (nanoseconds): the configured idle timeout up to half the
    /// connection cap, then less and less as the server fills, down to ``ServerContext/pressedIdleTimeout``
    /// at the cap. The first request of a new connection has the header timeout, shortened alike.
    /// - Complexity: O(1).
    func idleLimits() -> (idle: UInt64, firstRequest: UInt64) {
        let open = context.openConnections.load(ordering: .relaxed)
        let cap = context.maxConnections
        let half = cap / 2
        guard open > half, cap > half else { return (context.idleTimeout, context.headerTimeout) }
        let room = Double(max(0, cap - open)) / Double(cap - half)
        func pressed(_ timeout: UInt64) -> UInt64 {
            let floor = min(timeout, context.pressedIdleTimeout)
            return max(floor, UInt64(Double(timeout) * room))
        }
        return (pressed(context.idleTimeout), pressed(context.headerTimeout))
    }
}

extension Connection {
    /// Whether the connection waits for a request with nothing read or to send: closing it loses nothing.
    var isIdle: Bool {
        phase == .head && unreadCount == 0 && unsentCount == 0 && pendingHead == nil
    }
}
