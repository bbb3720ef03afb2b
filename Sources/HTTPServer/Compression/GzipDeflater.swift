// HTTPServer — gzip through the system zlib: every zlib call of the server is in this file

import CZlib

/// Compresses bodies to gzip (RFC 1952) with the system zlib: a whole body as one gzip member, or a stream
/// as segments that each reach the client at once. Every zlib call of the server is here.
///
/// The deflate state is made once (`deflateInit2`, raw deflate with a 32 KiB window) and reset for each
/// body or segment, so a loop that compresses many responses allocates zlib's memory (about 256 KiB) once;
/// `deflateEnd` frees it when the deflater goes. The gzip header and trailer (CRC-32 and length) are written
/// here rather than by zlib's wrapper (`windowBits` 15 + 16), so that the segments of a stream, each
/// deflated on its own and ended with `Z_SYNC_FLUSH`, make one gzip member together, while a stream keeps
/// no zlib state of its own between its writes (``GzipStream``: a CRC and a length). A segment cannot refer to the
/// bytes of an earlier one, which costs a stream some ratio and nothing else.
///
/// Not thread-safe: one deflater belongs to one thread (an event loop keeps one per level).
final class GzipDeflater {
    /// Why a deflater could not be made.
    enum Error: Swift.Error, Equatable {
        /// `deflateInit2` returned `code` (`Z_MEM_ERROR`, `Z_STREAM_ERROR`, `Z_VERSION_ERROR`).
        case initialization(code: Int32)
    }

    /// The compression level, 1 (fastest) to 9 (smallest).
    let level: Int32
    /// The zlib stream, at a fixed address: zlib keeps a pointer to it and checks it on every call.
    private let stream: UnsafeMutablePointer<z_stream>

    /// Makes a deflater.
    /// - Parameter level: 1 (fastest) to 9 (smallest); other values are clamped into that range.
    /// - Throws: ``Error/initialization(code:)`` when zlib has no memory or is not the version compiled against.
    init(level: Int) throws(Error) {
        self.level = Int32(Swift.min(9, Swift.max(1, level)))
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        // Raw deflate (negative window bits): the gzip framing is this type's (see above). memLevel 8 is
        // zlib's default.
        let code = deflateInit2_(
            stream, self.level, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION,
            Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw .initialization(code: code)
        }
    }

    deinit {
        // Z_DATA_ERROR only says the last deflate was left unfinished; the memory is freed either way.
        _ = deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// `input` as one whole gzip member.
    /// - Returns: the compressed bytes; nil when zlib reports an error (the caller sends `input` as it is).
    /// - Complexity: O(input.count).
    func member(of input: UnsafeRawBufferPointer) -> [UInt8]? {
        var state = GzipStream()
        return compress(input, &state, flush: Z_FINISH)
    }

    /// The next segment of a gzip stream: the gzip header first, then `input` deflated and flushed to a
    /// byte boundary (`Z_SYNC_FLUSH`), so that the client can inflate everything sent so far at once.
    /// - Parameters:
    ///   - input: the bytes the stream's writer queued.
    ///   - state: the stream's running CRC and length, updated.
    /// - Returns: the bytes to send; nil when zlib reports an error (the stream cannot go on).
    /// - Complexity: O(input.count).
    func segment(of input: UnsafeRawBufferPointer, _ state: inout GzipStream) -> [UInt8]? {
        compress(input, &state, flush: Z_SYNC_FLUSH)
    }

    /// `input` deflated on its own and flushed to a byte boundary, without the gzip header, with its CRC-32 and
    /// length: a segment made once and sent to any number of streams (``GzipStream/append(_:)``).
    /// - Returns: nil when zlib reports an error.
    /// - Complexity: O(input.count).
    func sharedSegment(of input: UnsafeRawBufferPointer) -> GzipSegment? {
        var state = GzipStream(hasHeader: true)
        guard let deflated = compress(input, &state, flush: Z_SYNC_FLUSH) else { return nil }
        return GzipSegment(deflated: deflated, crc: state.crc, count: state.count)
    }

    /// The gzip header at this deflater's level, for a stream whose first segment is a shared one.
    var header: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: Self.headerCount) { buffer, count in
            Self.writeHeader(level: level, to: buffer.baseAddress!)
            count = Self.headerCount
        }
    }

    /// The end of a gzip stream: the header if no segment was sent, a final empty deflate block, then the
    /// trailer (the CRC-32 and the length of everything the stream carried).
    /// - Returns: the bytes to send; nil when zlib reports an error.
    func end(_ state: inout GzipStream) -> [UInt8]? {
        compress(UnsafeRawBufferPointer(start: nil, count: 0), &state, flush: Z_FINISH)
    }

    /// Deflates `input` in one call from a reset state, after the gzip header when `state` has not had it
    /// and, for `Z_FINISH`, before the trailer; folds `input` into `state`'s CRC and length.
    ///
    /// The output is made with room for `deflateBound` and a flush marker, which zlib guarantees is enough
    /// for one call: anything but a complete result is an error.
    /// - Parameter flush: `Z_FINISH` (the end of the member) or `Z_SYNC_FLUSH` (a segment).
    /// - Returns: nil when `input` is too long for one zlib call (2 GiB), or a zlib call returned an error or
    ///   left input or output unfinished.
    private func compress(_ input: UnsafeRawBufferPointer, _ state: inout GzipStream, flush: Int32) -> [UInt8]? {
        guard input.count <= Int(UInt32.max) / 2, deflateReset(stream) == Z_OK else { return nil }
        let finishing = flush == Z_FINISH
        let header = state.hasHeader ? 0 : Self.headerCount
        let bound = Int(deflateBound(stream, uLong(input.count))) + Self.flushMarkerRoom
        let trailer = finishing ? Self.trailerCount : 0
        // zlib reads `next_in` and never writes through it (its header declares it without `const`).
        stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.pointee.avail_in = uInt(input.count)
        defer {
            stream.pointee.next_in = nil
            stream.pointee.next_out = nil
            stream.pointee.avail_out = 0
        }
        var complete = false
        var output = [UInt8](unsafeUninitializedCapacity: header + bound + trailer) { buffer, count in
            let base = buffer.baseAddress!
            if header > 0 { Self.writeHeader(level: level, to: base) }
            stream.pointee.next_out = base + header
            stream.pointee.avail_out = uInt(bound)
            let code = deflate(stream, flush)
            let left = Int(stream.pointee.avail_out)
            complete =
                stream.pointee.avail_in == 0 && (finishing ? code == Z_STREAM_END : code == Z_OK && left > 0)
            count = complete ? header + bound - left : 0
        }
        guard complete else { return nil }
        state.hasHeader = true
        if let base = input.baseAddress, !input.isEmpty {
            let crc = crc32(uLong(state.crc), base.assumingMemoryBound(to: Bytef.self), uInt(input.count))
            state.crc = UInt32(truncatingIfNeeded: crc)
            state.count &+= UInt32(truncatingIfNeeded: input.count)
        }
        if finishing {
            for shift in stride(from: 0, to: 32, by: 8) { output.append(UInt8(truncatingIfNeeded: state.crc >> shift)) }
            for shift in stride(from: 0, to: 32, by: 8) {
                output.append(UInt8(truncatingIfNeeded: state.count >> shift))
            }
        }
        // The room made for the worst case is mostly empty: what is sent or kept is an array of the bytes' size.
        return output.capacity - output.count > Self.spareRoom ? Array(output[...]) : output
    }

    /// The most room past its bytes that a result keeps; a result with more is copied to its size.
    static let spareRoom = 256

    static let headerCount = 10
    static let trailerCount = 8
    /// Room past `deflateBound` for the empty stored block that `Z_SYNC_FLUSH` ends a segment with (at most
    /// five bytes with its alignment).
    static let flushMarkerRoom = 16

    /// Writes the gzip header (RFC 1952 §2.3): magic, deflate, no flags, no time, the level's hint (2:
    /// smallest, 4: fastest), Unix.
    private static func writeHeader(level: Int32, to base: UnsafeMutablePointer<UInt8>) {
        base.initialize(repeating: 0, count: headerCount)
        (base[0], base[1], base[2]) = (0x1f, 0x8b, 8)
        base[8] = level == 9 ? 2 : (level == 1 ? 4 : 0)
        base[9] = 3
    }
}

/// What a gzip stream carries from one segment to the next (``GzipDeflater/segment(of:_:)``): whether its
/// header was sent, and the CRC-32 and length (modulo 2³²) of the bytes it compressed so far.
struct GzipStream: Equatable {
    var hasHeader = false
    var crc: UInt32 = 0
    var count: UInt32 = 0

    /// Folds a shared segment's bytes into the stream's CRC-32 and length, as if they had been compressed
    /// into it (`crc32_combine`); the caller sends the header first when the stream has not had it.
    mutating func append(_ segment: GzipSegment) {
        hasHeader = true
        crc = UInt32(truncatingIfNeeded: crc32_combine(uLong(crc), uLong(segment.crc), Int(segment.count)))
        count &+= segment.count
    }
}

/// Bytes deflated once for every stream that sends them (``GzipDeflater/sharedSegment(of:)``): a segment
/// refers to no earlier bytes, so it is the same in any gzip stream; only the CRC and length differ.
struct GzipSegment: Sendable {
    let deflated: [UInt8]
    /// The CRC-32 and length of the bytes before compression.
    let crc: UInt32
    let count: UInt32
}
