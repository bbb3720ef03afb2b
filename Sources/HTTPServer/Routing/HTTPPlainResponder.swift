// HTTPServer — what answers a plain request from its bytes

/// Answers a plain request (``HTTPPlainRequest``) straight from its bytes, or returns nil to leave it to
/// the handler, which then answers it as any other: for a request it does not know, and for one it would
/// refuse, so that every error is the handler's.
public typealias HTTPPlainResponder = @Sendable (HTTPPlainRequest) -> HTTPResponse?
