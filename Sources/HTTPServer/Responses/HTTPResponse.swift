// HTTPServer — A response as a handler returns it
import Bytes

/// A response as a handler returns it. The server adds `Date`, `Content-Length` (or chunked framing for a
/// stream) and `Connection` when it writes it.
public struct HTTPResponse: Sendable {
    /// The content.
    public enum Body: Sendable {
        /// A body known in full; sent with `Content-Length`.
        case bytes([UInt8])
        /// A body known in full as pieces in order, sent with `Content-Length` from the pieces themselves:
        /// held by reference by every connection sending them, never joined into one buffer (a 193 MB
        /// export kept as 1 MiB pieces is sent to any number of clients without a copy).
        case pieces([[UInt8]])
        /// A body written later from any thread; sent chunked (HTTP/1.1) or until close (HTTP/1.0).
        case stream(HTTPStream)
        /// The first `count` bytes of the memory the event loop lent with the request
        /// (``HTTPRequest/bodyMemory``); sent with `Content-Length`. Only an answer to a request that lent
        /// memory may have it, given by the handler's call on the loop.
        case lent(count: Int)
        /// A response another thread completes (``HTTPDeferredResponse``); this response's own status and
        /// headers are not sent.
        case deferred(HTTPDeferredResponse)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body
    /// Header field lines the handler wrote itself, each `Name: value` and CRLF, written after `headers`
    /// as they are, with no check: for a handler that answers many requests with the same well-formed
    /// fields (a window's `Content-Type`, `Cache-Control` and `ETag`), so they are neither made into a
    /// list of strings nor checked byte by byte for every response. They must not name a field the server
    /// writes (`Date`, `Content-Length`, `Transfer-Encoding`, `Connection`), nor `Content-Encoding`: a
    /// handler that codes its own body says so in `headers`. When they name the `Content-Type`, the first
    /// line should be it: the server reads the type there (``ResponseCompression``) without reading the rest.
    public var fieldLines: [UInt8]
    /// How many bytes of field lines, written as ``fieldLines`` are, the handler wrote into the memory the
    /// event loop lent with the request (``HTTPRequest/fieldLineMemory``); sent after ``fieldLines``. Only an
    /// answer to a request that lent memory may have them, given by the handler's call on the loop.
    public internal(set) var lentFieldLineCount: Int
    /// How the server may compress the body for a client that accepts gzip (``ResponseCompression``).
    public var compression: Compression
    /// The route that answered, as its pattern (`/api/datasets/:id`): what metrics count requests by, so that
    /// their labels stay few whatever paths clients ask for. ``HTTPRouter`` sets it; nil counts as `other`.
    public var route: String?

    /// How the server may compress a body (``ResponseCompression`` says when it does).
    public enum Compression: Sendable, Equatable {
        /// Written for its request: compressed at ``ResponseCompression/level``, and kept by path and
        /// entity tag when it has a strong one (the default).
        case dynamic
        /// The same bytes as long as its entity tag is the same (a file): compressed once at
        /// ``ResponseCompression/stableLevel`` and kept by path and entity tag.
        case stable
        /// Sent as written, to every client.
        case never
    }

    /// Sets each property once: properties given a default and then assigned in an initializer made the
    /// optimiser copy the whole response, and destroy the copy, where one was made.
    @usableFromInline
    init(status: Int, headers: HTTPHeaders, body: Body, fieldLines: [UInt8], lentFieldLineCount: Int = 0) {
        self.status = status
        self.headers = headers
        self.body = body
        self.fieldLines = fieldLines
        self.lentFieldLineCount = lentFieldLineCount
        compression = .dynamic
    }

    /// A response with a body known in full.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: .bytes(body), fieldLines: [])
    }

    /// A response with a body known in full as pieces, sent one after another without being joined.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), pieces: [[UInt8]]) {
        self.init(status: status, headers: headers, body: .pieces(pieces), fieldLines: [])
    }

    /// A response with a body known in full and header field lines written by the handler (see
    /// ``fieldLines``).
    public init(status: Int = 200, fieldLines: [UInt8], body: [UInt8]) {
        self.init(status: status, headers: HTTPHeaders(), body: .bytes(body), fieldLines: fieldLines)
    }

    /// An answer whose body the handler wrote into the memory lent with the request
    /// (``HTTPRequest/bodyMemory``), with header field lines written by the handler (see ``fieldLines``).
    @inlinable
    public init(status: Int = 200, fieldLines: [UInt8], lentBodyCount count: Int) {
        self.init(status: status, headers: HTTPHeaders(), body: .lent(count: count), fieldLines: fieldLines)
    }

    /// An answer whose header field lines and body the handler wrote into the memory lent with the request
    /// (``HTTPRequest/fieldLineMemory`` and ``HTTPRequest/bodyMemory``): nothing of it is allocated.
    @inlinable
    public init(status: Int = 200, lentFieldLineCount: Int, lentBodyCount count: Int) {
        self.init(
            status: status, headers: HTTPHeaders(), body: .lent(count: count), fieldLines: [],
            lentFieldLineCount: lentFieldLineCount)
    }

    /// An answer whose header field lines the handler wrote into the memory lent with the request
    /// (``HTTPRequest/fieldLineMemory``), with a body known in full.
    @inlinable
    public init(status: Int = 200, lentFieldLineCount: Int, body: [UInt8]) {
        self.init(
            status: status, headers: HTTPHeaders(), body: .bytes(body), fieldLines: [],
            lentFieldLineCount: lentFieldLineCount)
    }

    /// An answer whose field lines and body were written into the memory lent with the request where they
    /// fit (``HTTPRequest/fieldLineMemory``, ``HTTPRequest/bodyMemory``), and into arrays of their own where
    /// they did not.
    @inlinable
    package init(status: Int = 200, fieldLines: ByteStorage.Placement, body: ByteStorage.Placement) {
        let lines: [UInt8]
        let lentLines: Int
        switch fieldLines {
        case .lent(let count): (lines, lentLines) = ([], count)
        case .array(let bytes): (lines, lentLines) = (bytes, 0)
        }
        let content: Body
        switch body {
        case .lent(let count): content = .lent(count: count)
        case .array(let bytes): content = .bytes(bytes)
        }
        self.init(
            status: status, headers: HTTPHeaders(), body: content, fieldLines: lines, lentFieldLineCount: lentLines)
    }

    /// Makes the field lines lent with the request (`lent`, the first ``lentFieldLineCount`` bytes of the
    /// loop's memory) the response's own, after ``fieldLines``: for a response whose lines are rewritten,
    /// or kept past the loop's call.
    /// - Complexity: O(lines).
    mutating func adoptLentFieldLines(_ lent: UnsafeRawBufferPointer) {
        guard lentFieldLineCount > 0 else { return }
        assert(lent.count == lentFieldLineCount, "the lent field lines are not the response's")
        fieldLines.append(contentsOf: lent)
        lentFieldLineCount = 0
    }

    /// A streaming response: the client receives the head at once, then whatever is written to `stream`.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), stream: HTTPStream) {
        self.init(status: status, headers: headers, body: .stream(stream), fieldLines: [])
    }

    /// A response that another thread completes with ``HTTPDeferredResponse/complete(_:)``.
    public init(deferred: HTTPDeferredResponse) {
        self.init(status: 202, headers: HTTPHeaders(), body: .deferred(deferred), fieldLines: [])
    }

    /// The bytes of a `.bytes` body, or the pieces of a `.pieces` body joined (empty for a stream or a lent
    /// body).
    public var bodyBytes: [UInt8] {
        switch body {
        case .bytes(let bytes): return bytes
        case .pieces(let pieces): return Array(pieces.joined())
        default: return []
        }
    }

    /// The number of bytes of a body known in full (`.bytes`, `.pieces`); 0 for the others.
    public var bodyCount: Int {
        switch body {
        case .bytes(let bytes): return bytes.count
        case .pieces(let pieces): return pieces.reduce(0) { $0 + $1.count }
        default: return 0
        }
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ text: String, status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// An `application/json` response from already-encoded bytes.
    public static func json(_ bytes: [UInt8], status: Int = 200) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": "application/json"], body: bytes)
    }

    /// The standard reason phrase of a status code ("Unknown" for codes without one).
    public static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 406: return "Not Acceptable"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 411: return "Length Required"
        case 412: return "Precondition Failed"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 415: return "Unsupported Media Type"
        case 416: return "Range Not Satisfiable"
        case 417: return "Expectation Failed"
        case 421: return "Misdirected Request"
        case 422: return "Unprocessable Content"
        case 428: return "Precondition Required"
        case 429: return "Too Many Requests"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Unknown"
        }
    }
}
