// ListServer — ListServer

import Dispatch

/// Turns SIGINT and SIGTERM into a graceful stop of a server.
enum SignalHandling {
    /// From now on, SIGINT or SIGTERM calls `action` (on a Dispatch thread, once per signal received) instead
    /// of killing the process.
    static func onTermination(_ action: @escaping @Sendable (_ signal: Int32) -> Void) {
        for number in Posix.ignoreTerminationSignals() {
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { action(number) }
            source.resume()
            // A signal source stops when released; these live as long as the process.
            _ = Unmanaged.passRetained(source as AnyObject)
        }
    }

    /// SIGINT or SIGTERM stops `server` gracefully, so that `server.wait()` returns.
    static func stopOnTermination(_ server: HTTPServer) {
        onTermination { _ in server.stop() }
    }
}
