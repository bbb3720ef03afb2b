// Models — one deflated ZIP entry inflated with the system zlib, never past the size it declares
import CZlib

/// Inflates a ZIP entry's raw deflate data (RFC 1951, no zlib or gzip wrapper: window bits −15) into a buffer
/// of the size its directory declares and one byte more, so that an entry that unpacks to more than it says
/// stops there instead of filling memory.
enum ZipInflater {
    /// - Parameters:
    ///   - data: the entry's compressed bytes.
    ///   - size: the size it declares unpacked.
    ///   - entry: its name, for errors.
    /// - Returns: exactly `size` bytes.
    /// - Throws: ``ZipArchive/ReadError`` when the data is not deflate, ends early, or unpacks to another size.
    /// - Complexity: O(size).
    static func inflate(_ data: [UInt8], size: Int, entry: String) throws(ZipArchive.ReadError) -> [UInt8] {
        // zlib keeps the stream's address in its state and checks it on every call: the stream may not move.
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit2_(stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ZipArchive.ReadError(entry: entry, message: "zlib could not start inflating")
        }
        defer { inflateEnd(stream) }
        var input = data
        var output = [UInt8](repeating: 0, count: size + 1)
        let (code, produced) = input.withUnsafeMutableBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_in = input.baseAddress
                stream.pointee.avail_in = uInt(input.count)
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                let code = CZlib.inflate(stream, Z_FINISH)
                return (code, out.count - Int(stream.pointee.avail_out))
            }
        }
        guard produced <= size else {
            throw ZipArchive.ReadError(entry: entry, message: "it unpacks to more than the \(size) bytes it declares")
        }
        guard code == Z_STREAM_END, produced == size else {
            throw ZipArchive.ReadError(entry: entry, message: "its deflated data is damaged or cut short")
        }
        output.removeLast()
        return output
    }
}
