// HTTPServer — turns SIGINT and SIGTERM into a graceful stop of a server
import SystemSupport

/// Turns SIGINT and SIGTERM into a graceful stop of a server.
///
/// The signal handler only writes the signal number to a pipe; a dedicated thread reads it and runs the action,
/// so the action may take locks and post to event loops. This works whichever thread the kernel delivers the
/// signal to, without masking signals in every thread.
public enum SignalHandling {
    /// From now on, SIGINT or SIGTERM calls `action` (on a dedicated thread, once per signal received) instead
    /// of killing the process.
    /// - Throws: `PosixError` when the pipe, the handler or the thread cannot be set up.
    public static func onTermination(_ action: @escaping @Sendable (_ signal: Int32) -> Void) throws {
        let fd = try Posix.routeTerminationSignals()
        try System.spawnDetachedThread(name: "signals") {
            while let number = Posix.nextSignal(fd) { action(number) }
        }
    }
}
