// SystemSupport — every system call goes through here
#if canImport(Glibc)
    import Glibc
#endif

/// A failed system call: the call's name and the `errno` it left.
package struct PosixError: Error, CustomStringConvertible, Equatable {
    /// The name of the call that failed, e.g. `"bind"`.
    package var call: String
    /// The `errno` value read right after the call.
    package var code: Int32

    package init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    package var description: String {
        "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
    }

    /// The process or the system ran out of file descriptors.
    package var isDescriptorExhaustion: Bool {
        code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
    }
}

/// The outcome of a non-blocking call: done with a value, or it would have blocked.
package enum IOResult<Value: Equatable>: Equatable {
    case processed(Value)
    case wouldBlock
}

/// The system as the server and the application use it: files, threads, clocks, memory and a lock. Every
/// Glibc call of the package goes through `retrying`/`nonBlocking`: `errno` is read at once, `EINTR` is
/// retried, `EAGAIN` becomes `.wouldBlock`, anything else throws a `PosixError` naming the call. The HTTP
/// server's sockets, epoll and signals are its own `Posix`, built on the same two helpers.
package enum System {
    /// Runs `body` until it stops failing with `EINTR`.
    /// - Parameters:
    ///   - call: the name reported in a thrown error.
    ///   - body: the raw call; a negative result means failure with `errno` set.
    /// - Returns: the call's non-negative result.
    /// - Throws: `PosixError` for any failure but `EINTR` (`EAGAIN` included).
    @inlinable @inline(__always)
    package static func retrying<T: FixedWidthInteger>(_ call: StaticString, _ body: () -> T) throws -> T {
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
    @inlinable @inline(__always)
    package static func nonBlocking<T: FixedWidthInteger>(
        _ call: StaticString, _ body: () -> T
    ) throws -> IOResult<T> {
        while true {
            let result = body()
            if result >= 0 { return .processed(result) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw PosixError(call: call.description, code: code)
        }
    }

    /// A C function that Glibc's Swift module does not export (it needs `_GNU_SOURCE` or a header the
    /// module leaves out), looked up by name with `dlsym` and called through its C signature `F`.
    /// - Returns: the function; stops the program when the C library has none of that name.
    package static func symbol<F>(_ name: String) -> F {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
            fatalError("the C library has no \(name)")
        }
        return unsafeBitCast(address, to: F.self)
    }

    /// `pthread_setname_np`, bound once.
    static let setThreadName: @convention(c) (pthread_t, UnsafePointer<CChar>) -> Int32 =
        symbol("pthread_setname_np")
}
