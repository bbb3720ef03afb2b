// HTTPServer — the settings of an `HTTPServer`
import SystemSupport

/// The settings of an `HTTPServer`.
public struct HTTPServerConfiguration: Sendable {
    /// The address to bind: a numeric IPv4/IPv6 address or `localhost`.
    public var host = "127.0.0.1"
    /// The port to bind; 0 picks a free one (see `HTTPServer.start()`).
    public var port = 8080
    /// How many event loops (threads) serve connections; one per core by default.
    public var eventLoopCount = System.processorCount()
    /// The most connections open at once: at the cap the longest-idle connections close to make room, and
    /// when none is idle a new one is answered `503` (`Retry-After`) and closed. Also capped by the process's
    /// descriptor limit.
    public var maxConnections = 10_000
    /// The longest a client may take to send a request head, and the longest a request body may stall (`408`).
    public var headerTimeout: Duration = .seconds(10)
    /// How long an idle keep-alive connection stays open while the server holds at most half
    /// ``maxConnections``; past that it shortens, down to ``pressedIdleTimeout`` at the cap, where the
    /// longest-idle connections close to make room for new ones before anyone is refused.
    public var idleTimeout: Duration = .seconds(60)
    /// The shortest the idle timeout (and a new connection's time to send its first request) gets as the
    /// server nears ``maxConnections``.
    public var pressedIdleTimeout: Duration = .seconds(1)
    /// How long a response may wait for a client that does not read before the connection is dropped.
    public var writeTimeout: Duration = .seconds(30)
    /// How long a graceful stop (a drain) waits for in-flight requests and streams before closing what is left.
    public var shutdownTimeout: Duration = .seconds(10)
    /// The largest request line plus headers (`431` beyond).
    public var maxHeaderBytes = 16 * 1024
    /// The slowest a request body may arrive, in bytes a second, averaged over the body once the header
    /// timeout has passed since it began: a client that trickles a body is answered `408` and dropped,
    /// however often it sends a byte.
    public var minimumBodyRate = 32 * 1024
    /// The most bytes of request bodies in progress that the server holds at once, over every connection:
    /// a body that would take more is answered `503` (`Retry-After`), so that slow or large uploads
    /// together cannot take the server's memory.
    public var maxBufferedBodyBytes = 512 << 20
    /// A body whose announced length is at most this is small (a batch, an edit): it takes its room from the
    /// whole budget at once, where a larger one takes room as its bytes arrive and never the last
    /// ``smallBodyReserve`` bytes.
    public var smallBodyLimit = 1 << 20
    /// The bytes of ``maxBufferedBodyBytes`` that only small bodies may take.
    public var smallBodyReserve = 64 << 20
    /// The most of ``maxBufferedBodyBytes`` that the bodies in progress from one client address may hold,
    /// small and large together (past it a body is `503` with `Retry-After`), so that one address's uploads,
    /// however many, leave room to everyone else; nil: no share, the whole budget.
    public var maxBufferedBodyBytesPerAddress: Int?
    /// The slowest a body may arrive on the whole, in bytes a second after ``bodyDeadlineGrace``: a body of n
    /// bytes must be complete `bodyDeadlineGrace + n / bodyDeadlineRate` after it began, however steadily it
    /// trickles (a chunked body is given the time of its path's largest body).
    public var bodyDeadlineRate = 1 << 20
    /// The time every body has besides its length's at ``bodyDeadlineRate``.
    public var bodyDeadlineGrace: Duration = .seconds(10)
    /// The most event streams (streaming responses that stay open; a document written as it is sent takes
    /// no slot) open at once; one more is answered `429` (`Retry-After`). Kept below `maxConnections`, so that
    /// ordinary requests always find a connection.
    public var maxStreams = 5_000
    /// The most event streams open at once to one client address; one more is answered `429`.
    public var maxStreamsPerAddress = 64
    /// The most connections open at once from one client address: one more is answered `503`
    /// (`Retry-After`) and closed, so that one address cannot take every slot of ``maxConnections``. Behind
    /// a proxy every client has the proxy's address: raise it there.
    public var maxConnectionsPerAddress = 512
    /// The largest request body (`413` beyond) unless `bodyLimit` allows more for a path.
    public var maxBodyBytes = 1 << 20
    /// A larger (or smaller) body limit for some paths: return nil to keep `maxBodyBytes`.
    public var bodyLimit: (@Sendable (_ path: String) -> Int?)?
    /// The listen backlog asked of the kernel.
    public var backlog: Int32 = 4096
    /// The host names the server answers to (``HostAllowlist``); a request naming another in `Host` is
    /// answered `421`. nil: any host.
    public var allowedHosts: HostAllowlist?
    /// Paths answered whatever host the request names: a health check that load balancers and
    /// orchestrators probe by address (they send `Host: 10.1.2.3:8080`). They must disclose nothing.
    public var anyHostPaths: Set<String> = []
    /// Checks a request from its head alone, before any of its body is read or `100 Continue` is sent:
    /// an error it returns is the answer, and the connection closes after it (the body is not read). For
    /// the checks that need no body, such as who may change data. nil: every request goes on.
    public var headCheck: (@Sendable (HTTPRequest) -> HTTPError?)?
    /// The paths whose errors are answered as `application/problem+json`.
    public var problemPaths = ProblemPaths.none
    /// Whether to write one access-log line per request on stderr.
    public var accessLog = true
    /// How the access-log lines read.
    public var accessLogFormat = AccessLog.Format.text
    /// Where the server counts its requests, connections and bytes (``ServerMetrics``); nil counts nothing.
    public var metrics: ServerMetrics?
    /// The pool the handler gives work too heavy for an event loop (``HTTPWorkerPool``), whose refusals
    /// `/metrics` counts with the server's; nil when the handler has none.
    public var workers: HTTPWorkerPool?
    /// Gzip for the clients that accept it (``ResponseCompression``: which responses, the levels, the cache of
    /// compressed bodies); nil sends every body as written.
    public var compression: ResponseCompression? = ResponseCompression()
    /// The room for a body each event loop's ``ResponseWriter`` keeps from one response to the next, so that
    /// the bodies handlers write most need no allocation of their own; a longer one grows it for its response.
    public var responseWriterBytes = 256 * 1024

    public init() {}

    /// The body limit for a request path.
    public func maxBodySize(for path: String) -> Int {
        bodyLimit?(path) ?? maxBodyBytes
    }
}

extension Duration {
    /// The duration in whole nanoseconds (negative durations count as zero).
    public var nanoseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0 else { return 0 }
        return UInt64(seconds) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
    }
}
