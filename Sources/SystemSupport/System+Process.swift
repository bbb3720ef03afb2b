// SystemSupport — system calls: clocks and process limits
#if canImport(Glibc)
    import Glibc
#endif

extension System {
    /// Nanoseconds of a clock that never jumps.
    @inlinable
    package static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Seconds since the Unix epoch, from the wall clock.
    @inlinable
    package static func wallClockSeconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.tv_sec
    }

    /// Milliseconds since the Unix epoch, from the wall clock.
    @inlinable
    package static func wallClockMilliseconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.tv_sec * 1_000 + time.tv_nsec / 1_000_000
    }

    /// The UTC calendar time of a unix time, from the C library's `gmtime_r`.
    /// - Parameter seconds: seconds since 1970-01-01T00:00:00Z (may be negative).
    /// - Returns: year, month (1–12), day, weekday (0 = Sunday), hour, minute and second.
    package static func utcCalendarTime(
        _ seconds: Int
    ) -> (year: Int, month: Int, day: Int, weekday: Int, hour: Int, minute: Int, second: Int) {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return (
            Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday), Int(parts.tm_wday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec)
        )
    }

    /// The number of processors online (at least 1).
    package static func processorCount() -> Int {
        max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN)))
    }

    /// Raises the soft limit of open descriptors to the hard limit.
    /// - Returns: the soft limit now in force.
    @discardableResult
    package static func raiseOpenFileLimit() -> Int {
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
}
