// HTTPServer — system calls: listening and accepting sockets
#if canImport(Glibc)
    import Glibc
#endif
import SystemSupport

extension Posix {
    /// Creates a non-blocking listening TCP socket bound to `host:port`.
    /// - Parameters:
    ///   - host: a numeric address or a name (`localhost`); the first IPv4 address found is preferred.
    ///   - port: the port, 0 for an ephemeral one.
    ///   - backlog: the accept queue length asked of the kernel.
    /// - Returns: the descriptor and the port actually bound.
    /// - Throws: `PosixError` naming the failing call (`getaddrinfo`, `socket`, `bind`, `listen`, …).
    static func listen(host: String, port: Int, backlog: Int32) throws -> (fd: Int32, port: Int) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw PosixError(call: "getaddrinfo(\(host))", code: EINVAL) }
        defer { freeaddrinfo(list) }
        var info = first
        var candidate: UnsafeMutablePointer<addrinfo>? = first
        while let current = candidate {
            if current.pointee.ai_family == AF_INET {
                info = current
                break
            }
            candidate = current.pointee.ai_next
        }
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd = try System.retrying("socket") { socket(info.pointee.ai_family, type, 0) }
        do {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            _ = try System.retrying("bind") { bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) }
            _ = try System.retrying("listen") { Glibc.listen(fd, backlog) }
            return (fd, try localPort(fd))
        } catch {
            close(fd)
            throw error
        }
    }

    /// The local port a socket is bound to.
    /// - Throws: `PosixError` naming `getsockname`.
    static func localPort(_ fd: Int32) throws -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = try withUnsafeMutablePointer(to: &storage) { pointer in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                try System.retrying("getsockname") { getsockname(fd, address, &length) }
            }
        }
        let port: UInt16
        if Int32(storage.ss_family) == AF_INET6 {
            port = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in6.self).sin6_port }
        } else {
            port = withUnsafeBytes(of: storage) { $0.load(as: sockaddr_in.self).sin_port }
        }
        return Int(UInt16(bigEndian: port))
    }

    /// Accepts one connection as a non-blocking, close-on-exec socket.
    /// - Returns: the new descriptor, or `.wouldBlock` when the queue is empty.
    /// - Throws: `PosixError` naming `accept4`.
    static func accept(_ fd: Int32) throws -> IOResult<Int32> {
        let flags = Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        return try System.nonBlocking("accept4") { Linux.accept4(fd, nil, nil, flags) }
    }

    /// The numeric address of a connected socket's peer (`127.0.0.1`, `::1`), without its port; nil when
    /// the socket has none (it closed) or it is not an IP socket.
    static func peerAddress(_ fd: Int32) -> String? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(fd, $0, &length) == 0 }
        }
        guard found else { return nil }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let family = Int32(storage.ss_family)
        let written: UnsafePointer<CChar>? = withUnsafePointer(to: &storage) { pointer in
            switch family {
            case AF_INET:
                return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
                    var raw = address.pointee.sin_addr
                    return inet_ntop(AF_INET, &raw, &text, socklen_t(text.count))
                }
            case AF_INET6:
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
                    var raw = address.pointee.sin6_addr
                    return inet_ntop(AF_INET6, &raw, &text, socklen_t(text.count))
                }
            default:
                return nil
            }
        }
        guard written != nil else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Turns off Nagle's algorithm so that small responses leave at once.
    static func setNoDelay(_ fd: Int32) {
        try? setOption(fd, Int32(IPPROTO_TCP), TCP_NODELAY, 1, "setsockopt(TCP_NODELAY)")
    }

    /// Shuts down the sending half of a socket (the peer reads end of stream).
    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    private static func setOption(_ fd: Int32, _ level: Int32, _ name: Int32, _ value: Int32, _ call: StaticString)
        throws
    {
        var value = value
        _ = try System.retrying(call) { setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
    }
}
