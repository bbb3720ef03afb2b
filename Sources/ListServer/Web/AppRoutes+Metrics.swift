// ListServer — GET /metrics for Prometheus
import HTTPServer
import ListStore
import Synchronization

extension AppRoutes {
    /// The path Prometheus scrapes.
    static let metricsPath = "/metrics"

    /// `GET /metrics`: what the server counts (``ServerMetrics``) and what the library holds, in the
    /// Prometheus text format, version 0.0.4.
    ///
    /// Besides the server's families: `listserver_datasets` and `listserver_rows` (gauges),
    /// `listserver_event_subscribers` and `listserver_event_streams` (gauges),
    /// `listserver_event_streams_behind_total`, `listserver_exports_built_total`,
    /// `listserver_export_cache_bytes`, `listserver_store_round_trips_total` and
    /// `listserver_store_errors_total` (counters, ``StoreStatistics``), and with a shared store
    /// `listserver_follower_lag_versions` (gauge, ``Library/followerLag``).
    /// - Complexity: O(routes × buckets + sections of every dataset).
    func metricsResponse() -> HTTPResponse {
        var text = PrometheusText()
        metrics.write(to: &text)
        let entries = library.entries
        text.family("listserver_datasets", .gauge, help: "Datasets held.")
        text.sample("listserver_datasets", entries.count)
        text.family("listserver_rows", .gauge, help: "Rows of every dataset held (not of child tables).")
        text.sample("listserver_rows", entries.reduce(0) { $0 + $1.dataset.rowCount })
        text.family("listserver_event_subscribers", .gauge, help: "Event streams following a dataset.")
        text.sample("listserver_event_subscribers", library.events.subscriberCount)
        text.family("listserver_event_streams", .gauge, help: "Event streams open, whatever the datasets each follows.")
        text.sample("listserver_event_streams", library.events.streamCount)
        text.family(
            "listserver_event_streams_behind_total", .counter,
            help: "Times a stream fell behind by more than its bound and was sent a reload in place of what waited.")
        text.sample("listserver_event_streams_behind_total", library.events.fallenBehindCount)
        text.family(
            "listserver_store_round_trips_total", .counter,
            help: "Statements run against the store: PostgreSQL round trips, SQLite statement runs.")
        text.sample("listserver_store_round_trips_total", StoreStatistics.roundTrips)
        text.family(
            "listserver_exports_built_total", .counter,
            help: "Exports built on a worker; one asked again of the same version, format and pane is sent as kept.")
        text.sample("listserver_exports_built_total", exports.builtCount.load(ordering: .relaxed))
        text.family("listserver_export_cache_bytes", .gauge, help: "Bytes of the exports kept.")
        text.sample("listserver_export_cache_bytes", exports.keptBytes)
        text.family("listserver_store_errors_total", .counter, help: "Statements the store failed.")
        text.sample("listserver_store_errors_total", StoreStatistics.errors)
        if library.followsStore {
            text.family(
                "listserver_follower_lag_versions", .gauge,
                help: "Versions this process was behind the shared store at its last resync, before catching up.")
            text.sample("listserver_follower_lag_versions", Int(library.followerLag.load(ordering: .relaxed)))
        }
        return text.response
    }
}
