// HTTPServer — sends what a stream's writer queued
import SystemSupport

extension Connection {
    /// Sends what a stream's writer queued, and ends the stream when it was closed.
    ///
    /// Messages are taken from the stream only once everything before them is sent: what a slow client has not
    /// taken waits in the stream, where its writer sees it (and may replace it,
    /// ``HTTPStream/write(_:fallingBehind:)``), and what waits here is at most the messages taken last, held
    /// by reference.
    func deliver(_ stream: HTTPStream, _ runner: EventLoopRunner) {
        guard phase == .streaming, let active = activeStream, active.stream === stream else {
            stream.finish()
            return
        }
        repeat {
            let update = stream.take(messages: unsentCount == 0)
            if update.overflowed {
                close(runner)
                return
            }
            for message in update.messages {
                guard appendStreamMessage(message, runner) else { return }
            }
            if update.close {
                endStream(runner)
                break
            }
            flush(runner)
        } while phase == .streaming && unsentCount == 0 && stream.hasWaitingMessages
        flush(runner)
        settle(runner)
    }

    /// Queues one message as one chunk: its shared gzip segment when the stream is gzip (compressed once for
    /// every stream, ``StreamMessage``), else its bytes; either held by reference when large.
    /// - Returns: false when the stream's gzip could not go on and the connection closed.
    private func appendStreamMessage(_ message: StreamMessage, _ runner: EventLoopRunner) -> Bool {
        guard message.count > 0, activeStream != nil else { return true }
        guard activeStream!.gzip != nil else {
            appendStreamChunk(message.bytes, runner)
            return true
        }
        guard let deflater = runner.streamDeflater, let segment = message.gzipSegment(deflater) else {
            close(runner)
            return false
        }
        let header = activeStream!.gzip!.hasHeader ? [] : deflater.header
        activeStream!.gzip!.append(segment)
        appendStreamChunk(segment.deflated, after: header, runner)
        return true
    }

    /// Queues bytes as one chunk (`prefix` then `bytes`), or as they are for an HTTP/1.0 stream, so that the
    /// client can read every message at once.
    private func appendStreamChunk(_ bytes: [UInt8], after prefix: [UInt8] = [], _ runner: EventLoopRunner) {
        let count = prefix.count + bytes.count
        guard count > 0 else { return }
        if unsentCount == 0 { lastWriteAt = runner.now }
        if activeStream!.chunked {
            var header: [UInt8] = []
            ResponseEncoding.appendChunkHeader(size: count, to: &header)
            streamOutput.append(header)
        }
        streamOutput.append(prefix)
        streamOutput.append(bytes)
        if activeStream!.chunked { streamOutput.append("\r\n") }
        activeStream!.bytes += count
    }

    /// Sends what the stream queued after `outbound`, as far as the socket takes it.
    /// - Returns: false when the send failed and the connection closed.
    func flushStreamOutput(_ runner: EventLoopRunner) -> Bool {
        while streamOutput.unsentCount > 0 && phase != .closed {
            let result: IOResult<Int>
            do {
                result = try streamOutput.send(fd)
            } catch {
                close(runner)
                return false
            }
            guard case .processed(let count) = result, count > 0 else { break }
            runner.pendingMetrics.bytesSent &+= count
            lastWriteAt = runner.now
        }
        return true
    }

    /// Ends the current stream: its farewell during a graceful stop, the last chunk, the access-log line and
    /// the metrics, the `onClose` callbacks; then the next pipelined request, or closing.
    func endStream(_ runner: EventLoopRunner) {
        guard let stream = activeStream?.stream else { return }
        for message in stream.take(messages: true).messages {
            guard appendStreamMessage(message, runner) else { return }
        }
        guard let active = activeStream else { return }
        if runner.context.stopRequested.load(ordering: .relaxed) {
            guard appendStreamMessage(StreamMessage(active.stream.farewell), runner) else { return }
        }
        if active.gzip != nil {
            guard let end = runner.streamDeflater?.end(&activeStream!.gzip!) else {
                close(runner)
                return
            }
            appendStreamChunk(end, runner)
        }
        if active.chunked {
            if unsentCount == 0 { lastWriteAt = runner.now }
            streamOutput.append("0\r\n\r\n")
        }
        runner.recordRequest(
            method: active.method, target: active.target, route: active.route, status: active.status,
            bytes: activeStream!.bytes, startedAt: active.startedAt, connection: serial)
        activeStream = nil
        if active.holdsSlot { runner.context.closeStream(from: active.address) }
        active.stream.finish()
        hasAnswered = true
        idleSince = runner.now
        headStartedAt = runner.now
        if active.keepAlive && !runner.isStopping {
            // What follows goes to `outbound`, which is sent before the stream's output: the little left of
            // the stream is put there first.
            outbound.append(contentsOf: streamOutput.takeAll())
            phase = .head
            processInbound(runner)
        } else {
            phase = .closing
        }
    }
}
