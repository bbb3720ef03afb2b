// TestSupport — gzip inflated with the system zlib, to check what the server compressed

import CZlib

/// Inflates gzip with the system zlib (`inflateInit2` with window bits 15 + 16: the gzip wrapper, its
/// CRC-32 and length checked), as a client does, to check what the server sends.
public final class Gunzip {
    private let stream: UnsafeMutablePointer<z_stream>
    /// Whether the gzip member has ended (its trailer read and checked).
    public private(set) var isFinished = false

    /// - Throws: ``Failure`` when zlib cannot start.
    public init() throws {
        stream = .allocate(capacity: 1)
        stream.initialize(to: z_stream())
        let code = inflateInit2_(stream, 15 + 16, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard code == Z_OK else {
            stream.deinitialize(count: 1)
            stream.deallocate()
            throw Failure(code: code, message: "inflateInit2")
        }
    }

    deinit {
        inflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// What zlib said when it could not inflate.
    public struct Failure: Error, CustomStringConvertible {
        public let code: Int32
        public let message: String
        public var description: String { "\(message): zlib code \(code)" }
    }

    /// Inflates the next bytes of the gzip stream.
    /// - Returns: every byte they complete; what a flush made available is returned at once.
    /// - Throws: ``Failure`` on bytes that are not gzip, a bad CRC or length, or bytes after the member's end.
    public func inflate(_ bytes: [UInt8]) throws -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        guard !isFinished else { throw Failure(code: Z_DATA_ERROR, message: "bytes after the end of the member") }
        var output: [UInt8] = []
        var input = bytes
        try input.withUnsafeMutableBufferPointer { input in
            stream.pointee.next_in = input.baseAddress
            stream.pointee.avail_in = uInt(input.count)
            var chunk = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let (code, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(out.count)
                    let code = CZlib.inflate(stream, Z_NO_FLUSH)
                    return (code, out.count - Int(stream.pointee.avail_out))
                }
                output.append(contentsOf: chunk[..<produced])
                switch code {
                case Z_STREAM_END:
                    isFinished = true
                    guard stream.pointee.avail_in == 0 else {
                        throw Failure(code: Z_DATA_ERROR, message: "bytes after the end of the member")
                    }
                    return
                case Z_OK where stream.pointee.avail_in > 0 || produced == chunk.count:
                    continue
                case Z_OK, Z_BUF_ERROR:
                    return
                default:
                    throw Failure(code: code, message: stream.pointee.msg.map { String(cString: $0) } ?? "inflate")
                }
            }
        }
        stream.pointee.next_in = nil
        return output
    }

    /// A whole gzip body inflated.
    /// - Throws: ``Failure`` when `body` is not exactly one complete gzip member.
    public static func inflate(_ body: [UInt8]) throws -> [UInt8] {
        let gunzip = try Gunzip()
        let bytes = try gunzip.inflate(body)
        guard gunzip.isFinished else { throw Failure(code: Z_BUF_ERROR, message: "the member does not end") }
        return bytes
    }
}
