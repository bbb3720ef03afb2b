// HTTPServer — A parsed request head

/// A parsed request head: the request without its body, and how the body and the connection are framed.
public struct HTTPRequestHead: Sendable, Equatable {
    /// How the length of the request body is known (RFC 9112 §6.3).
    public enum BodyFraming: Sendable, Equatable {
        /// No body.
        case none
        /// `Content-Length: n` with n > 0.
        case length(Int)
        /// `Transfer-Encoding: chunked`.
        case chunked
    }

    /// The request with an empty body.
    public var request: HTTPRequest
    public var framing: BodyFraming
    /// Whether the connection may carry another request after this one (HTTP/1.1 unless `Connection: close`;
    /// HTTP/1.0 only with `Connection: keep-alive`).
    public var keepAlive: Bool
    /// `Expect: 100-continue` in an HTTP/1.1 request: the client waits for `100 Continue` before the body.
    public var expectsContinue: Bool
}
