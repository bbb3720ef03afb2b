// ListStore — how often this process asked its stores something

import Synchronization

/// How often this process asked its stores something, and how often that failed, over every store it
/// opened: a PostgreSQL round trip (a query, a command, a `COPY`) or an SQLite statement run counts one.
/// Read by the server's metrics; counting is one relaxed atomic addition.
public enum StoreStatistics {
    private static let roundTripCount = Atomic<Int>(0)
    private static let errorCount = Atomic<Int>(0)

    /// The statements run so far.
    public static var roundTrips: Int { roundTripCount.load(ordering: .relaxed) }

    /// The statements that failed so far (a version conflict, a lost connection, a constraint).
    public static var errors: Int { errorCount.load(ordering: .relaxed) }

    /// Counts one statement.
    static func countRoundTrip() {
        roundTripCount.add(1, ordering: .relaxed)
    }

    /// Counts one failed statement.
    static func countError() {
        errorCount.add(1, ordering: .relaxed)
    }

    /// Runs `body` as one statement: counted, and counted as failed when it throws.
    static func counting<Result>(_ body: () throws -> Result) throws -> Result {
        countRoundTrip()
        do {
            return try body()
        } catch {
            countError()
            throw error
        }
    }
}
