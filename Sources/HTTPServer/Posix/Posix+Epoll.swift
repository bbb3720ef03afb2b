// HTTPServer — system calls: epoll and eventfd
#if canImport(Glibc)
    import Glibc
#endif
import SystemSupport

extension Posix {
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
        try System.retrying("epoll_create1") { Linux.epollCreate1(Int32(O_CLOEXEC)) }
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
            try System.retrying("epoll_ctl") { Linux.epollCtl(epoll, operation, fd, bytes.baseAddress) }
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
        try System.retrying("eventfd") { Linux.eventfd(0, Int32(O_NONBLOCK) | Int32(O_CLOEXEC)) }
    }

    /// Adds one to an eventfd counter, making it readable.
    static func eventSignal(_ fd: Int32) {
        var one: UInt64 = 1
        _ = try? System.nonBlocking("write(eventfd)") { Glibc.write(fd, &one, 8) }
    }

    /// Resets an eventfd counter to zero.
    static func eventDrain(_ fd: Int32) {
        var value: UInt64 = 0
        _ = try? System.nonBlocking("read(eventfd)") { Glibc.read(fd, &value, 8) }
    }
}
