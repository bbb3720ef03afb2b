// HTTPServer — a graceful stop and timeouts

extension Connection {
    /// A graceful stop has begun: idle connections close (after one last read for a request already on its
    /// way), streams end, and in-flight requests finish with `Connection: close`.
    func beginStop(_ runner: EventLoopRunner) {
        switch phase {
        case .head where unreadCount == 0 && unsentCount == 0:
            readable(runner)
            if phase == .head && unreadCount == 0 && unsentCount == 0 { close(runner) }
        case .streaming where activeStream?.stream.endsOnlyWhenClosed != true:
            endStream(runner)
            flush(runner)
            settle(runner)
        default:
            break
        }
    }

    /// Closes or answers `408` when a deadline has passed. A new connection must send its first request within
    /// the header timeout; later, an idle keep-alive connection may wait for the idle timeout. Both are
    /// shorter as the server nears its connection cap (``EventLoopRunner/idleLimits()``).
    /// - Parameters:
    ///   - idleLimit: how long an idle keep-alive connection may wait now, in nanoseconds.
    ///   - firstRequestLimit: how long a new connection that has sent nothing may wait now.
    func checkTimeouts(_ runner: EventLoopRunner, idleLimit: UInt64, firstRequestLimit: UInt64) {
        let now = runner.now
        func elapsed(since time: UInt64) -> UInt64 { now > time ? now - time : 0 }
        let context = runner.context
        switch phase {
        case .closed:
            return
        case .streaming where unsentCount == 0, .waiting:
            return
        case .lingering:
            if now >= lingerUntil { close(runner) }
            return
        default:
            break
        }
        if unsentCount > 0 {
            if elapsed(since: lastWriteAt) > context.writeTimeout { close(runner) }
            return
        }
        switch phase {
        case .head where unreadCount == 0:
            let limit = hasAnswered ? idleLimit : firstRequestLimit
            if elapsed(since: idleSince) > limit && runner.idleCloseBudget > 0 {
                runner.idleCloseBudget -= 1
                close(runner)
            }
        case .head:
            if elapsed(since: headStartedAt) > context.headerTimeout { timeOut(runner) }
        case .lengthBody, .chunkedBody:
            let spent = elapsed(since: bodyStartedAt)
            let owed = spent > context.headerTimeout
                ? Int(Double(spent - context.headerTimeout) / 1e9 * Double(context.configuration.minimumBodyRate)) : 0
            if elapsed(since: lastReadAt) > context.headerTimeout || bodyBytesRead < owed || spent > bodyDeadline {
                timeOut(runner)
            }
        default:
            break
        }
    }

    private func timeOut(_ runner: EventLoopRunner) {
        let detail =
            phase == .head
            ? "The request took too long to arrive."
            : "The body arrived too slowly: after \(runner.context.headerTimeout / 1_000_000_000) s it must keep "
                + "\(runner.context.configuration.minimumBodyRate) bytes a second, and be complete within "
                + "\(bodyDeadline / 1_000_000_000) s."
        respondWithError(408, detail: detail, head: pendingHead, runner)
        flush(runner)
        settle(runner)
    }
}
