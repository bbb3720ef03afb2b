// SystemSupport — system calls: a value guarded by a pthread mutex
#if canImport(Glibc)
    import Glibc
#endif

extension System {
    /// A value guarded by a pthread mutex, for the state the event loops share with other threads.
    ///
    /// It does what `Synchronization.Mutex` does, through the lock that ThreadSanitizer sees: it intercepts
    /// pthread's calls, while `Mutex` waits on a futex of its own that it cannot see, so every access under
    /// one is reported as a race and a real race among them would go unnoticed.
    package final class Locked<State>: @unchecked Sendable {
        @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
        // Read and written only between `pthread_mutex_lock` and `pthread_mutex_unlock` of `mutex`.
        @usableFromInline var state: State

        package init(_ state: State) {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            let status = pthread_mutex_init(mutex, nil)
            precondition(status == 0, "pthread_mutex_init failed: \(status)")
            self.state = state
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deinitialize(count: 1)
            mutex.deallocate()
        }

        /// Runs `body` with the state, the lock held; `body` must not take this lock again.
        @inlinable
        package func withLock<Result, Failure: Error>(
            _ body: (inout State) throws(Failure) -> Result
        ) throws(Failure) -> Result {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state)
        }
    }
}
