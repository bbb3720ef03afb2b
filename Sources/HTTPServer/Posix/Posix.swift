// HTTPServer — the server's own system calls: sockets, epoll, signals
#if canImport(Glibc)
    import Glibc
#endif
import SystemSupport

/// The system calls only the server makes (sockets, epoll, eventfd, signals, descriptors), each through
/// `System.retrying`/`System.nonBlocking`, the package's one path for them: `errno` is read at once,
/// `EINTR` is retried, `EAGAIN` becomes `.wouldBlock`, anything else throws a `PosixError` naming the call.
enum Posix {
    /// Calls that Glibc's Swift module does not export (they need `_GNU_SOURCE` or `sys/epoll.h`), bound
    /// once through `dlsym` with their C signatures.
    enum Linux {
        typealias Accept4 =
            @convention(c) (
                Int32, UnsafeMutablePointer<sockaddr>?, UnsafeMutablePointer<socklen_t>?, Int32
            ) -> Int32
        typealias EpollCreate1 = @convention(c) (Int32) -> Int32
        typealias EpollCtl = @convention(c) (Int32, Int32, Int32, UnsafeMutableRawPointer?) -> Int32
        typealias EpollWait = @convention(c) (Int32, UnsafeMutableRawPointer?, Int32, Int32) -> Int32
        typealias EventFD = @convention(c) (UInt32, Int32) -> Int32

        static let accept4: Accept4 = System.symbol("accept4")
        static let epollCreate1: EpollCreate1 = System.symbol("epoll_create1")
        static let epollCtl: EpollCtl = System.symbol("epoll_ctl")
        static let epollWait: EpollWait = System.symbol("epoll_wait")
        static let eventfd: EventFD = System.symbol("eventfd")
    }
}
