// HTTPServer — system calls: descriptors: close, read, send
#if canImport(Glibc)
    import Glibc
#endif

extension Posix {
    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is gone either way.
    public static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Reads at most `buffer.count` bytes.
    /// - Returns: `.processed(0)` at end of stream.
    /// - Throws: `PosixError` naming `read`.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends bytes on a socket without raising `SIGPIPE`.
    /// - Returns: the number of bytes the kernel took.
    /// - Throws: `PosixError` naming `send`.
    public static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try nonBlocking("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes all of `bytes` to a blocking descriptor such as stderr; gives up silently on failure.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                guard
                    case .processed(let n)? = try? nonBlocking(
                        "write",
                        {
                            Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                        }), n > 0
                else { return }
                offset += n
            }
        }
    }
}
