// HTTPServer — runs the handler for a complete request and queues its response

import Synchronization
import SystemSupport

extension Connection {
    /// Runs the handler for a complete request and queues its response.
    /// The body is consumed: the request is its only owner, so a handler can take it (``HTTPRequest/takeBody()``)
    /// and free it before answering.
    func respond(to head: consuming HTTPRequestHead, body: consuming [UInt8], _ runner: EventLoopRunner) {
        let keepAlive = head.keepAlive
        // The head's request is moved, not copied: a copy would retain and release each of its members.
        var request = (consume head).request
        request.body = consume body
        request.service = HTTPRequest.Service(loop: runner.loop.index, client: address, served: true)
        let startedAt = runner.requestClock
        let negotiation =
            runner.context.compressor == nil ? ContentNegotiation.identity : ContentNegotiation(reading: &request)
        let response = HTTPResponder.respond(
            to: request, with: runner.context.handler, problemPaths: runner.context.configuration.problemPaths)
        // The target is made a string only when the log or a stream asks for it.
        send(
            response, method: request.method, target: request.target, version: request.version,
            keepAlive: keepAlive, startedAt: startedAt, negotiation: negotiation, runner)
    }

    /// Sends the response a worker completed for the request this connection waits on, then answers the
    /// requests that waited behind it.
    func complete(_ deferred: HTTPDeferredResponse, with response: HTTPResponse, _ runner: EventLoopRunner) {
        guard phase == .waiting, let awaited, awaited.deferred === deferred else { return }
        self.awaited = nil
        phase = .head
        var response = response
        switch response.body {
        case .bytes, .pieces, .written, .stream: break
        default: response = HTTPError(500, detail: "The server could not complete the request.").response(forAPI: false)
        }
        response.route = response.route ?? awaited.route
        send(
            response, method: awaited.method, target: awaited.target, version: awaited.version,
            keepAlive: awaited.keepAlive, startedAt: awaited.startedAt, negotiation: awaited.negotiation, runner)
        // As when the socket turns writable: a request pipelined behind a large answer is taken up once the
        // socket has taken enough of it, even when it takes all of it now and never turns writable.
        writable(runner)
    }

    /// Queues `response` to a request: its head, framed for the method, status and version, its body (or
    /// stream) in the coding the ``ResponseCompressor`` chooses for what the request accepts, then logs it.
    private func send(
        _ response: consuming HTTPResponse, method: String, target: @autoclosure () -> String, version: HTTPVersion,
        keepAlive asked: Bool, startedAt: UInt64, negotiation: ContentNegotiation, _ runner: EventLoopRunner
    ) {
        if case .deferred(let deferred) = response.body {
            awaited = Awaited(
                deferred: deferred, method: method, target: target(), route: response.route, version: version,
                keepAlive: asked, startedAt: startedAt, negotiation: negotiation)
            phase = .waiting
            // The worker holds the body now: its share of the budget goes with it, given back when it is done.
            deferred.attach(
                HTTPStream.Attachment(loop: runner.loop, token: token), holding: reservedBodyBytes, from: address,
                of: runner.context)
            reservedBodyBytes = 0
            return
        }
        var response = response
        var keepAlive = asked && !peerClosed && !runner.context.stopRequested.load(ordering: .relaxed)
        if response.headers.containsToken("close", in: "Connection") { keepAlive = false }
        let isHead = method == "HEAD"
        let status = response.status
        let bodyAllowed = status >= 200 && status != 204 && status != 304
        if !bodyAllowed && status != 304 { response.headers.remove("Content-Length") }
        var written = ResponseWriter.Output()
        if case .written(let write) = response.body {
            runner.writer.reset()
            write(&runner.writer)
            written = runner.writer.output
        }
        let coding =
            runner.context.compressor?.encode(
                &response, for: negotiation, written: &written, deflater: runner.deflater(level:)) ?? .fixed
        beginOutput(runner)

        guard case .stream(let stream) = response.body else {
            // A body known in full: an array, pieces, or what the handler wrote into the loop's writer.
            let count: Int
            if case .written = response.body { count = written.body.count } else { count = response.bodyCount }
            let keepsOwnLength = (isHead || status == 304) && response.headers.contains("Content-Length")
            let framing: ResponseEncoding.Framing = !bodyAllowed || keepsOwnLength ? .none : .length(count)
            appendHead(
                response, framing: framing, coding: coding, keepAlive: keepAlive, version: version,
                writtenFields: written.fields, runner)
            let sent = bodyAllowed && !isHead ? count : 0
            if sent > 0 { queueBody(response.body, written: written.body) }
            runner.recordRequest(
                method: method, target: target(), route: response.route, status: status, bytes: sent,
                startedAt: startedAt, connection: serial)
            finishResponse(keepAlive: keepAlive, runner)
            return
        }
        guard bodyAllowed && !isHead else {
            let framing: ResponseEncoding.Framing = bodyAllowed ? .chunked : .none
            appendHead(
                response, framing: framing, coding: coding, keepAlive: keepAlive, version: version,
                writtenFields: written.fields, runner)
            stream.finish()
            runner.recordRequest(
                method: method, target: target(), route: response.route, status: status, bytes: 0,
                startedAt: startedAt, connection: serial)
            finishResponse(keepAlive: keepAlive, runner)
            return
        }
        // A document written as it is sent (an export) ends by itself and is bounded by the workers that write
        // it: only streams that stay open (events) take one of the slots.
        let holdsSlot = !stream.endsOnlyWhenClosed
        guard !holdsSlot || runner.context.openStream(from: address) else {
            runner.context.refusals.streams.add(1, ordering: .relaxed)
            stream.finish()
            let target = target()
            let path = String(target.prefix { $0 != "?" })
            let error = HTTPError(
                429, detail: "This client, or the server, has as many event streams open as allowed; close one first.",
                headers: ["Retry-After": "10"])
            var refusal = error.response(forAPI: runner.context.configuration.problemPaths.contains(path))
            refusal.route = response.route
            // The refused client's connection closes: kept open, it would hold a slot the stream was denied.
            send(
                refusal, method: method, target: target, version: version, keepAlive: false, startedAt: startedAt,
                negotiation: negotiation, runner)
            return
        }
        let chunked = version >= .http11
        if !chunked { keepAlive = false }
        appendHead(
            response, framing: chunked ? .chunked : .untilClose, coding: coding, keepAlive: keepAlive,
            version: version, writtenFields: written.fields, runner)
        activeStream = ActiveStream(
            stream: stream, chunked: chunked, keepAlive: keepAlive, method: method,
            target: target(), route: response.route, status: status, startedAt: startedAt, address: address,
            holdsSlot: holdsSlot,
            gzip: coding == .gzip ? GzipStream() : nil)
        phase = .streaming
        stream.attach(HTTPStream.Attachment(loop: runner.loop, token: token))
        if runner.isStopping && !stream.endsOnlyWhenClosed { endStream(runner) }
    }

    private func appendHead(
        _ response: HTTPResponse, framing: ResponseEncoding.Framing, coding: ResponseEncoding.Coding,
        keepAlive: Bool, version: HTTPVersion, writtenFields: UnsafeRawBufferPointer, _ runner: EventLoopRunner
    ) {
        let persistence: ResponseEncoding.Persistence =
            !keepAlive ? .close : (version >= .http11 ? .keepAlive : .keepAliveHTTP10)
        ResponseEncoding.appendHead(
            status: response.status, headers: response.headers, framing: framing, persistence: persistence,
            dateLine: runner.dateLine, fieldLines: response.fieldLines,
            writtenFields: writtenFields, coding: coding, to: &outbound)
    }

    /// Puts a body after the head just written. When nothing earlier is waiting, a large body is kept as it
    /// is, to be sent together with the head without being copied next to it.
    /// A body in the loop's writer (`written`) is copied at once: the writer writes the loop's next response.
    private func queueBody(_ body: HTTPResponse.Body, written: UnsafeRawBufferPointer) {
        if case .pieces(let pieces) = body {
            // After the head, by reference; what a later response writes waits for them (`beginOutput`).
            for piece in pieces { streamOutput.append(piece) }
            return
        }
        guard case .bytes(let bytes) = body else {
            if case .written = body { outbound.append(contentsOf: written) }
            return
        }
        guard bytes.count >= Self.directBodyBytes, outboundStart == 0, deferredBody.isEmpty, phase != .closed else {
            outbound.append(contentsOf: bytes)
            return
        }
        deferredBody = bytes
    }

    /// Moves what is left of a deferred body into `outbound`, before anything else is written after it.
    private func appendDeferredBody() {
        guard !deferredBody.isEmpty else { return }
        outbound.append(contentsOf: deferredBody[deferredBodyStart...])
        deferredBody = []
        deferredBodyStart = 0
    }

    /// Sends what is left of `outbound` and of the deferred body in one call. The body stays in its own
    /// buffer however little of it the socket takes at a time: a 193 MB export is neither copied next to
    /// the head nor moved up as it goes (which cost a loop seconds of `memmove`).
    /// - Returns: whether the socket took bytes; false when it took none, or the send failed and the
    ///   connection closed.
    private func sendDeferredBody(_ runner: EventLoopRunner) -> Bool {
        let (headStart, bodyStart) = (outboundStart, deferredBodyStart)
        let result: IOResult<Int>
        do {
            result = try outbound.withUnsafeBytes { head in
                try deferredBody.withUnsafeBytes { body in
                    try Posix.send(
                        fd, UnsafeRawBufferPointer(rebasing: head[headStart...]),
                        UnsafeRawBufferPointer(rebasing: body[bodyStart...]))
                }
            }
        } catch {
            close(runner)
            return false
        }
        guard case .processed(let count) = result, count > 0 else { return false }
        lastWriteAt = runner.now
        runner.pendingMetrics.bytesSent &+= count
        let headLeft = outbound.count - outboundStart
        if count < headLeft {
            outboundStart += count
            return true
        }
        outbound.removeAll(keepingCapacity: true)
        outboundStart = 0
        deferredBodyStart += count - headLeft
        if deferredBodyStart >= deferredBody.count {
            deferredBody = []
            deferredBodyStart = 0
        }
        return true
    }

    private func finishResponse(keepAlive: Bool, _ runner: EventLoopRunner) {
        hasAnswered = true
        idleSince = runner.now
        headStartedAt = runner.now
        if !keepAlive { phase = .closing }
    }

    /// Answers with an error and closes: used for requests that cannot be parsed, bodies that are too large
    /// and timeouts. Unread input is dropped.
    func respondWithError(_ status: Int, detail: String, head: HTTPRequestHead?, _ runner: EventLoopRunner) {
        respondWithError(HTTPError(status, detail: detail), head: head, runner)
    }

    /// Answers with `error` and closes, as ``respondWithError(_:detail:head:_:)`` does.
    func respondWithError(_ error: HTTPError, head: HTTPRequestHead?, _ runner: EventLoopRunner) {
        let problemPaths = runner.context.configuration.problemPaths
        let forAPI = head.map { problemPaths.contains($0.request.path) }
            ?? problemPaths.targets(requestLine: inbound[inboundStart...])
        let response = error.response(forAPI: forAPI)
        let status = error.status
        beginOutput(runner)
        ResponseEncoding.appendHead(
            status: status, headers: response.headers, framing: .length(response.bodyBytes.count),
            persistence: .close, dateLine: runner.dateLine, to: &outbound)
        let isHead = head?.request.method == "HEAD"
        if !isHead { outbound.append(contentsOf: response.bodyBytes) }
        runner.recordRequest(
            method: head?.request.method ?? "-", target: head?.request.target ?? "-", route: nil, status: status,
            bytes: isHead ? 0 : response.bodyBytes.count, startedAt: 0, connection: serial)
        pendingHead = nil
        decoder = nil
        body = []
        releaseBody(runner)
        inbound = []
        inboundStart = 0
        phase = .closing
        lingerOnClose = true
    }

    /// Notes when output starts to wait, for the write timeout. What waits of an earlier body (a deferred one,
    /// or pieces) is moved into `outbound` first, so that what is written next follows it.
    func beginOutput(_ runner: EventLoopRunner) {
        if unsentCount == 0 { lastWriteAt = runner.now }
        appendDeferredBody()
        if phase != .streaming && streamOutput.unsentCount > 0 { outbound.append(contentsOf: streamOutput.takeAll()) }
    }

    /// Sends as much pending output as the socket takes.
    func flush(_ runner: EventLoopRunner) {
        while !deferredBody.isEmpty && phase != .closed {
            guard sendDeferredBody(runner) else { break }
        }
        // What follows a deferred body waits until the socket has taken all of it.
        guard phase != .closed, deferredBody.isEmpty else { return }
        while outbound.count > outboundStart && phase != .closed {
            let start = outboundStart
            let result: IOResult<Int>
            do {
                result = try outbound.withUnsafeBytes { raw in
                    try Posix.send(fd, UnsafeRawBufferPointer(rebasing: raw[start...]))
                }
            } catch {
                close(runner)
                return
            }
            guard case .processed(let count) = result else { break }
            runner.pendingMetrics.bytesSent &+= count
            outboundStart += count
            lastWriteAt = runner.now
        }
        if outbound.count == outboundStart && streamOutput.unsentCount > 0 {
            guard flushStreamOutput(runner) else { return }
        }
        if outboundStart > 0 && outbound.count == outboundStart {
            if outbound.capacity > 1 << 20 { outbound = [] } else { outbound.removeAll(keepingCapacity: true) }
            outboundStart = 0
        } else if outboundStart > 1 << 20 {
            outbound.removeFirst(outboundStart)
            outboundStart = 0
        }
    }

    /// After a round of input and output: closes when the connection is done, and updates its epoll interest.
    func settle(_ runner: EventLoopRunner) {
        guard phase != .closed else { return }
        if unsentCount == 0 {
            switch phase {
            case .closing:
                finishClosing(runner)
            case .head where runner.isStopping && unreadCount == 0:
                close(runner)
            case .head, .lengthBody, .chunkedBody:
                if peerClosed { close(runner) }
            default:
                break
            }
        }
        guard phase != .closed else { return }
        let answering = phase == .head || phase == .lengthBody || phase == .chunkedBody
        let reading =
            !peerClosed
            && (phase == .lingering || phase == .streaming || phase == .waiting
                || (answering && unsentCount <= Self.highWater))
        var wanted: UInt32 = reading ? Posix.Epoll.readable : 0
        if unsentCount > 0 { wanted |= Posix.Epoll.writable }
        if wanted != registeredEvents {
            registeredEvents = wanted
            runner.watch(self, events: wanted)
        }
    }

    /// The last response is out. After a complete exchange the socket closes at once; after an error, when
    /// the client may still be sending, our side shuts down and the connection lingers, discarding input until
    /// the client closes (or `lingerTimeout`), so that a reset does not destroy the response.
    private func finishClosing(_ runner: EventLoopRunner) {
        guard !peerClosed, lingerOnClose || unreadCount > 0 else {
            close(runner)
            return
        }
        Posix.shutdownWrite(fd)
        inbound = []
        inboundStart = 0
        phase = .lingering
        lingerUntil = runner.now + runner.context.lingerTimeout
    }

    /// Closes the socket at once and ends any stream.
    func close(_ runner: EventLoopRunner) {
        guard phase != .closed else { return }
        phase = .closed
        releaseBody(runner)
        body = []
        awaited = nil
        if let active = activeStream {
            activeStream = nil
            if active.holdsSlot { runner.context.closeStream(from: active.address) }
            active.stream.finish()
        }
        runner.removed(self)
        Posix.close(fd)
        inbound = []
        outbound = []
        deferredBody = []
        deferredBodyStart = 0
        streamOutput = StreamOutput()
        pendingHead = nil
        decoder = nil
    }

    /// Answers a connection over the cap (or over its address's share) with `503` and `Retry-After`, and
    /// closes it.
    static func refuse(_ fd: Int32, detail: String, dateLine: [UInt8]) {
        var bytes: [UInt8] = []
        let response = HTTPError(503, detail: detail, headers: ["Retry-After": "1"]).response(forAPI: false)
        ResponseEncoding.appendHead(
            status: 503, headers: response.headers, framing: .length(response.bodyBytes.count), persistence: .close,
            dateLine: dateLine, to: &bytes)
        bytes.append(contentsOf: response.bodyBytes)
        _ = try? bytes.withUnsafeBytes { try Posix.send(fd, $0) }
        Posix.close(fd)
    }
}
