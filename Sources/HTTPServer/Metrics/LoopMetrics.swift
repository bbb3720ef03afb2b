// HTTPServer — the request counts of one event loop
import SystemSupport

/// The request counts of one event loop, read by a scrape from any thread.
///
/// The loop notes each request in a ``Pending`` list that only its thread touches, and adds the list to
/// its totals once an iteration, under a lock of its own: no lock is shared between loops, and none is
/// taken per request.
final class LoopMetrics: Sendable {
    /// A route and method: one series of requests, one latency histogram.
    struct SeriesKey: Hashable, Comparable {
        let route: String
        let method: String

        static func < (lhs: SeriesKey, rhs: SeriesKey) -> Bool {
            (lhs.route, lhs.method) < (rhs.route, rhs.method)
        }
    }

    /// The requests of one route and method.
    struct Series {
        /// Requests by status.
        var statuses: [Int: Int] = [:]
        /// Requests by latency bucket, not cumulative: `buckets[i]` counts the ones over bound `i - 1` and at
        /// most bound `i`; the last one counts those over every bound.
        var buckets: [Int]
        var count = 0
        var nanoseconds: UInt64 = 0

        init(bucketCount: Int) {
            buckets = Array(repeating: 0, count: bucketCount + 1)
        }

        /// Adds `other`'s counts to these.
        mutating func add(_ other: Series) {
            for (status, count) in other.statuses { statuses[status, default: 0] += count }
            for index in buckets.indices { buckets[index] += other.buckets[index] }
            count += other.count
            nanoseconds &+= other.nanoseconds
        }
    }

    /// What the loop noted since it last published, touched by its thread only.
    struct Pending {
        struct Request {
            let route: String?
            let method: String
            let status: Int
            let nanoseconds: UInt64
        }

        var requests: [Request] = []
        var bytesRead = 0
        var bytesSent = 0

        var isEmpty: Bool { requests.isEmpty && bytesRead == 0 && bytesSent == 0 }
    }

    /// Everything counted since the loop started.
    struct Totals {
        var series: [SeriesKey: Series] = [:]
        var bytesRead = 0
        var bytesSent = 0
    }

    /// The latency bounds, in nanoseconds, ascending.
    let bounds: [UInt64]
    private let totals = System.Locked(Totals())

    init(bounds: [UInt64]) {
        self.bounds = bounds
    }

    /// Adds what the loop noted to the totals and empties `pending`.
    /// - Complexity: O(pending requests × log(bounds)).
    func publish(_ pending: inout Pending) {
        guard !pending.isEmpty else { return }
        totals.withLock { totals in
            totals.bytesRead += pending.bytesRead
            totals.bytesSent += pending.bytesSent
            for request in pending.requests {
                let method = HTTPRouter.isKnownMethod(request.method) ? request.method : "OTHER"
                let key = SeriesKey(route: request.route ?? "other", method: method)
                let bucket = bounds.partitionPoint { $0 >= request.nanoseconds }
                // Found and changed in place: a default value would be a closure made for every request.
                if let index = totals.series.index(forKey: key) {
                    totals.series.values[index].record(
                        status: request.status, bucket: bucket, nanoseconds: request.nanoseconds)
                } else {
                    var series = Series(bucketCount: bounds.count)
                    series.record(status: request.status, bucket: bucket, nanoseconds: request.nanoseconds)
                    totals.series[key] = series
                }
            }
        }
        pending.requests.removeAll(keepingCapacity: true)
        pending.bytesRead = 0
        pending.bytesSent = 0
    }

    /// Adds the totals to `sum`.
    func add(to sum: inout Totals) {
        totals.withLock { totals in
            sum.bytesRead += totals.bytesRead
            sum.bytesSent += totals.bytesSent
            for (key, series) in totals.series {
                sum.series[key, default: Series(bucketCount: bounds.count)].add(series)
            }
        }
    }
}

extension LoopMetrics.Series {
    fileprivate mutating func record(status: Int, bucket: Int, nanoseconds: UInt64) {
        statuses[status, default: 0] += 1
        buckets[bucket] += 1
        count += 1
        self.nanoseconds &+= nanoseconds
    }
}

extension Array where Element == UInt64 {
    /// The index of the first element for which `predicate` holds, in an array where it holds for a suffix
    /// (`count` when it holds for none).
    /// - Complexity: O(log count).
    fileprivate func partitionPoint(_ predicate: (UInt64) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
