// HTTPServer — system calls: signals
#if canImport(Glibc)
    import Glibc
#endif
import SystemSupport

extension Posix {
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
        _ = try System.retrying("pipe") { pipe(&ends) }
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
            _ = try System.retrying("sigaction") { sigaction(number, &action, nil) }
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
        guard let count = try? System.retrying("read(signal pipe)", { Glibc.read(fd, &byte, 1) }), count == 1 else {
            return nil
        }
        return Int32(byte)
    }
}

/// The pipe the signal handler writes to; set once before the handler is installed.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1
