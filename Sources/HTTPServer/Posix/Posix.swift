// HTTPServer — every system call goes through here
#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: the call's name and the `errno` it left.
public struct PosixError: Error, CustomStringConvertible, Equatable {
    /// The name of the call that failed, e.g. `"bind"`.
    public var call: String
    /// The `errno` value read right after the call.
    public var code: Int32

    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }

    /// The process or the system ran out of file descriptors.
    public var isDescriptorExhaustion: Bool { code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM }
}

/// The outcome of a non-blocking call: done with a value, or it would have blocked.
public enum IOResult<Value: Equatable>: Equatable {
    case processed(Value)
    case wouldBlock
}

/// Every Glibc call of the server goes through this namespace, and every call through `retrying`/`nonBlocking`:
/// `errno` is read at once, `EINTR` is retried, `EAGAIN` becomes `.wouldBlock`, anything else throws a
/// `PosixError` naming the call.
public enum Posix {
    /// Runs `body` until it stops failing with `EINTR`.
    /// - Parameters:
    ///   - call: the name reported in a thrown error.
    ///   - body: the raw call; a negative result means failure with `errno` set.
    /// - Returns: the call's non-negative result.
    /// - Throws: `PosixError` for any failure but `EINTR` (`EAGAIN` included).
    @inline(__always)
    public static func retrying<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws -> T {
        while true {
            let result = body()
            if result >= 0 { return result }
            let code = errno
            if code == EINTR { continue }
            throw PosixError(call: call.description, code: code)
        }
    }

    /// Like `retrying`, but `EAGAIN`/`EWOULDBLOCK` is the ordinary `.wouldBlock` outcome.
    /// - Parameters:
    ///   - call: the name reported in a thrown error.
    ///   - body: the raw call.
    /// - Returns: `.processed(result)` or `.wouldBlock`.
    /// - Throws: `PosixError` for any other failure.
    @inline(__always)
    public static func nonBlocking<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws -> IOResult<T> {
        while true {
            let result = body()
            if result >= 0 { return .processed(result) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw PosixError(call: call.description, code: code)
        }
    }

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
        typealias SetThreadName = @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32

        static let accept4: Accept4 = symbol("accept4")
        static let epollCreate1: EpollCreate1 = symbol("epoll_create1")
        static let epollCtl: EpollCtl = symbol("epoll_ctl")
        static let epollWait: EpollWait = symbol("epoll_wait")
        static let eventfd: EventFD = symbol("eventfd")
        static let setThreadName: SetThreadName = symbol("pthread_setname_np")

        private static func symbol<F>(_ name: String) -> F {
            guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
                fatalError("the C library has no \(name)")
            }
            return unsafeBitCast(address, to: F.self)
        }
    }
}
