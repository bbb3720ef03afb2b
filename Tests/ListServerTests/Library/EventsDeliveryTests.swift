// ListServerTests — event streams: slow consumers, heartbeats, disconnects and closing
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Event streams: slow consumers, heartbeats, disconnects and closing")
struct EventsDeliveryTests {
    /// A batch that moves every row of a one-section dataset of `count` rows to the mirrored
    /// position: cheap to store, and a `change` event of about 70 bytes per row.
    private func mirror(ids: [Int64], baseVersion: Int64) -> String {
        let moves = ids.enumerated().map { index, id in
            #"{"id":\#(id),"toSection":0,"toRow":\#(ids.count - 1 - index)}"#
        }
        return #"{"baseVersion":\#(baseVersion),"moveRows":[\#(moves.joined(separator: ","))]}"#
    }

    @Test("a subscriber that never reads is sent a reload in place of what waits; others get every event")
    func slowConsumer() throws {
        let big = StoreFixtures.dataset(id: "big", sections: 1, rowsPerSection: 8_000)
        try EventsFixture.run(datasets: [big]) { fixture in
            fixture.library.events.streamBufferLimit = 64 << 10
            let stuck = try fixture.subscribe("big")
            let healthy = try fixture.subscribe("big")
            _ = try #require(healthy.nextEvent())
            #expect(fixture.waitForSubscribers(2))

            var version: Int64 = 1
            var slowestReply = 0.0
            var slowestEvent = 0.0
            // Events of about 560 KB, until the stuck one has fallen behind three times.
            while fixture.library.events.fallenBehindCount < 3 && version < 60 {
                let ids = try #require(fixture.rowIDs("big").first)
                let started = Date()
                let reply = try fixture.batch(mirror(ids: ids, baseVersion: version), dataset: "big")
                let replied = Date()
                #expect(reply.status == 200)
                version += 1
                let event = try #require(healthy.nextEvent(), "healthy subscriber got no event \(version)")
                #expect(event.id == String(version))
                #expect(event.data?.hasPrefix(#"{"version":\#(version),"#) == true)
                slowestReply = max(slowestReply, replied.timeIntervalSince(started))
                slowestEvent = max(slowestEvent, Date().timeIntervalSince(replied))
            }
            #expect(fixture.library.events.fallenBehindCount == 3, "the stuck subscriber never fell behind")
            #expect(fixture.library.events.subscriberCount(datasetID: "big") == 2, "the stuck subscriber was dropped")
            #expect(slowestReply < 3, "a batch took \(slowestReply) s to be answered")
            #expect(slowestEvent < 1, "the healthy subscriber waited \(slowestEvent) s for an event")

            // Reading at last, it gets whole events in order, then one reload at the last version, then the next.
            var events: [ServerSentEvent] = []
            while events.last?.event != "reload", let event = stuck.nextEvent() { events.append(event) }
            #expect(events.first?.event == "ready")
            let changes = events.dropFirst().dropLast()
            #expect(changes.allSatisfy { $0.event == "change" })
            #expect(changes.map(\.id) == (0..<changes.count).map { String(2 + $0) })
            #expect(events.last?.event == "reload" && events.last?.id == String(version))
            let next = mirror(ids: try fixture.rowIDs("big")[0], baseVersion: version)
            let reply = try fixture.batch(next, dataset: "big")
            #expect(reply.status == 200)
            #expect(stuck.nextEvent()?.id == String(version + 1))
            #expect(healthy.nextEvent()?.id == String(version + 1))
        }
    }

    @Test("one event larger than the buffer limit still reaches a subscriber that has caught up")
    func largeEvent() throws {
        let wide = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 600)
        try EventsFixture.run(datasets: [wide]) { fixture in
            fixture.library.events.streamBufferLimit = 4 << 10
            let client = try fixture.subscribe()
            _ = try #require(client.nextEvent())
            #expect(fixture.waitForSubscribers(1))
            let ids = try fixture.rowIDs()[0].prefix(500).map(String.init)
            let batch = #"{"baseVersion":1,"deleteRows":[\#(ids.joined(separator: ","))]}"#
            #expect(try fixture.batch(batch).status == 200)
            let event = try #require(client.nextEvent())
            #expect(try #require(event.data).utf8.count > 4 << 10)
            #expect(event.data?.hasSuffix(#""sectionDeletes":[],"sectionInserts":[]}"#) == true)
            #expect(fixture.library.events.subscriberCount == 1)

            let resumed = try fixture.subscribe(headers: ["Last-Event-ID: 1"])
            #expect(try #require(resumed.nextEvents(2)).map(\.event) == ["ready", "reload"])
        }
    }

    @Test("heartbeats arrive at the configured interval as comments, which clients do not dispatch")
    func heartbeats() throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe()
            _ = try #require(client.nextEvent())
            #expect(fixture.waitForSubscribers(1))
            let started = Date()
            fixture.library.events.startHeartbeat(every: .milliseconds(100))
            var pings = 0
            while pings < 3, let block = client.nextBlock() {
                #expect(!block.isEvent)
                if block.comments == ["ping"] { pings += 1 }
            }
            #expect(pings == 3)
            let elapsed = Date().timeIntervalSince(started)
            #expect(elapsed >= 0.25 && elapsed < 3)
            fixture.library.events.stopHeartbeat()
            client.setTimeout(0.3)
            while client.nextBlock() != nil {}
            client.setTimeout(0.5)
            #expect(client.nextBlock() == nil)
            #expect(!client.ended)
        }
    }

    @Test("a client that goes away leaves the hub and frees its connection")
    func disconnect() throws {
        try EventsFixture.run { fixture in
            var clients: [EventClient?] = try (0..<3).map { _ in try fixture.subscribe() }
            for client in clients { _ = try #require(client?.nextEvent()) }
            #expect(fixture.waitForSubscribers(3))
            clients[1] = nil
            #expect(fixture.waitForSubscribers(2))
            clients = []
            #expect(fixture.waitForSubscribers(0))
            for _ in 0..<500 where fixture.server.openConnections > 0 { Thread.sleep(forTimeInterval: 0.01) }
            #expect(fixture.server.openConnections == 0)
        }
    }

    @Test("closing the hub ends every stream and refuses new subscriptions")
    func closeAll() throws {
        try EventsFixture.run { fixture in
            let clients = try (0..<3).map { _ in try fixture.subscribe() }
            for client in clients { _ = try #require(client.nextEvent()) }
            #expect(fixture.waitForSubscribers(3))
            fixture.library.events.closeAll()
            for client in clients { #expect(client.waitForEnd()) }
            #expect(fixture.library.events.subscriberCount == 0)
            let late = try fixture.subscribe()
            #expect(late.status == 200)
            #expect(late.nextEvent() == nil)
            #expect(late.ended)
        }
    }
}
