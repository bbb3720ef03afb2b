// HTTPServer — a body kept gzip-compressed, one segment a piece

/// A body of pieces kept gzip-compressed: one gzip member whose every piece is deflated on its own
/// (``GzipDeflater/sharedSegment(of:)``), so that the member is sent as it is to a client that accepts gzip,
/// and each segment can be inflated by itself, in order, for one that does not (a raw deflate segment ended
/// by an empty final block, `03 00`). A million rows as an XML plist (124–193 MB) is kept in about a tenth.
public struct GzipPieces: Sendable {
    /// The member in pieces: the gzip header, one segment a piece, then the last block and the trailer.
    public let member: [[UInt8]]
    /// The bytes of each piece before compression, in order.
    public let pieceCounts: [Int]
    /// The bytes of ``member``.
    public let count: Int

    /// The deflated segment of each piece, in order.
    public var segments: ArraySlice<[UInt8]> { member[1..<(member.count - 1)] }

    /// `pieces` compressed at `level`; nil when zlib fails.
    /// - Complexity: O(bytes of the pieces).
    public init?(compressing pieces: [[UInt8]], level: Int = 1) {
        guard let deflater = try? GzipDeflater(level: level) else { return nil }
        var stream = GzipStream(hasHeader: true)
        var member = [deflater.header]
        for piece in pieces {
            guard let segment = StreamMessage(piece).gzipSegment(deflater) else { return nil }
            stream.append(segment)
            member.append(segment.deflated)
        }
        guard let end = deflater.end(&stream) else { return nil }
        member.append(end)
        self.member = member
        pieceCounts = pieces.map(\.count)
        count = member.reduce(0) { $0 + $1.count }
    }
}
