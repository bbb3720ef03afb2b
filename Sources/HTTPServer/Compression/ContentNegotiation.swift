// HTTPServer — what a request says about the codings it takes, read once from its head

/// What a request says about the codings it takes, read once from its head, for ``ResponseCompressor``
/// to choose its response's coding.
///
/// A client that holds a compressed variant revalidates with its tag (`If-None-Match: "abc-gzip"`), which
/// no handler knows: for a request that accepts gzip, the server gives the handler the identity tags
/// (``ResponseCompression/identityCondition(_:)``) and keeps the field as sent, so that a `304` is
/// answered with the variant's tag.
struct ContentNegotiation {
    /// Whether gzip may be sent.
    var acceptsGzip = false
    /// The request's path: with an entity tag it names a compressed body in the ``GzipCache``. Empty when
    /// gzip is not accepted.
    var path = ""
    /// The request's `If-None-Match` as sent, when it named a gzip variant and the handler was given the
    /// identity tags instead; nil otherwise.
    var heldCondition: String?

    /// A request that takes only `identity` (no `Accept-Encoding`, a refused gzip, or an error answered
    /// before the head was read).
    static let identity = ContentNegotiation()

    /// Reads `request`'s `Accept-Encoding`, and gives its `If-None-Match` the identity tags when it names
    /// gzip variants and gzip is accepted.
    /// - Complexity: O(size of the head).
    init(reading request: inout HTTPRequest) {
        var accept = AcceptEncoding()
        request.headers.forEachValue(named: "Accept-Encoding") { accept.read($0) }
        guard accept.acceptsGzip else { return }
        acceptsGzip = true
        path = request.path
        if let condition = request.headers["If-None-Match"],
            let identity = ResponseCompression.identityCondition(condition)
        {
            heldCondition = condition
            request.headers.set("If-None-Match", identity)
        }
    }

    private init() {}
}
