// HTTPServer — what a server counts, in the Prometheus text format
import SystemSupport

/// What a server counts, written in the Prometheus text format (``PrometheusText``) by ``write(to:)``:
/// requests by route, method and status; a latency histogram by route and method; open connections and
/// streams; bytes received and sent; whether it is draining.
///
/// Give it to one server (``HTTPServerConfiguration/metrics``) and write it from a handler, with whatever
/// the application counts besides. Each event loop counts on its own (``LoopMetrics``); a scrape adds the
/// loops up.
public final class ServerMetrics: Sendable {
    /// The latency buckets' upper bounds, in seconds, by default: 100 µs to 10 s.
    public static let defaultBuckets: [Double] = [
        0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]

    /// The latency buckets' upper bounds, in seconds, ascending.
    public let buckets: [Double]
    private let bounds: [UInt64]
    private let state = System.Locked(State())

    private struct State {
        var loops: [LoopMetrics] = []
        var context: ServerContext?
    }

    /// - Parameter buckets: the latency buckets' upper bounds, in seconds (`+Inf` is added).
    /// - Precondition: `buckets` ascend strictly and are positive.
    public init(buckets: [Double] = ServerMetrics.defaultBuckets) {
        precondition(zip(buckets, buckets.dropFirst()).allSatisfy(<), "latency buckets must ascend")
        precondition(buckets.allSatisfy { $0 > 0 && $0.isFinite }, "latency buckets must be positive and finite")
        self.buckets = buckets
        bounds = buckets.map { UInt64(($0 * 1e9).rounded()) }
    }

    /// Binds the metrics to a server starting with `context`; the loops it had counted are forgotten.
    func attach(_ context: ServerContext) {
        state.withLock { state in
            state.context = context
            state.loops = []
        }
    }

    /// A new event loop's counts, added up by every scrape from now on.
    func makeLoopMetrics() -> LoopMetrics {
        let loop = LoopMetrics(bounds: bounds)
        state.withLock { $0.loops.append(loop) }
        return loop
    }

    /// Writes every family the server counts.
    /// - Complexity: O(loops × series × buckets).
    public func write(to text: inout PrometheusText) {
        let (loops, context) = state.withLock { ($0.loops, $0.context) }
        var totals = LoopMetrics.Totals()
        for loop in loops { loop.add(to: &totals) }
        let keys = totals.series.keys.sorted()

        text.family("http_requests_total", .counter, help: "Requests answered, by route pattern, method and status.")
        for key in keys {
            let series = totals.series[key]!
            for status in series.statuses.keys.sorted() {
                text.sample(
                    "http_requests_total",
                    labels: [("route", key.route), ("method", key.method), ("status", String(status))],
                    series.statuses[status]!)
            }
        }
        text.family(
            "http_request_duration_seconds", .histogram,
            help: "From the complete request to its response queued (to its end, for a stream).")
        for key in keys {
            let series = totals.series[key]!
            var cumulative = 0
            for (index, bound) in buckets.enumerated() {
                cumulative += series.buckets[index]
                text.sample(
                    "http_request_duration_seconds_bucket",
                    labels: [("route", key.route), ("method", key.method), ("le", PrometheusText.format(bound))],
                    cumulative)
            }
            let labels = [("route", key.route), ("method", key.method)]
            text.sample("http_request_duration_seconds_bucket", labels: labels + [("le", "+Inf")], series.count)
            text.sample("http_request_duration_seconds_sum", labels: labels, Double(series.nanoseconds) / 1e9)
            text.sample("http_request_duration_seconds_count", labels: labels, series.count)
        }
        text.family("http_open_connections", .gauge, help: "Client connections open now.")
        text.sample("http_open_connections", context?.openConnections.load(ordering: .relaxed) ?? 0)
        text.family("http_open_streams", .gauge, help: "Streaming responses (event streams) open now.")
        text.sample("http_open_streams", context?.openStreamCount ?? 0)
        text.family(
            "http_refusals_total", .counter,
            help: "Connections and requests refused for want of room (each with Retry-After), by reason.")
        for (reason, count) in context?.refusals.counts ?? [] {
            text.sample("http_refusals_total", labels: [("reason", reason)], count)
        }
        if let workers = context?.configuration.workers {
            let refused = workers.refused.load(ordering: .relaxed)
            text.sample("http_refusals_total", labels: [("reason", "workers")], refused)
            text.family("http_worker_jobs", .gauge, help: "Heavy jobs (exports, searches) queued or running now.")
            text.sample("http_worker_jobs", workers.jobCount)
            text.family("http_worker_jobs_total", .counter, help: "Heavy jobs run on the workers, in all.")
            text.sample("http_worker_jobs_total", workers.completed.load(ordering: .relaxed))
        }
        text.family(
            "http_idle_closed_total", .counter,
            help: "Idle keep-alive connections closed early to make room near the connection cap.")
        text.sample("http_idle_closed_total", context?.idleClosed.load(ordering: .relaxed) ?? 0)
        text.family("http_received_bytes_total", .counter, help: "Bytes read from client connections.")
        text.sample("http_received_bytes_total", totals.bytesRead)
        text.family("http_sent_bytes_total", .counter, help: "Bytes written to client connections.")
        text.sample("http_sent_bytes_total", totals.bytesSent)
        text.family("http_draining", .gauge, help: "1 while the server drains for a stop, else 0.")
        text.sample("http_draining", context?.stopRequested.load(ordering: .relaxed) == true ? 1 : 0)
    }
}
