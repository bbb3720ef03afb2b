// HTTPServer — one message written to many streams
import SystemSupport

/// Bytes written to any number of streaming responses (one server-sent event for every subscriber): one
/// buffer, held by reference by every stream and connection that has yet to send it, and compressed once, by
/// the first connection that sends it as gzip, into a segment every gzip stream then sends as it is.
///
/// So an event of 378 KB queued for 2,000 clients that do not read costs 378 KB (and its compressed form), not
/// 2,000 copies.
public final class StreamMessage: Sendable {
    /// The message as the client reads it.
    public let bytes: [UInt8]
    /// The gzip segment, made on first need; nil until then, and after zlib failed to make it.
    private let compressed = System.Locked<GzipSegment?>(nil)

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The number of bytes before compression.
    public var count: Int { bytes.count }

    /// The message deflated on its own (``GzipDeflater/sharedSegment(of:)``), made once: a connection on
    /// another loop that asks meanwhile waits for it rather than compressing the same bytes again.
    /// - Returns: nil when zlib fails (the stream then cannot go on).
    /// - Complexity: O(count) the first time, O(1) after.
    func gzipSegment(_ deflater: GzipDeflater) -> GzipSegment? {
        compressed.withLock { segment in
            if let segment { return segment }
            segment = bytes.withUnsafeBytes { deflater.sharedSegment(of: $0) }
            return segment
        }
    }
}
