// TestSupport — blocking client sockets for tests
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Blocking client sockets for tests, through the package's one path for system calls (`System`).
package enum ClientSocket {
    /// Opens a blocking TCP connection to `127.0.0.1:port` (or another IPv4 address), with receive and send
    /// timeouts. Used by clients such as tests.
    /// - Throws: `PosixError` naming `socket` or `connect`.
    package static func connect(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 5) throws -> Int32 {
        let fd = try System.retrying("socket") {
            socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0)
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, host, &address.sin_addr)
        do {
            _ = try withUnsafePointer(to: &address) { pointer in
                try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                    try System.retrying("connect") {
                        Glibc.connect(fd, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
        } catch {
            Glibc.close(fd)
            throw error
        }
        return fd
    }

    /// Reads from a blocking socket; a receive timeout surfaces as `.wouldBlock`.
    /// - Throws: `PosixError` naming `recv`.
    package static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try System.nonBlocking("recv") { Glibc.recv(fd, buffer.baseAddress, buffer.count, 0) }
    }

    /// Sends bytes without raising `SIGPIPE`; a send timeout surfaces as `.wouldBlock`.
    /// - Returns: the number of bytes the kernel took.
    /// - Throws: `PosixError` naming `send`.
    package static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try System.nonBlocking("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Closes a client socket.
    package static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
