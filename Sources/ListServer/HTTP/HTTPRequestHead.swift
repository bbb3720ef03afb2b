// ListServer — ListServer

/// A parsed request head: the request without its body, and how the body and the connection are framed.
struct HTTPRequestHead: Sendable, Equatable {
    /// How the length of the request body is known (RFC 9112 §6.3).
    enum BodyFraming: Sendable, Equatable {
        /// No body.
        case none
        /// `Content-Length: n` with n > 0.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
    }

    /// The request with an empty body.
    var request: HTTPRequest
    var framing: BodyFraming
    /// Whether the connection may carry another request after this one (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    var keepAlive: Bool
    /// `Expect: 100-continue` in an HTTP/1.1 request: the client waits for `100 Continue` before the body.
    var expectsContinue: Bool
}
