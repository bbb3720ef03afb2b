// HTTPServer — chooses each response's coding and compresses its body

/// Chooses each response's coding and compresses its body, by the rules of ``ResponseCompression``: the one
/// place on the response path where that happens. `Connection.send` calls ``encode(_:for:written:deflater:)``
/// for every response it writes, so that every route gets it and none does it
/// itself. Shared by the event loops of one server; each loop lends its own deflaters.
///
/// A request that does not accept gzip costs a look at the response's type, for `Vary`
/// (``ResponseFields/mayCompress(_:)``).
final class ResponseCompressor: Sendable {
    let settings: ResponseCompression
    /// Compressed bodies by path and strong entity tag.
    let cache: GzipCache

    init(_ settings: ResponseCompression) {
        self.settings = settings
        cache = GzipCache(byteLimit: settings.cacheBytes)
    }

    /// Chooses the coding of `response` to a request and, when it is gzip, compresses its body (or takes it
    /// from the cache) and gives it the variant's entity tag. A stream's body is compressed as it is written.
    /// - Parameters:
    ///   - response: the handler's response; its body becomes the compressed bytes when the coding is gzip
    ///     (for a stream, only its head changes).
    ///   - negotiation: what the request accepts.
    ///   - written: what a `.written` body wrote into the loop's ``ResponseWriter``: its fields are read in
    ///     place, or made the response's own when the coding reads or rewrites them in full.
    ///   - deflater: the calling loop's deflater for a level; nil when zlib could not make one.
    /// - Returns: `.fixed` when the response cannot be compressed, `.varying` when it could be but is sent
    ///   as written (or is a `304`), `.gzip` when it is compressed.
    /// - Complexity: O(head) for a request that does not accept gzip, and O(body) for one that does unless
    ///   the compressed body is kept.
    func encode(
        _ response: inout HTTPResponse, for negotiation: ContentNegotiation, written: inout ResponseWriter.Output,
        deflater: (_ level: Int) -> GzipDeflater?
    ) -> ResponseEncoding.Coding {
        guard response.compression != .never else { return .fixed }
        let status = response.status
        if status == 304 {
            response.adoptFields(&written)
            return encodeNotModified(&response, for: negotiation)
        }
        guard status >= 200, status != 204, status != 205, status != 206 else { return .fixed }
        if case .deferred = response.body { return .fixed }
        guard ResponseFields.mayCompress(&response, written: &written) else { return .fixed }
        guard negotiation.acceptsGzip else { return .varying }
        // The entity tag may become the gzip variant's: the lines are rewritten in an array of their own.
        response.adoptFields(&written)
        let fields = ResponseFields(response)
        if case .pieces(let pieces) = response.body {
            // Joined only when short enough to be compressed at all; longer, they are sent as they are.
            guard response.bodyCount <= settings.maximumBytes else { return .varying }
            response.body = .bytes(Array(pieces.joined()))
        }
        let compressed: [UInt8]?
        switch response.body {
        case .stream:
            fields.giveGzipVariantTag(to: &response)
            return .gzip
        case .bytes(let bytes):
            compressed = bytes.withUnsafeBytes { gzip($0, of: response, fields, negotiation, deflater) }
        case .pieces:
            compressed = nil
        case .written:
            compressed = gzip(written.body, of: response, fields, negotiation, deflater)
        case .deferred:
            return .fixed
        }
        guard let compressed else { return .varying }
        response.body = .bytes(compressed)
        response.headers.remove("Content-Length")
        fields.giveGzipVariantTag(to: &response)
        return .gzip
    }

    /// The compressed body, from the cache when its path and strong entity tag are kept.
    /// - Returns: nil when the body is too short or too long, zlib failed, or gzip would not be shorter.
    private func gzip(
        _ body: UnsafeRawBufferPointer, of response: HTTPResponse, _ fields: ResponseFields,
        _ negotiation: ContentNegotiation, _ deflater: (Int) -> GzipDeflater?
    ) -> [UInt8]? {
        guard body.count >= settings.minimumBytes, body.count <= settings.maximumBytes else { return nil }
        let key = fields.strongETag(of: response).map {
            GzipCache.Key(path: negotiation.path, etag: $0, identityCount: body.count)
        }
        if let key, let kept = cache.bytes(for: key) { return kept.count < body.count ? kept : nil }
        let level = response.compression == .stable ? settings.stableLevel : settings.level
        guard let compressed = deflater(level)?.member(of: body) else { return nil }
        if let key, settings.cacheBytes > 0 { cache.keep(compressed, for: key) }
        return compressed.count < body.count ? compressed : nil
    }

    /// A `304`: when the request's `If-None-Match` named the gzip variant of the tag the handler matched, the
    /// variant's tag (and no length: the handler's is the identity body's). `Vary` when the client holds a
    /// variant or the response's type could be compressed.
    private func encodeNotModified(
        _ response: inout HTTPResponse, for negotiation: ContentNegotiation
    ) -> ResponseEncoding.Coding {
        let fields = ResponseFields(response)
        if let held = negotiation.heldCondition, let etag = fields.etag(of: response),
            let variant = ResponseCompression.gzipVariant(of: etag), StaticFiles.matches(held, etag: variant)
        {
            fields.giveGzipVariantTag(to: &response)
            response.headers.remove("Content-Length")
            return .varying
        }
        return fields.isCompressible && !fields.hasContentEncoding ? .varying : .fixed
    }
}
