// ListServerTests — several servers on one PostgreSQL database behave as one server
import Foundation
import HTTPServer
import Synchronization
import SystemSupport
import TestSupport
import Testing

@testable import ListServer

@Suite(
    "Several servers on one PostgreSQL database",
    .enabled(if: ClusterFixture.baseURL != nil, ClusterFixture.disabledComment), .serialized)
struct ClusterProcessTests {
    private static let list = #"[{"title":"a"},{"title":"b"},{"title":"c"}]"#

    @Test("a dataset PUT through one server is listed by the other; replaces (as a diff or whole) and a delete reach it too")
    func uploadsReachEveryServer() throws {
        try ClusterFixture.run { cluster in
            let servers = try cluster.start(count: 2)
            defer { for server in servers { _ = server.terminate() } }
            let (one, two) = (servers[0].port, servers[1].port)
            #expect(try ClusterHTTP.request(one, "PUT", "/api/datasets/shared", body: Self.list).status == 201)
            #expect(ClusterHTTP.eventually { try ClusterHTTP.datasetIDs(two).contains("shared") })
            #expect(try ClusterHTTP.titles(two, "shared") == ["a", "b", "c"])

            let stream = try EventClient(port: two, path: "/api/datasets/shared/events")
            #expect(stream.nextEvent()?.event == "ready")
            // A small replace is a diff: the other server's pages get it as a change event.
            let replacement = #"[{"title":"x"}]"#
            #expect(try ClusterHTTP.request(one, "PUT", "/api/datasets/shared", body: replacement).status == 200)
            #expect(stream.nextEvent()?.event == "change")
            #expect(try ClusterHTTP.titles(two, "shared") == ["x"])
            // One larger than the dataset is stored whole, and they reload.
            let larger = #"[{"title":"p"},{"title":"q"},{"title":"r"}]"#
            #expect(try ClusterHTTP.request(one, "PUT", "/api/datasets/shared", body: larger).status == 200)
            #expect(stream.nextEvent()?.event == "reload")
            #expect(try ClusterHTTP.titles(two, "shared") == ["p", "q", "r"])

            #expect(try ClusterHTTP.request(two, "DELETE", "/api/datasets/shared").status == 204)
            #expect(ClusterHTTP.eventually { try !ClusterHTTP.datasetIDs(one).contains("shared") })
            #expect(try ClusterHTTP.request(one, "GET", "/api/datasets/shared").status == 404)
        }
    }

    @Test("ten batches on one server reach an event stream on the other in order, 100 ms median at most")
    func batchesReachOtherStreams() throws {
        try ClusterFixture.run { cluster in
            let servers = try cluster.start(count: 2)
            defer { for server in servers { _ = server.terminate() } }
            let (one, two) = (servers[0].port, servers[1].port)
            #expect(try ClusterHTTP.request(one, "PUT", "/api/datasets/list", body: Self.list).status == 201)
            #expect(ClusterHTTP.eventually { ClusterHTTP.version(two, "list") != nil })
            let stream = try EventClient(port: two, path: "/api/datasets/list/events")
            #expect(stream.nextEvent()?.event == "ready")
            var version = try #require(ClusterHTTP.version(one, "list"))
            var latencies: [Double] = []
            for step in 1...10 {
                let batch = #"{"baseVersion":\#(version),"insertRows":[{"section":0,"row":0,"fields":{"title":"n\#(step)"}}]}"#
                let started = Date()
                let reply = try ClusterHTTP.request(one, "POST", "/api/datasets/list/batch", body: batch)
                #expect(reply.status == 200)
                let event = stream.nextEvent()
                latencies.append(Date().timeIntervalSince(started) * 1000)
                #expect(event?.event == "change")
                #expect(event?.id == String(version + 1))
                let inserted = try #require(
                    (try JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])?["insertedRowIds"]
                        as? [Int])
                #expect(event?.data?.contains(#"{"id":\#(inserted[0]),"#) == true)
                version += 1
            }
            #expect(ClusterHTTP.version(two, "list") == version)
            #expect(try ClusterHTTP.titles(two, "list") == (1...10).reversed().map { "n\($0)" } + ["a", "b", "c"])
            let sorted = latencies.sorted()
            let median = sorted[sorted.count / 2]
            print("cluster-batch-to-event-median: \(String(format: "%.1f", median)) ms (max \(sorted.last ?? 0))")
            #expect(median <= 100, "median \(median) ms from a batch on one server to the event on the other")

            let resumed = try EventClient(port: one, path: "/api/datasets/list/events", headers: ["Last-Event-ID: 3"])
            let events = try #require(resumed.nextEvents(1 + 8))
            #expect(events.map(\.id) == ["3"] + (4...11).map { String($0) })
        }
    }

    @Test("the same baseVersion sent to both servers at once gives one 200 and one 409, fifteen times of fifteen")
    func oneOfTwoServersWins() throws {
        try ClusterFixture.run { cluster in
            let servers = try cluster.start(count: 2)
            defer { for server in servers { _ = server.terminate() } }
            let ports = servers.map(\.port)
            #expect(try ClusterHTTP.request(ports[0], "PUT", "/api/datasets/list", body: Self.list).status == 201)
            #expect(ClusterHTTP.eventually { ClusterHTTP.version(ports[1], "list") != nil })
            var version = try #require(ClusterHTTP.version(ports[0], "list"))
            var wins = 0
            for round in 1...15 {
                let statuses = Mutex<[Int]>([])
                let base = version
                try concurrently(2) { index in
                    let batch = #"{"baseVersion":\#(base),"updateRows":[]"#
                        + #","insertRows":[{"section":0,"row":0,"fields":{"title":"r\#(round)-\#(index)"}}]}"#
                    let status = (try? ClusterHTTP.request(ports[index], "POST", "/api/datasets/list/batch", body: batch))?
                        .status ?? 0
                    statuses.withLock { $0.append(status) }
                }
                let outcome = statuses.withLock { $0 }.sorted()
                #expect(outcome == [200, 409], "round \(round)")
                if outcome == [200, 409] { wins += 1 }
                version += 1
            }
            #expect(wins == 15)
            #expect(ClusterHTTP.eventually { ports.allSatisfy { ClusterHTTP.version($0, "list") == version } })
            #expect(try ClusterHTTP.titles(ports[0], "list") == ClusterHTTP.titles(ports[1], "list"))
        }
    }

    @Test("four writers on two servers, one server killed: no acknowledged insert is missing, a restart catches up")
    func killedServerLosesNoAcknowledgedWrite() throws {
        try ClusterFixture.run { cluster in
            let servers = try cluster.start(count: 2)
            defer { for server in servers { _ = server.terminate() } }
            let ports = servers.map(\.port)
            #expect(try ClusterHTTP.request(ports[0], "PUT", "/api/datasets/list", body: Self.list).status == 201)
            #expect(ClusterHTTP.eventually { ClusterHTTP.version(ports[1], "list") != nil })

            let acknowledged = Mutex<[String]>([])
            let stop = Atomic<Bool>(false)
            let killer = try System.spawnThread(name: "killer") {
                // Kill once the first server has acknowledged a write of its own (at most 10 s).
                Thread.sleep(forTimeInterval: 1.0)
                for _ in 0..<180 {
                    if acknowledged.withLock({ $0.contains { $0.hasPrefix("w0-") || $0.hasPrefix("w2-") } }) { break }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                Foundation.kill(servers[0].pid, SIGKILL)
                Thread.sleep(forTimeInterval: 1.0)
                stop.store(true, ordering: .relaxed)
            }
            try concurrently(4) { writer in
                let port = ports[writer % 2]
                var attempt = 0
                while !stop.load(ordering: .relaxed) && attempt < 2_000 {
                    attempt += 1
                    guard let version = ClusterHTTP.version(port, "list") else {
                        Thread.sleep(forTimeInterval: 0.01)
                        continue
                    }
                    let title = "w\(writer)-\(attempt)"
                    let batch = #"{"baseVersion":\#(version),"insertRows":[{"section":0,"row":0,"fields":{"title":"\#(title)"}}]}"#
                    let reply = try? ClusterHTTP.request(port, "POST", "/api/datasets/list/batch", body: batch)
                    if reply?.status == 200 { acknowledged.withLock { $0.append(title) } }
                    // Writers pace themselves as people and apps do; unpaced, the server whose writers
                    // hold the fresh version wins every race and the other never commits.
                    Thread.sleep(forTimeInterval: .random(in: 0.005...0.025))
                }
            }
            System.join(killer)
            let accepted = acknowledged.withLock { $0 }
            #expect(accepted.contains { $0.hasPrefix("w0-") || $0.hasPrefix("w2-") }, "the killed server accepted writes")
            #expect(accepted.contains { $0.hasPrefix("w1-") || $0.hasPrefix("w3-") })

            let survivor = Set(try ClusterHTTP.titles(ports[1], "list"))
            let missing = accepted.filter { !survivor.contains($0) }
            #expect(missing.isEmpty, "acknowledged inserts missing on the surviving server: \(missing)")

            let restarted = try cluster.start()
            defer { _ = restarted.terminate() }
            #expect(ClusterHTTP.version(restarted.port, "list") == ClusterHTTP.version(ports[1], "list"))
            let reloaded = Set(try ClusterHTTP.titles(restarted.port, "list"))
            #expect(accepted.allSatisfy { reloaded.contains($0) })
            #expect(reloaded == survivor)
            print("cluster-kill-acknowledged-inserts: \(accepted.count)")
        }
    }
}
