// ListServer — ListServer
#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: the call's name and the `errno` it left.
struct PosixError: Error, CustomStringConvertible, Equatable {
    /// The name of the call that failed, e.g. `"bind"`.
    var call: String
    /// The `errno` value read right after the call.
    var code: Int32

    var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }

    /// The peer reset or closed the connection under us; not worth logging.
    var isDisconnect: Bool {
        code == ECONNRESET || code == EPIPE || code == ENOTCONN || code == ETIMEDOUT
    }

    /// The process or the system ran out of file descriptors.
    var isDescriptorExhaustion: Bool { code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM }
}

/// The outcome of a non-blocking call: done with a value, or it would have blocked.
enum IOResult<Value: Equatable>: Equatable {
    case processed(Value)
    case wouldBlock
}

/// Every Glibc call of the server goes through this namespace, and every call through `retrying`/`nonBlocking`:
/// `errno` is read at once, `EINTR` is retried, `EAGAIN` becomes `.wouldBlock`, anything else throws a
/// `PosixError` naming the call.
enum Posix {
    /// Runs `body` until it stops failing with `EINTR`.
    /// - Parameters:
    ///   - call: the name reported in a thrown error.
    ///   - body: the raw call; a negative result means failure with `errno` set.
    /// - Returns: the call's non-negative result.
    /// - Throws: `PosixError` for any failure but `EINTR` (`EAGAIN` included).
    @inline(__always)
    static func retrying<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws -> T {
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
    static func nonBlocking<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws -> IOResult<T> {
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
    fileprivate enum Linux {
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

    // MARK: - Descriptors

    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is gone either way.
    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }

    /// Reads at most `buffer.count` bytes.
    /// - Returns: `.processed(0)` at end of stream.
    /// - Throws: `PosixError` naming `read`.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends bytes on a socket without raising `SIGPIPE`.
    /// - Returns: the number of bytes the kernel took.
    /// - Throws: `PosixError` naming `send`.
    static func send(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws -> IOResult<Int> {
        try nonBlocking("send") { Glibc.send(fd, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Writes all of `bytes` to a blocking descriptor such as stderr; gives up silently on failure.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
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

    // MARK: - Sockets

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
        let fd = try retrying("socket") { socket(info.pointee.ai_family, type, 0) }
        do {
            try setOption(fd, SOL_SOCKET, SO_REUSEADDR, 1, "setsockopt(SO_REUSEADDR)")
            _ = try retrying("bind") { bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) }
            _ = try retrying("listen") { Glibc.listen(fd, backlog) }
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
                try retrying("getsockname") { getsockname(fd, address, &length) }
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
        return try nonBlocking("accept4") { Linux.accept4(fd, nil, nil, flags) }
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
        _ = try retrying(call) { setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size)) }
    }

    /// Opens a blocking TCP connection to `127.0.0.1:port` (or another IPv4 address), with receive and send
    /// timeouts. Used by clients such as tests.
    /// - Throws: `PosixError` naming `socket` or `connect`.
    static func connect(host: String = "127.0.0.1", port: Int, timeoutSeconds: Int = 5) throws -> Int32 {
        let fd = try retrying("socket") { socket(AF_INET, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue), 0) }
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
                    try retrying("connect") {
                        Glibc.connect(fd, socketAddress, socklen_t(MemoryLayout<sockaddr_in>.size))
                    }
                }
            }
        } catch {
            close(fd)
            throw error
        }
        return fd
    }

    /// Reads from a blocking socket; a receive timeout surfaces as `.wouldBlock`.
    /// - Throws: `PosixError` naming `recv`.
    static func receive(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) throws -> IOResult<Int> {
        try nonBlocking("recv") { Glibc.recv(fd, buffer.baseAddress, buffer.count, 0) }
    }

    // MARK: - epoll and eventfd

    /// Bits of `epoll_event.events`.
    enum Epoll {
        static let readable: UInt32 = 0x001
        static let writable: UInt32 = 0x004
        static let error: UInt32 = 0x008
        static let hangUp: UInt32 = 0x010
        static let exclusive: UInt32 = 1 << 28
    }

    /// Creates an epoll instance (close-on-exec).
    /// - Throws: `PosixError` naming `epoll_create1`.
    static func epollCreate() throws -> Int32 {
        try retrying("epoll_create1") { Linux.epollCreate1(Int32(O_CLOEXEC)) }
    }

    /// Registers, changes or removes `fd` in an epoll instance.
    /// - Parameters:
    ///   - operation: 1 add, 2 delete, 3 modify (see `epollAdd`, `epollModify`, `epollDelete`).
    ///   - events: the `Epoll` bits wanted.
    ///   - data: the 64-bit value returned with each event for `fd`.
    /// - Throws: `PosixError` naming `epoll_ctl`.
    private static func epollControl(_ epoll: Int32, _ operation: Int32, _ fd: Int32, _ events: UInt32, _ data: UInt64)
        throws
    {
        var raw = EpollEventBuffer.Entry()
        raw.set(events: events, data: data)
        _ = try withUnsafeMutableBytes(of: &raw) { bytes in
            try retrying("epoll_ctl") { Linux.epollCtl(epoll, operation, fd, bytes.baseAddress) }
        }
    }

    static func epollAdd(_ epoll: Int32, _ fd: Int32, events: UInt32, data: UInt64) throws {
        try epollControl(epoll, 1, fd, events, data)
    }

    static func epollModify(_ epoll: Int32, _ fd: Int32, events: UInt32, data: UInt64) throws {
        try epollControl(epoll, 3, fd, events, data)
    }

    static func epollDelete(_ epoll: Int32, _ fd: Int32) {
        try? epollControl(epoll, 2, fd, 0, 0)
    }

    /// Waits for events.
    /// - Parameters:
    ///   - buffer: where the kernel stores the events.
    ///   - timeoutMilliseconds: -1 waits for ever.
    /// - Returns: the number of events stored (0 on timeout or on a signal).
    /// - Throws: `PosixError` naming `epoll_wait`.
    static func epollWait(_ epoll: Int32, into buffer: EpollEventBuffer, timeoutMilliseconds: Int32) throws -> Int {
        let count = Linux.epollWait(epoll, buffer.storage, Int32(buffer.capacity), timeoutMilliseconds)
        if count >= 0 { return Int(count) }
        let code = errno
        if code == EINTR { return 0 }
        throw PosixError(call: "epoll_wait", code: code)
    }

    /// Storage for the events `epoll_wait` returns, laid out as the kernel's `struct epoll_event` (packed on
    /// x86-64, 16 bytes elsewhere).
    final class EpollEventBuffer {
        struct Entry {
            #if arch(x86_64)
                private var bytes: (UInt32, UInt32, UInt32) = (0, 0, 0)
            #else
                private var bytes: (UInt32, UInt32, UInt64) = (0, 0, 0)
            #endif
            private static let dataOffset = MemoryLayout<Entry>.size - 8

            mutating func set(events: UInt32, data: UInt64) {
                withUnsafeMutableBytes(of: &bytes) { raw in
                    raw.storeBytes(of: events, toByteOffset: 0, as: UInt32.self)
                    raw.storeBytes(of: data, toByteOffset: Entry.dataOffset, as: UInt64.self)
                }
            }
        }

        let capacity: Int
        fileprivate let storage: UnsafeMutableRawPointer
        private let stride = MemoryLayout<Entry>.size

        init(capacity: Int) {
            self.capacity = capacity
            storage = UnsafeMutableRawPointer.allocate(byteCount: capacity * stride, alignment: 8)
        }

        deinit { storage.deallocate() }

        /// The event bits of entry `index`.
        func events(at index: Int) -> UInt32 {
            storage.loadUnaligned(fromByteOffset: index * stride, as: UInt32.self)
        }

        /// The data value of entry `index`.
        func data(at index: Int) -> UInt64 {
            storage.loadUnaligned(fromByteOffset: index * stride + stride - 8, as: UInt64.self)
        }
    }

    /// Creates a non-blocking eventfd used to wake an event loop.
    /// - Throws: `PosixError` naming `eventfd`.
    static func eventCreate() throws -> Int32 {
        try retrying("eventfd") { Linux.eventfd(0, Int32(O_NONBLOCK) | Int32(O_CLOEXEC)) }
    }

    /// Adds one to an eventfd counter, making it readable.
    static func eventSignal(_ fd: Int32) {
        var one: UInt64 = 1
        _ = try? nonBlocking("write(eventfd)") { Glibc.write(fd, &one, 8) }
    }

    /// Resets an eventfd counter to zero.
    static func eventDrain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = try? nonBlocking("read(eventfd)") { Glibc.read(fd, &value, 8) }
    }

    // MARK: - Files

    /// What `fstat` says about an open file.
    struct FileStatus: Equatable {
        var size: Int
        var modifiedNanoseconds: Int64
        var isRegularFile: Bool

        fileprivate init(_ info: stat) {
            size = Int(info.st_size)
            modifiedNanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
            isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// The canonical absolute path of `path`, every symbolic link resolved.
    /// - Returns: nil when the path does not exist or cannot be resolved.
    static func realPath(_ path: String) -> String? {
        guard let resolved = Glibc.realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// What `stat` says about a path (symbolic links followed).
    /// - Returns: nil when the path does not exist or cannot be examined.
    static func fileStatus(_ path: String) -> FileStatus? {
        var info = stat()
        guard (try? retrying("stat", { stat(path, &info) })) != nil else { return nil }
        return FileStatus(info)
    }

    /// Reads a whole regular file.
    /// - Parameters:
    ///   - path: the file to read.
    ///   - maxBytes: files larger than this are refused.
    /// - Returns: the status and the bytes, or nil when the path is not a regular file or is too large.
    /// - Throws: `PosixError` naming `open` or `read` (e.g. `ENOENT`, `EACCES`).
    static func readFile(_ path: String, maxBytes: Int) throws -> (status: FileStatus, bytes: [UInt8])? {
        let fd = try retrying("open") { open(path, O_RDONLY | O_CLOEXEC) }
        defer { close(fd) }
        var info = stat()
        _ = try retrying("fstat") { fstat(fd, &info) }
        let status = FileStatus(info)
        guard status.isRegularFile, status.size <= maxBytes else { return nil }
        var bytes = [UInt8](repeating: 0, count: status.size)
        var filled = 0
        try bytes.withUnsafeMutableBytes { raw in
            while filled < raw.count {
                let n = try retrying("read") { Glibc.read(fd, raw.baseAddress! + filled, raw.count - filled) }
                if n == 0 { break }
                filled += n
            }
        }
        if filled < bytes.count { bytes.removeLast(bytes.count - filled) }
        return (status, bytes)
    }

    // MARK: - Threads

    /// A thread started by `spawnThread`.
    struct Thread: Sendable {
        fileprivate let handle: pthread_t
    }

    private final class ThreadBody {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts a thread running `body`.
    /// - Parameters:
    ///   - name: shown by `top -H` and debuggers (at most 15 bytes are kept).
    ///   - body: the thread's work.
    /// - Returns: the handle to pass to `join`.
    /// - Throws: `PosixError` naming `pthread_create`.
    static func spawnThread(name: String, _ body: @escaping @Sendable () -> Void) throws -> Thread {
        var thread = pthread_t()
        let box = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        let status = pthread_create(
            &thread, nil,
            { argument in
                let body = Unmanaged<ThreadBody>.fromOpaque(argument!).takeRetainedValue()
                body.run()
                return nil
            }, box)
        guard status == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(box).release()
            throw PosixError(call: "pthread_create", code: status)
        }
        _ = Linux.setThreadName(thread, String(name.utf8.prefix(15))!)
        return Thread(handle: thread)
    }

    /// Waits for a thread started by `spawnThread` to end.
    static func join(_ thread: Thread) {
        _ = pthread_join(thread.handle, nil)
    }

    // MARK: - Clocks and process

    /// Nanoseconds of a clock that never jumps.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds since the Unix epoch, from the wall clock.
    static func wallClockSeconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.tv_sec
    }

    /// The number of processors online (at least 1).
    static func processorCount() -> Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Raises the soft limit of open descriptors to the hard limit.
    /// - Returns: the soft limit now in force.
    @discardableResult
    static func raiseOpenFileLimit() -> Int {
        var limit = rlimit()
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        guard getrlimit(resource, &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(resource, &raised) == 0 { limit = raised }
        }
        return Int(clamping: limit.rlim_cur)
    }

    /// Makes writes to a closed socket fail with `EPIPE` instead of killing the process.
    static func ignoreBrokenPipe() {
        _ = signal(SIGPIPE, SIG_IGN)
    }

    /// Routes SIGINT and SIGTERM to a pipe: the handler only writes the signal number (async-signal-safe),
    /// whatever thread the kernel picks; `nextSignal` reads it back on an ordinary thread. The two signals are
    /// also unblocked in the calling thread: a process started from a thread that blocks them (a libdispatch
    /// worker, say) inherits that mask and would otherwise never see them.
    /// - Returns: the read end of the pipe.
    /// - Throws: `PosixError` naming `pipe` or `sigaction`.
    static func routeTerminationSignals() throws -> Int32 {
        var ends: [Int32] = [0, 0]
        _ = try retrying("pipe") { pipe(&ends) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        signalPipeWriteEnd = ends[1]
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in
            let saved = errno
            var byte = UInt8(truncatingIfNeeded: number)
            _ = Glibc.write(signalPipeWriteEnd, &byte, 1)
            errno = saved
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in [SIGINT, SIGTERM] {
            _ = try retrying("sigaction") { sigaction(number, &action, nil) }
            sigaddset(&unblocked, number)
        }
        _ = pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        return ends[0]
    }

    /// Gives SIGINT and SIGTERM back their default action (termination).
    static func restoreTerminationSignals() {
        _ = signal(SIGINT, SIG_DFL)
        _ = signal(SIGTERM, SIG_DFL)
    }

    /// Sends a signal to this process.
    static func raiseSignal(_ number: Int32) {
        _ = kill(getpid(), number)
    }

    /// Blocks until a signal routed by `routeTerminationSignals` arrives.
    /// - Returns: the signal number, or nil if the pipe failed.
    static func nextSignal(_ fd: Int32) -> Int32? {
        var byte: UInt8 = 0
        guard let count = try? retrying("read(signal pipe)", { Glibc.read(fd, &byte, 1) }), count == 1 else {
            return nil
        }
        return Int32(byte)
    }
}

/// The pipe the signal handler writes to; set once before the handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
