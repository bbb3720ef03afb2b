// ListServerTests — event streams: resuming by Last-Event-ID
import Foundation
import HTTPServer
import ListStore
import Models
import SystemSupport
import TestSupport
import Testing

@testable import ListServer

@Suite("Event streams: resuming by Last-Event-ID, or reload when too far behind")
struct EventsResumeTests {
    /// Applies `count` one-row inserts to `list`, starting at version `from`.
    private func insertRows(_ fixture: EventsFixture, count: Int, from version: Int = 1) throws {
        for step in 0..<count {
            let reply = try fixture.batch(
                #"{"baseVersion":\#(version + step),"insertRows":[{"section":0,"row":0,"fields":{"title":"n"}}]}"#)
            #expect(reply.status == 200, "\(reply.text)")
        }
    }

    @Test("Last-Event-ID replays exactly the missed events, byte for byte as they were sent live, then follows")
    func resumeByHeader() throws {
        try EventsFixture.run { fixture in
            let live = try fixture.subscribe()
            _ = try #require(live.nextEvent())
            try insertRows(fixture, count: 4)
            let sent = try #require(live.nextEvents(4))

            let resumed = try fixture.subscribe(headers: ["Last-Event-ID: 2"])
            let ready = try #require(resumed.nextEvent())
            #expect(ready == ServerSentEvent(id: "2", event: "ready", data: #"{"version":5,"from":2}"#))
            #expect(resumed.nextEvents(3) == Array(sent[1...]))
            #expect(fixture.waitForSubscribers(2))
            try insertRows(fixture, count: 1, from: 5)
            let next = try #require(resumed.nextEvent())
            #expect(next.id == "6")
            #expect(next == live.nextEvent())
        }
    }

    @Test("?lastEventId= resumes a first connection made after reading the data; the header wins over it")
    func resumeByQuery() throws {
        try EventsFixture.run { fixture in
            try insertRows(fixture, count: 3)
            let byQuery = try fixture.subscribe(query: "?lastEventId=2")
            #expect(byQuery.nextEvent() == ServerSentEvent(id: "2", event: "ready", data: #"{"version":4,"from":2}"#))
            #expect(try #require(byQuery.nextEvents(2)).map(\.id) == ["3", "4"])

            let both = try fixture.subscribe(headers: ["Last-Event-ID: 3"], query: "?lastEventId=1")
            #expect(both.nextEvent()?.id == "3")
            #expect(try #require(both.nextEvents(1)).map(\.id) == ["4"])
        }
    }

    @Test("a client already at the current version gets only ready, then the next change")
    func upToDate() throws {
        try EventsFixture.run { fixture in
            try insertRows(fixture, count: 2)
            let client = try fixture.subscribe(headers: ["Last-Event-ID: 3"])
            #expect(client.nextEvent() == ServerSentEvent(id: "3", event: "ready", data: #"{"version":3,"from":3}"#))
            #expect(fixture.waitForSubscribers(1))
            try insertRows(fixture, count: 1, from: 3)
            let next = try #require(client.nextEvent())
            #expect(next.event == "change")
            #expect(next.id == "4")
        }
    }

    @Test("a client behind the stored history, ahead of the dataset or with a non-numeric id is told to reload")
    func reload() throws {
        try EventsFixture.run(eventRetention: 3) { fixture in
            try insertRows(fixture, count: 6)
            let reload = ServerSentEvent(id: "7", event: "reload", data: #"{"version":7}"#)
            let ready = ServerSentEvent(id: "7", event: "ready", data: #"{"version":7,"from":7}"#)
            let told = try ["1", "3", "8", "99", "abc", "-1"].map { lastSeen in
                let client = try fixture.subscribe(headers: ["Last-Event-ID: \(lastSeen)"])
                #expect(client.nextEvents(2) == [ready, reload], "Last-Event-ID \(lastSeen)")
                return client
            }
            let oldest = try fixture.subscribe(headers: ["Last-Event-ID: 4"])
            #expect(try #require(oldest.nextEvents(4)).map(\.id) == ["4", "5", "6", "7"])
            #expect(fixture.waitForSubscribers(7))
            try insertRows(fixture, count: 1, from: 7)
            #expect(oldest.nextEvent()?.id == "8")
            for client in told { #expect(client.nextEvent()?.id == "8") }
        }
    }

    @Test("subscribers that join during a burst of batches get every later version exactly once, in order")
    func joinDuringBurst() throws {
        try EventsFixture.run { fixture in
            let batches = 40
            let burst = try System.spawnThread(name: "burst") {
                for version in 1...batches {
                    let insert = #"{"section":0,"row":0,"fields":{"title":"b\#(version)"}}"#
                    _ = try? fixture.batch(#"{"baseVersion":\#(version),"insertRows":[\#(insert)]}"#)
                }
            }
            var clients: [EventClient] = []
            for index in 0..<24 {
                let current = fixture.library.entry("list")?.dataset.version ?? 1
                let headers = index % 3 == 0 ? ["Last-Event-ID: \(max(1, current - 2))"] : []
                clients.append(try fixture.subscribe(headers: headers))
                Thread.sleep(forTimeInterval: 0.004)
            }
            System.join(burst)
            let last = batches + 1
            #expect(fixture.library.entry("list")?.dataset.version == Int64(last))
            for (index, client) in clients.enumerated() {
                let ready = try #require(client.nextEvent())
                let from = try #require(ready.id.flatMap { Int($0) })
                if from < last {
                    let ids = client.nextEvents(last - from)?.map(\.id)
                    #expect(ids == (from + 1...last).map { String($0) }, "client \(index) from \(from)")
                }
                #expect(client.nextEvent(timeoutSeconds: 0.1) == nil, "client \(index) got more")
            }
        }
    }

    @Test("history survives a restart of the library over the same store")
    func resumeAfterRestart() throws {
        try StoreFixtures.withDirectory { directory in
            do {
                let store = try SQLiteStore(directory: directory)
                defer { store.close() }
                try store.insert(EventsFixture.defaultDatasets, replacing: false)
                let library = Library(store: store, datasets: try store.loadAll())
                for version in Int64(1)...3 {
                    let batch = try BatchRequest.parse(
                        Array(#"{"baseVersion":\#(version),"deleteRows":[\#(version + 1)]}"#.utf8))
                    _ = try library.apply(batch, to: "list")
                }
            }
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            let library = Library(store: store, datasets: try store.loadAll())
            let bytes = AppRoutes.catchUp(current: 4, lastSeen: .version(2), byteLimit: 1 << 20) { after, count in
                try? library.store.events(datasetID: "list", after: after, limit: count)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(text.hasPrefix("retry: 2000\n\nid: 2\nevent: ready\n"))
            #expect(text.contains(#"id: 4\#nevent: change\#ndata: {"version":4,"baseVersion":3,"animation":"automatic","deletes":[{"id":4,"#))
        }
    }

    @Test("the catch-up gives reload past the replay limit, on a gap or an unreadable log, and when too large")
    func catchUpLimits() {
        func events(_ versions: ClosedRange<Int64>, size: Int = 10) -> [StoredEvent] {
            versions.map { StoredEvent(version: $0, payload: [UInt8](repeating: 48, count: size)) }
        }
        func kinds(_ bytes: [UInt8]) -> [String] {
            String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n\n").compactMap { block in
                block.split(separator: "\n").first { $0.hasPrefix("event: ") }.map { String($0.dropFirst(7)) }
            }
        }
        let limit = AppRoutes.replayLimit
        let far = Int64(limit) + 1
        var asked: [(Int64, Int)] = []
        let tooFar = AppRoutes.catchUp(current: far + 1, lastSeen: .version(0), byteLimit: 1 << 30) { after, count in
            asked.append((after, count))
            return events(1...(far + 1))
        }
        #expect(kinds(tooFar) == ["ready", "reload"])
        #expect(asked.isEmpty)
        let justEnough = AppRoutes.catchUp(current: far, lastSeen: .version(1), byteLimit: 1 << 30) { after, count in
            asked.append((after, count))
            return events((after + 1)...(after + Int64(count)))
        }
        #expect(kinds(justEnough) == ["ready"] + Array(repeating: "change", count: limit))
        #expect(asked.count == 1 && asked[0] == (1, limit))
        #expect(
            kinds(
                AppRoutes.catchUp(current: 5, lastSeen: .version(1), byteLimit: 1 << 20) { _, _ in
                    events(2...3) + events(5...5)
                }) == ["ready", "reload"])
        #expect(
            kinds(AppRoutes.catchUp(current: 5, lastSeen: .version(1), byteLimit: 1 << 20) { _, _ in nil })
                == ["ready", "reload"])
        let big = AppRoutes.catchUp(current: 3, lastSeen: .version(1), byteLimit: 1_000) { _, _ in
            events(2...3, size: 600)
        }
        #expect(kinds(big) == ["ready", "reload"])
        #expect(kinds(AppRoutes.catchUp(current: 3, lastSeen: .none, byteLimit: 0) { _, _ in nil }) == ["ready"])
    }
}
