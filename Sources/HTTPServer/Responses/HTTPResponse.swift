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
        /// Header fields and a body written by `write` into the ``ResponseWriter`` the server hands it,
        /// when the response is sent (on the event loop answering the request, or in-process over a writer of
        /// its own, ``HTTPResponse/written()``); sent with `Content-Length`. `write` runs once, and may not
        /// keep the writer.
        case written(@Sendable (inout ResponseWriter) -> Void)
        /// A response another thread completes (``HTTPDeferredResponse``); this response's own status and
        /// headers are not sent.
        case deferred(HTTPDeferredResponse)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Body
    /// Field lines already checked, written after `headers`: the ``ResponseWriter``'s fields, made the
    /// response's own when its coding rewrites them (``ResponseCompressor``).
    var fieldLines: [UInt8]
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
    init(status: Int, headers: HTTPHeaders, body: Body) {
        self.status = status
        self.headers = headers
        self.body = body
        fieldLines = []
        compression = .dynamic
    }

    /// A response with a body known in full.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.init(status: status, headers: headers, body: .bytes(body))
    }

    /// A response with a body known in full as pieces, sent one after another without being joined.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), pieces: [[UInt8]]) {
        self.init(status: status, headers: headers, body: .pieces(pieces))
    }

    /// A response whose header fields and body `write` writes into the server's ``ResponseWriter`` when it
    /// is sent (see ``Body/written(_:)``), after `headers`.
    public init(
        status: Int = 200, headers: HTTPHeaders = HTTPHeaders(),
        write: @escaping @Sendable (inout ResponseWriter) -> Void
    ) {
        self.init(status: status, headers: headers, body: .written(write))
    }

    /// A streaming response: the client receives the head at once, then whatever is written to `stream`.
    public init(status: Int = 200, headers: HTTPHeaders = HTTPHeaders(), stream: HTTPStream) {
        self.init(status: status, headers: headers, body: .stream(stream))
    }

    /// A response that another thread completes with ``HTTPDeferredResponse/complete(_:)``.
    public init(deferred: HTTPDeferredResponse) {
        self.init(status: 202, headers: HTTPHeaders(), body: .deferred(deferred))
    }

    /// The bytes of a `.bytes` body, the pieces of a `.pieces` body joined, or what a `.written` body writes
    /// over a writer of its own (empty for a stream or a deferred body).
    public var bodyBytes: [UInt8] {
        switch body {
        case .bytes(let bytes): return bytes
        case .pieces(let pieces): return Array(pieces.joined())
        case .written(let write):
            var writer = ResponseWriter()
            write(&writer)
            return writer.bodyBytes
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

    /// This response with what a `.written` body writes made its headers (after its own) and its body,
    /// written over a writer of its own: the response as the client reads it, for a test or a caller
    /// off the server. Any other response is returned as it is.
    /// - Complexity: O(what the body writes).
    public func written() -> HTTPResponse {
        guard case .written(let write) = body else { return self }
        var writer = ResponseWriter()
        write(&writer)
        var response = self
        for field in writer.headers { response.headers.add(field.name, field.value) }
        response.body = .bytes(writer.bodyBytes)
        return response
    }

    /// Makes the fields written into the loop's writer (`written`) the response's own, after ``fieldLines``:
    /// for a response whose fields are rewritten, or read in full.
    /// - Complexity: O(fields).
    mutating func adoptFields(_ written: inout ResponseWriter.Output) {
        guard !written.fields.isEmpty else { return }
        fieldLines.append(contentsOf: written.fields)
        written.fields = UnsafeRawBufferPointer(start: nil, count: 0)
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
