// ListServerTests — event streams: the ready event and change events for every kind of batch
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Event streams: the ready event and change events for every kind of batch")
struct EventsChangeTests {
    @Test("a new subscriber is sent retry, then a ready event at the current version")
    func readyOnConnect() throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe()
            #expect(client.status == 200)
            #expect(client.headers["Content-Type"] == "text/event-stream")
            #expect(client.headers["Cache-Control"] == "no-store")
            let first = try #require(client.nextBlock())
            #expect(first.retry == 2000)
            let ready = try #require(client.nextEvent())
            #expect(ready == ServerSentEvent(id: "1", event: "ready", data: #"{"version":1,"from":1}"#))
            #expect(fixture.waitForSubscribers(1))
        }
    }

    @Test("an unknown dataset is a 404 problem, not a stream")
    func unknownDataset() throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe("ghost")
            #expect(client.status == 404)
            #expect(client.headers["Content-Type"] == "application/problem+json")
            #expect(fixture.library.events.subscriberCount == 0)
        }
    }

    @Test("each kind of change is sent in order with exact ids and index paths, and replays onto the client's model")
    func everyKindOfChange() throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe()
            _ = try #require(client.nextEvent())
            var model = try fixture.rowIDs()
            #expect(model == [[2, 3, 4, 5], [7, 8, 9, 10], [12, 13, 14, 15]])
            let script: [(batch: String, payload: String)] = [
                (
                    #"{"baseVersion":1,"deleteRows":[3,8]}"#,
                    #"{"version":2,"baseVersion":1,"animation":"automatic","deletes":[{"id":8,"section":1,"row":1},"#
                        + #"{"id":3,"section":0,"row":1}],"inserts":[],"moves":[],"updates":[],"#
                        + #""sectionDeletes":[],"sectionInserts":[]}"#
                ),
                (
                    #"{"baseVersion":2,"insertRows":[{"section":2,"row":4,"fields":{"title":"Z"}},"#
                        + #"{"section":0,"row":0,"fields":{"title":"A"}}]}"#,
                    #"{"version":3,"baseVersion":2,"animation":"automatic","deletes":[],"inserts":[{"id":17,"section":0,"row":0},"#
                        + #"{"id":16,"section":2,"row":4}],"moves":[],"updates":[],"sectionDeletes":[],"#
                        + #""sectionInserts":[]}"#
                ),
                (
                    #"{"baseVersion":3,"moveRows":[{"id":2,"toSection":1,"toRow":0}]}"#,
                    #"{"version":4,"baseVersion":3,"animation":"automatic","deletes":[],"inserts":[],"moves":[{"id":2,"fromSection":0,"#
                        + #""fromRow":1,"toSection":1,"toRow":0}],"updates":[],"sectionDeletes":[],"#
                        + #""sectionInserts":[]}"#
                ),
                (
                    #"{"baseVersion":4,"updateRows":[{"id":9,"fields":{"title":"B"}}]}"#,
                    #"{"version":5,"baseVersion":4,"animation":"automatic","deletes":[],"inserts":[],"moves":[],"#
                        + #""updates":[{"id":9,"section":1,"row":2}],"sectionDeletes":[],"sectionInserts":[]}"#
                ),
                (
                    #"{"baseVersion":5,"insertSections":[{"section":1,"fields":{"title":"New"}}],"#
                        + #""insertRows":[{"section":1,"row":0,"fields":{"title":"N"}}]}"#,
                    #"{"version":6,"baseVersion":5,"animation":"automatic","deletes":[],"inserts":[{"id":19,"section":1,"row":0}],"#
                        + #""moves":[],"updates":[],"sectionDeletes":[],"sectionInserts":[{"id":18,"section":1}]}"#
                ),
                (
                    #"{"baseVersion":6,"deleteSections":[6]}"#,
                    #"{"version":7,"baseVersion":6,"animation":"automatic","deletes":[],"inserts":[],"moves":[],"updates":[],"#
                        + #""sectionDeletes":[{"id":6,"section":2,"rows":[2,7,9,10]}],"sectionInserts":[]}"#
                ),
                (
                    #"{"baseVersion":7,"deleteRows":[4],"insertRows":[{"section":0,"row":1,"fields":{}}],"#
                        + #""moveRows":[{"id":13,"toSection":0,"toRow":0}],"updateRows":[{"id":5,"fields":{"x":1}}]}"#,
                    #"{"version":8,"baseVersion":7,"animation":"automatic","deletes":[{"id":4,"section":0,"row":1}],"#
                        + #""inserts":[{"id":20,"section":0,"row":1}],"moves":[{"id":13,"fromSection":2,"fromRow":1,"#
                        + #""toSection":0,"toRow":0}],"updates":[{"id":5,"section":0,"row":3}],"sectionDeletes":[],"#
                        + #""sectionInserts":[]}"#
                ),
            ]
            for (index, step) in script.enumerated() {
                let version = index + 2
                let reply = try fixture.batch(step.batch)
                #expect(reply.status == 200, "batch \(index): \(reply.text)")
                #expect(reply.text.hasPrefix(#"{"version":\#(version),"#), "batch \(index): \(reply.text)")
                let event = try #require(client.nextEvent(), "no event for batch \(index)")
                #expect(event.event == "change")
                #expect(event.id == String(version))
                #expect(event.data == step.payload, "batch \(index)")
                model = try ClientModel.apply(try #require(event.data), to: model)
                #expect(model == (try fixture.rowIDs()), "batch \(index)")
            }
        }
    }

    @Test("a refused batch sends no event; the next accepted one does")
    func refusedBatch() throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe()
            _ = try #require(client.nextEvent())
            #expect(try fixture.batch(#"{"baseVersion":7,"deleteRows":[2]}"#).status == 409)
            #expect(try fixture.batch(#"{"baseVersion":1,"deleteRows":[999]}"#).status == 422)
            let outOfRange = #"{"baseVersion":1,"insertRows":[{"section":0,"row":9,"fields":{}}]}"#
            #expect(try fixture.batch(outOfRange).status == 422)
            #expect(try fixture.batch(#"{"baseVersion":1,"deleteRows":[2]}"#).status == 200)
            let event = try #require(client.nextEvent())
            #expect(event.id == "2")
            #expect(event.data?.contains(#""deletes":[{"id":2,"section":0,"row":0}]"#) == true)
        }
    }

    @Test(
        "a batch's animation reaches the change event; an unknown one is a 422 naming it, and sends nothing",
        arguments: RowAnimation.allCases)
    func animation(_ animation: RowAnimation) throws {
        try EventsFixture.run { fixture in
            let client = try fixture.subscribe()
            _ = try #require(client.nextEvent())
            let unknown = try fixture.batch(#"{"baseVersion":1,"deleteRows":[2],"animation":"spin"}"#)
            #expect(unknown.status == 422)
            #expect(unknown.text.contains("animation: expected one of fade, right, left, top, bottom, middle, none"))
            let body = #"{"baseVersion":1,"deleteRows":[2],"animation":"\#(animation.rawValue)"}"#
            #expect(try fixture.batch(body).status == 200)
            let event = try #require(client.nextEvent())
            #expect(event.id == "2", "the refused batch sent no event")
            #expect(event.data?.contains(#""animation":"\#(animation.rawValue)""#) == true)
        }
    }

    @Test("every subscriber of a dataset gets every event in version order; other datasets' subscribers get none")
    func manySubscribers() throws {
        let datasets = [
            StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 4),
            StoreFixtures.dataset(id: "other", sections: 1, rowsPerSection: 2, firstID: 100),
        ]
        try EventsFixture.run(datasets: datasets) { fixture in
            let clients = try (0..<6).map { _ in try fixture.subscribe() }
            let bystander = try fixture.subscribe("other")
            for client in clients + [bystander] { _ = try #require(client.nextEvent()) }
            #expect(fixture.waitForSubscribers(7))
            for version in 1...10 {
                let insert = #"{"section":\#(version % 3),"row":0,"fields":{"title":"v\#(version)"}}"#
                #expect(try fixture.batch(#"{"baseVersion":\#(version),"insertRows":[\#(insert)]}"#).status == 200)
            }
            for client in clients {
                let events = try #require(client.nextEvents(10))
                #expect(events.map(\.id) == (2...11).map { String($0) })
                #expect(events.allSatisfy { $0.event == "change" })
            }
            #expect(bystander.nextEvent(timeoutSeconds: 0.3) == nil)
            #expect(fixture.library.events.subscriberCount(datasetID: "other") == 1)
        }
    }
}

/// What a browser holds: the row ids of each section, in order.
enum ClientModel {
    struct Mismatch: Error, CustomStringConvertible {
        var description: String
    }

    /// Applies a `change` payload with UIKit's rules: row removals (deletes, move sources) and section
    /// deletions at indexes before the batch, section insertions and row insertions (inserts, move
    /// destinations) at indexes after it. Every index path is checked against the model.
    /// - Throws: ``Mismatch`` when an index path does not hold the id the event names.
    static func apply(_ payload: String, to model: [[Int64]]) throws -> [[Int64]] {
        guard let object = try JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any] else {
            throw Mismatch(description: "not a JSON object: \(payload)")
        }
        func list(_ key: String) -> [[String: Any]] { object[key] as? [[String: Any]] ?? [] }
        func int(_ item: [String: Any], _ key: String) -> Int { (item[key] as? NSNumber)?.intValue ?? -1 }
        func id(_ item: [String: Any]) -> Int64 { (item["id"] as? NSNumber)?.int64Value ?? -1 }
        func holds(_ sections: [[Int64]], _ section: Int, _ row: Int, _ id: Int64) -> Bool {
            sections.indices.contains(section) && sections[section].indices.contains(row)
                && sections[section][row] == id
        }

        var removals = list("deletes").map { (section: int($0, "section"), row: int($0, "row"), id: id($0)) }
        removals += list("moves").map { (section: int($0, "fromSection"), row: int($0, "fromRow"), id: id($0)) }
        for removal in removals where !holds(model, removal.section, removal.row, removal.id) {
            throw Mismatch(description: "no row \(removal.id) at \(removal.section).\(removal.row)")
        }
        let removed = Set(removals.map(\.id))
        var sections = model.map { $0.filter { !removed.contains($0) } }
        let sectionDeletes = list("sectionDeletes")
        for item in sectionDeletes {
            let section = int(item, "section")
            let rows = (item["rows"] as? [NSNumber] ?? []).map(\.int64Value)
            guard sections.indices.contains(section), sections[section] == rows else {
                throw Mismatch(description: "section \(section) does not hold \(rows)")
            }
        }
        for index in sectionDeletes.map({ int($0, "section") }).sorted(by: >) { sections.remove(at: index) }
        for index in list("sectionInserts").map({ int($0, "section") }).sorted() {
            guard index >= 0, index <= sections.count else { throw Mismatch(description: "section \(index)?") }
            sections.insert([], at: index)
        }
        var insertions = list("inserts").map { (section: int($0, "section"), row: int($0, "row"), id: id($0)) }
        insertions += list("moves").map { (section: int($0, "toSection"), row: int($0, "toRow"), id: id($0)) }
        for insertion in insertions.sorted(by: { ($0.section, $0.row) < ($1.section, $1.row) }) {
            guard sections.indices.contains(insertion.section), insertion.row <= sections[insertion.section].count
            else {
                throw Mismatch(description: "cannot insert \(insertion.id) at \(insertion.section).\(insertion.row)")
            }
            sections[insertion.section].insert(insertion.id, at: insertion.row)
        }
        for update in list("updates") where !holds(sections, int(update, "section"), int(update, "row"), id(update)) {
            throw Mismatch(description: "update \(id(update)) is not at its index path")
        }
        return sections
    }
}
