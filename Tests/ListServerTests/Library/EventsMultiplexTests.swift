// ListServerTests — one event stream for several datasets (GET /api/events)
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("One event stream for several datasets")
struct EventsMultiplexTests {
    static let datasets = [
        StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 4),
        StoreFixtures.dataset(id: "other", sections: 1, rowsPerSection: 5, firstID: 100),
    ]

    private func deleteFirstRow(_ fixture: EventsFixture, _ dataset: String, version: Int64) throws {
        let id = try #require(fixture.rowIDs(dataset).first { !$0.isEmpty }?.first)
        let reply = try fixture.batch(#"{"baseVersion":\#(version),"deleteRows":[\#(id)]}"#, dataset: dataset)
        #expect(reply.status == 200)
    }

    @Test("each dataset resumes from its own last event id; events carry dataset:version; a missing one is said")
    func resumesEach() throws {
        try EventsFixture.run(datasets: Self.datasets) { fixture in
            try deleteFirstRow(fixture, "list", version: 1)
            try deleteFirstRow(fixture, "list", version: 2)
            let client = try EventClient(port: fixture.port, path: "/api/events?datasets=list:2,other,gone")
            #expect(client.status == 200)
            #expect(client.headers["Content-Type"] == "text/event-stream")
            let opening = try #require(client.nextEvents(4))
            #expect(opening.map(\.event) == ["ready", "change", "ready", "reload"])
            #expect(opening.map(\.id) == ["list:2", "list:3", "other:1", "gone"])
            #expect(opening[0].data == #"{"dataset":"list","version":3,"from":2}"#)
            #expect(opening[1].data?.hasPrefix(#"{"version":3,"baseVersion":2,"#) == true)
            #expect(opening[2].data == #"{"dataset":"other","version":1,"from":1}"#)
            #expect(opening[3].data == #"{"dataset":"gone","version":null,"deleted":true}"#)
            #expect(fixture.library.events.streamCount == 1)
            #expect(fixture.library.events.subscriberCount == 2)

            try deleteFirstRow(fixture, "other", version: 1)
            try deleteFirstRow(fixture, "list", version: 3)
            let next = try #require(client.nextEvents(2))
            #expect(next.map(\.id) == ["other:2", "list:4"])
            #expect(next.allSatisfy { $0.event == "change" })
        }
    }

    @Test("a change event is one message for every stream of a format: the dataset's own, and the shared one")
    func sameBytes() throws {
        try EventsFixture.run(datasets: Self.datasets) { fixture in
            let own = try fixture.subscribe("list")
            let shared = try EventClient(port: fixture.port, path: "/api/events?datasets=list,other")
            let alsoShared = try EventClient(port: fixture.port, path: "/api/events?datasets=list")
            _ = try #require(own.nextEvent())
            _ = try #require(shared.nextEvents(2))
            _ = try #require(alsoShared.nextEvent())
            #expect(fixture.waitForSubscribers(3, dataset: "list"))
            try deleteFirstRow(fixture, "list", version: 1)
            let mine = try #require(own.nextEvent())
            let theirs = try #require(shared.nextEvent())
            #expect(mine.id == "2" && theirs.id == "list:2")
            #expect(mine.data == theirs.data)
            #expect(alsoShared.nextEvent() == theirs)
        }
    }

    @Test("a dataset deleted leaves the stream, which goes on for the others")
    func deletedDataset() throws {
        try EventsFixture.run(datasets: Self.datasets) { fixture in
            let client = try EventClient(port: fixture.port, path: "/api/events?datasets=list,other")
            _ = try #require(client.nextEvents(2))
            #expect(fixture.waitForSubscribers(2))
            let remover = try RawClient(port: fixture.port)
            try remover.send("DELETE /api/datasets/other HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            #expect(try #require(remover.readResponse()).status == 204)
            let gone = try #require(client.nextEvent())
            #expect(gone.event == "reload" && gone.id == "other")
            #expect(gone.data == #"{"dataset":"other","version":null,"deleted":true}"#)
            #expect(fixture.library.events.subscriberCount(datasetID: "other") == 0)
            try deleteFirstRow(fixture, "list", version: 1)
            #expect(client.nextEvent()?.id == "list:2")
        }
    }

    @Test("a list of datasets that is missing, malformed, repeated or too long is refused with 400")
    func refusals() throws {
        try EventsFixture.run(datasets: Self.datasets) { fixture in
            let tooMany = (0...AppRoutes.multiplexLimit).map { "d\($0)" }.joined(separator: ",")
            for query in ["", "?datasets=", "?datasets=list:x", "?datasets=list:-1", "?datasets=list,list",
                "?datasets=list,,other", "?datasets=List", "?datasets=li%20st", "?datasets=\(tooMany)"]
            {
                let client = try RawClient(port: fixture.port)
                try client.send("GET /api/events\(query) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                let response = try #require(client.readResponse())
                #expect(response.status == 400, "\(query)")
                #expect(response.headers["Content-Type"] == "application/problem+json", "\(query)")
            }
            #expect(fixture.library.events.streamCount == 0)
        }
    }
}
