// HTTPServer — system calls: descriptors: close, read, send
#if canImport(Glibc)
    import Glibc
#endif
import SystemSupport

extension Posix {
    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is gone either way.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Reads at most `buffer.count` bytes.
    /// - Returns: `.processed(0)` at end of stream.
    /// - Throws: `PosixError` naming `read`.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try System.nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends bytes on a socket without raising `SIGPIPE`.
    /// - Returns: the number of bytes the kernel took.
    /// - Throws: `PosixError` naming `send`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try System.nonBlocking("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Sends two pieces in one call (`sendmsg` with two `iovec`s), e.g. a response head and a body that is
    /// not copied next to it.
    /// - Returns: the bytes sent, counted from the start of `first`; `.wouldBlock` when none could be.
    static func send(
        _ fd: Int32, _ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer
    ) throws -> IOResult<Int> {
        var pieces = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
        )
        return try withUnsafeMutablePointer(to: &pieces) { pieces in
            try pieces.withMemoryRebound(to: iovec.self, capacity: 2) { vector in
                var message = msghdr()
                message.msg_iov = vector
                message.msg_iovlen = 2
                return try System.nonBlocking("sendmsg") { Glibc.sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
            }
        }
    }
}
