// HTTPServer — sends what a stream's writer queued

extension Connection {
    /// Sends what a stream's writer queued, and ends the stream when it was closed.
    ///
    /// A client is too slow, and dropped, when new bytes arrive while more than the stream's limit is still
    /// unsent to it; a single large write is not held against a client that has taken everything before it.
    /// - Parameters:
    ///   - overflowed: the writer got ahead of the client by more than the stream's limit: drop the client.
    func deliver(_ stream: HTTPStream, _ bytes: [UInt8], close: Bool, overflowed: Bool, _ runner: EventLoopRunner) {
        guard phase == .streaming, let active = activeStream, active.stream === stream else {
            stream.finish()
            return
        }
        if overflowed || (!bytes.isEmpty && unsentCount > stream.bufferLimit) {
            self.close(runner)
            return
        }
        appendStreamBytes(bytes, runner)
        if close { endStream(runner) }
        flush(runner)
        settle(runner)
    }

    /// Queues what a stream's writer wrote, as one chunk: compressed first when the stream is gzip, and then
    /// flushed, so that the client can read every event at once.
    /// - Returns: false when the stream's gzip could not go on and the connection closed.
    @discardableResult
    private func appendStreamBytes(_ bytes: [UInt8], _ runner: EventLoopRunner) -> Bool {
        guard !bytes.isEmpty, activeStream != nil else { return true }
        guard activeStream!.gzip != nil else {
            appendStreamChunk(bytes, runner)
            return true
        }
        let deflater = runner.streamDeflater
        guard let segment = bytes.withUnsafeBytes({ deflater?.segment(of: $0, &activeStream!.gzip!) }) else {
            close(runner)
            return false
        }
        appendStreamChunk(segment, runner)
        return true
    }

    private func appendStreamChunk(_ bytes: [UInt8], _ runner: EventLoopRunner) {
        guard !bytes.isEmpty else { return }
        beginOutput(runner)
        if activeStream!.chunked {
            ResponseEncoding.appendChunkHeader(size: bytes.count, to: &outbound)
            outbound.append(contentsOf: bytes)
            outbound.append(contentsOf: "\r\n".utf8)
        } else {
            outbound.append(contentsOf: bytes)
        }
        activeStream!.bytes += bytes.count
    }

    /// Ends the current stream: its farewell during a graceful stop, the last chunk, the access-log line and
    /// the metrics, the `onClose` callbacks; then the next pipelined request, or closing.
    func endStream(_ runner: EventLoopRunner) {
        guard activeStream != nil else { return }
        guard appendStreamBytes(activeStream!.stream.take().bytes, runner), let active = activeStream else { return }
        if runner.context.stopRequested.load(ordering: .relaxed) {
            guard appendStreamBytes(active.stream.farewell, runner) else { return }
        }
        if active.gzip != nil {
            guard let end = runner.streamDeflater?.end(&activeStream!.gzip!) else {
                close(runner)
                return
            }
            appendStreamChunk(end, runner)
        }
        if active.chunked {
            beginOutput(runner)
            outbound.append(contentsOf: "0\r\n\r\n".utf8)
        }
        runner.recordRequest(
            method: active.method, target: active.target, route: active.route, status: active.status,
            bytes: activeStream!.bytes, startedAt: active.startedAt, connection: serial)
        activeStream = nil
        runner.context.closeStream(from: active.address)
        active.stream.finish()
        hasAnswered = true
        idleSince = runner.now
        headStartedAt = runner.now
        if active.keepAlive && !runner.isStopping {
            phase = .head
            processInbound(runner)
        } else {
            phase = .closing
        }
    }

    /// A graceful stop has begun: idle connections close (after one last read for a request already on its
    /// way), streams end, and in-flight requests finish with `Connection: close`.
    func beginStop(_ runner: EventLoopRunner) {
        switch phase {
        case .head where unreadCount == 0 && unsentCount == 0:
            readable(runner)
            if phase == .head && unreadCount == 0 && unsentCount == 0 { close(runner) }
        case .streaming:
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
            if elapsed(since: idleSince) > limit { close(runner) }
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
