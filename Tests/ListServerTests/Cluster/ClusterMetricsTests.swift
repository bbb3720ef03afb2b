// ListServerTests — /metrics of servers that share a PostgreSQL database
import Foundation
import HTTPServer
import TestSupport
import Testing

@testable import ListServer

@Suite(
    "Metrics of servers on one PostgreSQL database",
    .enabled(if: ClusterFixture.baseURL != nil, ClusterFixture.disabledComment), .serialized)
struct ClusterMetricsTests {
    @Test("the follower's lag is a gauge, round trips count PostgreSQL queries, and a batch shows on both")
    func followerLag() throws {
        try ClusterFixture.run { cluster in
            let servers = try cluster.start(count: 2)
            defer { for server in servers { _ = server.terminate() } }
            let (one, two) = (servers[0].port, servers[1].port)
            func scrape(_ port: Int) throws -> [PrometheusParser.Family] {
                let response = try ClusterHTTP.request(port, "GET", "/metrics")
                #expect(response.status == 200)
                return try PrometheusParser.parse(response.text)
            }
            let before = try scrape(one)
            #expect(before[family: "listserver_follower_lag_versions"]?.type == "gauge")
            #expect(before.value("listserver_store_round_trips_total") > 0)
            let list = #"[{"title":"a"}]"#
            #expect(try ClusterHTTP.request(one, "PUT", "/api/datasets/lagged", body: list).status == 201)
            #expect(ClusterHTTP.eventually { ClusterHTTP.version(two, "lagged") != nil })
            let after = try scrape(one)
            #expect(
                after.value("listserver_store_round_trips_total") > before.value("listserver_store_round_trips_total"))
            #expect(after.value("listserver_datasets") == before.value("listserver_datasets") + 1)
            let datasets = after.value("listserver_datasets")
            #expect(ClusterHTTP.eventually { try scrape(two).value("listserver_datasets") == datasets })
            // Notifications keep the other server in step: at its next resync it is behind by nothing.
            #expect(ClusterHTTP.eventually { try scrape(two).value("listserver_follower_lag_versions") == 0 })
        }
    }
}
