// HTTPServer — one client connection
import SystemSupport

/// One client connection, owned by one event loop and touched only by its thread.
///
/// Bytes read are appended to `inbound`; complete requests are parsed and answered in order (pipelining),
/// each response appended to `outbound`, which is sent with one `send` per batch. A streaming response holds
/// the connection until its stream ends; later pipelined requests wait in `inbound`.
final class Connection {
    enum Phase: Equatable {
        /// Waiting for (or parsing) a request head; also the idle keep-alive state.
        case head
        /// Reading a `Content-Length` body.
        case lengthBody
        /// Reading a chunked body.
        case chunkedBody
        /// Sending a streaming response.
        case streaming
        /// Waiting for a deferred response (``HTTPDeferredResponse``) that another thread completes.
        case waiting
        /// Sending the last response; the connection closes when it is out.
        case closing
        /// Output shut down; reading and discarding until the client closes, so the last response is not
        /// destroyed by a reset.
        case lingering
        case closed
    }

    /// A streaming response in progress.
    struct ActiveStream {
        let stream: HTTPStream
        let chunked: Bool
        let keepAlive: Bool
        let method: String
        let target: String
        let route: String?
        let status: Int
        let startedAt: UInt64
        /// The client's address, whose stream slot this stream holds (``ServerContext/openStream(from:)``).
        let address: String?
        /// False for a document written as it is sent (an export), which holds no slot.
        let holdsSlot: Bool
        var bytes = 0
        /// The gzip stream the writes are compressed into; nil when they are sent as written.
        var gzip: GzipStream?
    }

    /// A request whose deferred response another thread completes, with what its answer is sent with.
    struct Awaited {
        let deferred: HTTPDeferredResponse
        let method: String
        let target: String
        let route: String?
        let version: HTTPVersion
        let keepAlive: Bool
        let startedAt: UInt64
        let negotiation: ContentNegotiation
    }

    /// Past this many unsent bytes the connection stops reading and answering (the client is not reading).
    static let highWater = 256 * 1024
    /// A body at least this long is sent from its own buffer with the head (``queueBody(_:_:)``) when
    /// nothing else is waiting, rather than copied into `outbound`.
    static let directBodyBytes = 2048

    let fd: Int32
    /// `id << 32 | fd`: the epoll data value and the stream address of this connection.
    let token: UInt64
    /// The client's address (`127.0.0.1`), whose share of the connection slots this connection holds; nil
    /// when the socket had none.
    let address: String?
    /// The connection's number, unique in the process, for the access log.
    let serial: UInt64
    var phase = Phase.head
    // The buffers and the parser are touched by the loop's thread only, in accesses that never overlap
    // one of the same property: the run-time checks of exclusive access, one a request each, are left out.
    @exclusivity(unchecked) var inbound: [UInt8] = []
    var inboundStart = 0
    @exclusivity(unchecked) var outbound: [UInt8] = []
    var outboundStart = 0
    /// A large body that follows all of `outbound` and is sent from its own buffer, not copied next to
    /// it (see ``queueBody(_:_:)``); empty when there is none.
    @exclusivity(unchecked) var deferredBody: [UInt8] = []
    /// How much of `deferredBody` has been sent.
    var deferredBodyStart = 0
    /// Whether the loop holds this connection in its list of connections to flush after its batch of events.
    var isFlushQueued = false
    @exclusivity(unchecked) var parser: HTTPRequestParser
    var pendingHead: HTTPRequestHead?
    /// The bytes of a `Content-Length` body still to come, and the ones come so far: read into room made
    /// for the whole body at its start, so the loop never copies it again (a 70 MB upload grown by
    /// doubling and then copied out held the loop for about 50 ms at a time).
    var bodyRemaining = 0
    @exclusivity(unchecked) var body: [UInt8] = []
    /// When the body being read began, and how many of its bytes have arrived: a body must keep the
    /// configuration's `minimumBodyRate` once the header timeout has passed.
    var bodyStartedAt: UInt64 = 0
    var bodyBytesRead = 0
    /// The bytes of the server's body budget this connection holds for the body being read.
    var reservedBodyBytes = 0
    /// The longest the body being read may take from its start, in nanoseconds
    /// (``HTTPServerConfiguration/bodyDeadlineRate``).
    var bodyDeadline: UInt64 = 0
    var decoder: HTTPChunkedDecoder?
    var activeStream: ActiveStream?
    /// What the stream has yet to send after `outbound` (``StreamOutput``: large messages by reference).
    @exclusivity(unchecked) var streamOutput = StreamOutput()
    var awaited: Awaited?
    var registeredEvents = Posix.Epoll.readable
    var peerClosed = false
    var headStartedAt: UInt64
    var lastReadAt: UInt64
    var lastWriteAt: UInt64
    var idleSince: UInt64
    var lingerUntil: UInt64 = 0
    /// Set by an error response: the client may still be sending, so close only after lingering.
    var lingerOnClose = false
    /// Whether a response has been completed on this connection (it is then a keep-alive connection).
    var hasAnswered = false

    init(fd: Int32, token: UInt64, address: String?, runner: EventLoopRunner) {
        self.fd = fd
        self.token = token
        self.address = address
        serial = runner.context.connectionSerials.add(1, ordering: .relaxed).oldValue
        parser = HTTPRequestParser(maxHeaderBytes: runner.context.configuration.maxHeaderBytes)
        headStartedAt = runner.now
        lastReadAt = runner.now
        lastWriteAt = runner.now
        idleSince = runner.now
    }

    var isOpen: Bool { phase != .closed }
    var unreadCount: Int { inbound.count - inboundStart }
    var unsentCount: Int {
        outbound.count - outboundStart + (deferredBody.count - deferredBodyStart) + streamOutput.unsentCount
    }

    /// Reads what the socket has (once: level-triggered epoll calls again if more is waiting) and serves it.
    func readable(_ runner: EventLoopRunner) {
        guard phase != .closed else { return }
        let result: IOResult<Int>
        do {
            result = try Posix.read(fd, into: runner.readBuffer)
        } catch {
            close(runner)
            return
        }
        switch result {
        case .wouldBlock:
            return
        case .processed(0):
            peerClosed = true
        case .processed(let count):
            lastReadAt = runner.now
            runner.pendingMetrics.bytesRead &+= count
            if phase == .lengthBody {
                // The body's bytes go straight into its room; what follows it is the next request's.
                let taken = min(count, bodyRemaining)
                body.append(contentsOf: UnsafeRawBufferPointer(rebasing: runner.readBuffer[..<taken]))
                bodyRemaining -= taken
                inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: runner.readBuffer[taken..<count]))
            } else if phase != .lingering {
                if unreadCount == 0 && phase == .head { headStartedAt = runner.now }
                inbound.append(contentsOf: UnsafeRawBufferPointer(rebasing: runner.readBuffer[..<count]))
            }
            if phase == .chunkedBody || phase == .lengthBody {
                bodyBytesRead += count
                // Room is taken as bytes arrive, a step ahead, never for bytes only announced.
                if bodyBytesRead > reservedBodyBytes {
                    var step = max(bodyBytesRead - reservedBodyBytes, Self.bodyReservationStep)
                    if phase == .lengthBody { step = min(step, body.count + bodyRemaining - reservedBodyBytes) }
                    guard reserveBody(step, runner) else {
                        flush(runner)
                        settle(runner)
                        return
                    }
                }
            }
        }
        switch phase {
        case .lingering:
            if peerClosed { close(runner) }
            return
        case .streaming, .waiting:
            if peerClosed || unreadCount > parser.maxHeaderBytes { close(runner) }
            return
        case .head, .lengthBody, .chunkedBody:
            processInbound(runner)
        case .closing, .closed:
            break
        }
        if unsentCount > 0 && phase != .closed {
            runner.flushAfterEvents(self)
        } else {
            settle(runner)
        }
    }

    /// Sends pending output, then resumes answering if the output had been too far behind: when the socket
    /// turns writable, and after the batch of events in which the connection was answered.
    ///
    /// Answering stops while more than ``highWater`` bytes wait to be sent, and a large body waits unsent
    /// until the batch is over: so the requests that were waiting are answered again, as long as each round
    /// answers some and the socket keeps taking what they add.
    func writable(_ runner: EventLoopRunner) {
        flush(runner)
        if phase == .streaming && unsentCount == 0, let stream = activeStream?.stream {
            deliver(stream, runner)  // the messages that waited for the client to take what went before
            return
        }
        while phase == .head || phase == .lengthBody || phase == .chunkedBody {
            let unread = unreadCount
            processInbound(runner)
            flush(runner)
            guard unreadCount < unread, unreadCount > 0, unsentCount <= Self.highWater else { break }
        }
        settle(runner)
    }

    /// Answers every complete request in `inbound`, in order.
    func processInbound(_ runner: EventLoopRunner) {
        while phase != .closed && unsentCount <= Self.highWater {
            switch phase {
            case .head:
                guard unreadCount > 0 else { break }
                let start = inboundStart
                let scanned = inbound.withUnsafeBytes { raw in
                    parser.scan(UnsafeRawBufferPointer(rebasing: raw[start...]))
                }
                switch scanned {
                case .incomplete:
                    break
                case .invalid(let error):
                    respondWithError(error.status, detail: error.description, head: nil, runner)
                case .complete(let byteCount):
                    // An optional and the error apart, not a `Result`, which was copied and destroyed
                    // through the runtime's generic value witnesses.
                    var failure: HTTPRequestParser.Error?
                    let made = inbound.withUnsafeBytes { raw -> HTTPRequestHead? in
                        do throws(HTTPRequestParser.Error) {
                            return try parser.takeHead(UnsafeRawBufferPointer(rebasing: raw[start...]))
                        } catch {
                            failure = error
                            return nil
                        }
                    }
                    if let head = consume made {
                        inboundStart += byteCount
                        beginBody(head, runner)
                        continue
                    }
                    if let failure { respondWithError(failure.status, detail: failure.description, head: nil, runner) }
                }
            case .lengthBody:
                guard bodyRemaining == 0, let head = pendingHead else { break }
                var complete: [UInt8] = []
                swap(&complete, &body)
                pendingHead = nil
                phase = .head
                respond(to: head, body: consume complete, runner)
                releaseBody(runner)
                continue
            case .chunkedBody:
                guard unreadCount > 0, let head = pendingHead else { break }
                let start = inboundStart
                let result = inbound.withUnsafeBytes { raw in
                    decoder!.decode(UnsafeRawBufferPointer(rebasing: raw[start...]))
                }
                switch result {
                case .incomplete(let consumed):
                    inboundStart += consumed
                case .invalid(let error):
                    respondWithError(error.status, detail: error.description, head: head, runner)
                case .complete(let consumed):
                    inboundStart += consumed
                    let body = decoder!.takeBody()
                    decoder = nil
                    pendingHead = nil
                    phase = .head
                    respond(to: head, body: consume body, runner)
                    releaseBody(runner)
                    continue
                }
            case .streaming, .waiting, .closing, .lingering, .closed:
                break
            }
            break
        }
        compactInbound()
    }

    /// Starts reading the body announced by `head`, or answers at once when there is none or it is too large.
    private func beginBody(_ head: consuming HTTPRequestHead, _ runner: EventLoopRunner) {
        if let refusal = runner.context.refusal(of: head.request) {
            respondWithError(refusal, head: head, runner)
            return
        }
        switch head.framing {
        case .none:
            respond(to: head, body: [], runner)
            return
        case .length(let length):
            let limit = runner.context.configuration.maxBodySize(for: head.request.path)
            guard length <= limit else {
                respondWithError(413, detail: "The body may not exceed \(limit) bytes.", head: head, runner)
                return
            }
            let small = length <= runner.context.configuration.smallBodyLimit
            let first = small ? length : min(length, max(unreadCount, Self.bodyReservationStep))
            guard reserveBody(first, runner, head: head, small: small) else { return }
            bodyDeadline = Self.deadline(forBodyOf: length, runner.context)
            let arrived = min(unreadCount, length)
            body = []
            body.reserveCapacity(length)
            body.append(contentsOf: inbound[inboundStart..<(inboundStart + arrived)])
            inboundStart += arrived
            bodyRemaining = length - arrived
            phase = .lengthBody
        case .chunked:
            guard reserveBody(unreadCount, runner, head: head) else { return }
            let limit = runner.context.configuration.maxBodySize(for: head.request.path)
            bodyDeadline = Self.deadline(forBodyOf: limit, runner.context)
            decoder = HTTPChunkedDecoder(maxBodyBytes: limit)
            phase = .chunkedBody
        }
        pendingHead = head
        lastReadAt = runner.now
        bodyStartedAt = runner.now
        bodyBytesRead = unreadCount + body.count
        if head.expectsContinue && bodyBytesRead == 0 {
            beginOutput(runner)
            outbound.append(contentsOf: "HTTP/1.1 100 Continue\r\n\r\n".utf8)
        }
    }

    /// Takes `count` more bytes of the server's body budget for the body being read; when it has no
    /// room, answers `503` with `Retry-After` and closes.
    /// - Returns: false when the budget had no room (the connection is then closing).
    func reserveBody(_ count: Int, _ runner: EventLoopRunner, head: HTTPRequestHead? = nil, small: Bool = false) -> Bool {
        guard count > 0 else { return true }
        guard let refusal = runner.context.reserveBodyBytes(count, small: small, address: address) else {
            reservedBodyBytes += count
            return true
        }
        let detail: String
        switch refusal {
        case .budget:
            runner.context.refusals.bodies.add(1, ordering: .relaxed)
            detail = "The server holds as many request bodies in progress as it may; try again shortly."
        case .addressShare:
            runner.context.refusals.addressBodies.add(1, ordering: .relaxed)
            detail = "This client has as many request bodies in progress as it may; finish one first."
        }
        let error = HTTPError(503, detail: detail, headers: ["Retry-After": "5"])
        respondWithError(error, head: head ?? pendingHead, runner)
        return false
    }

    /// How far ahead of the bytes arrived a large body takes room in the budget.
    static let bodyReservationStep = 256 * 1024

    /// The longest a body of `length` bytes may take: the configuration's `bodyDeadlineGrace`, and the
    /// length at its `bodyDeadlineRate`.
    static func deadline(forBodyOf length: Int, _ context: ServerContext) -> UInt64 {
        let configuration = context.configuration
        let rate = max(1, configuration.bodyDeadlineRate)
        return configuration.bodyDeadlineGrace.nanoseconds &+ UInt64(Double(length) / Double(rate) * 1e9)
    }

    /// Gives back the body budget this connection holds.
    func releaseBody(_ runner: EventLoopRunner) {
        runner.context.releaseBodyBytes(reservedBodyBytes, address: address)
        reservedBodyBytes = 0
    }

    private func compactInbound() {
        guard inboundStart > 0 else { return }
        if inboundStart == inbound.count {
            if inbound.capacity > 64 * 1024 { inbound = [] } else { inbound.removeAll(keepingCapacity: true) }
        } else {
            inbound.removeFirst(inboundStart)
        }
        inboundStart = 0
    }
}
