// HTTPServer — whether a request takes gzip, for a handler

extension HTTPRequest {
    /// Whether the request's `Accept-Encoding` fields accept gzip (``AcceptEncoding``), for a handler that
    /// sends a body it keeps compressed.
    /// - Complexity: O(size of the head).
    public var acceptsGzip: Bool {
        var accept = AcceptEncoding()
        headers.forEachValue(named: "Accept-Encoding") { accept.read($0) }
        return accept.acceptsGzip
    }
}
