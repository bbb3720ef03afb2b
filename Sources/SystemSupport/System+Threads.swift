// SystemSupport — system calls: threads
#if canImport(Glibc)
    import Glibc
#endif

extension System {
    /// A thread started by `spawnThread`.
    package struct Thread: Sendable {
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
    package static func spawnThread(name: String, _ body: @escaping @Sendable () -> Void) throws -> Thread {
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
        _ = setThreadName(thread, String(name.utf8.prefix(15))!)
        return Thread(handle: thread)
    }

    /// Waits for a thread started by `spawnThread` to end.
    package static func join(_ thread: Thread) {
        _ = pthread_join(thread.handle, nil)
    }

    /// Lowers the calling thread's priority by `niceness` (its nice value, 0 to 19), so that the threads
    /// that answer clients take the cores first when both want them. Linux gives each thread its own nice
    /// value (`setpriority(PRIO_PROCESS, 0, …)` sets the calling thread's alone there, unlike POSIX's process-wide
    /// rule); a failure leaves the priority as it was.
    package static func lowerCurrentThreadPriority(by niceness: Int32) {
        guard niceness > 0 else { return }
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, min(19, niceness))
    }

    /// Starts a thread running `body` that nobody joins; its resources go back when it ends.
    /// - Throws: `PosixError` naming `pthread_create`.
    package static func spawnDetachedThread(name: String, _ body: @escaping @Sendable () -> Void) throws {
        let thread = try spawnThread(name: name, body)
        pthread_detach(thread.handle)
    }
}
