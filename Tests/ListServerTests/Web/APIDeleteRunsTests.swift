// ListServerTests — deleteRows runs: a selection of any size deleted as a few runs of rows in one batch
import Foundation
import HTTPServer
import Models
import SeededRandom
import TestSupport
import Testing

@testable import ListServer

@Suite("POST /api/datasets/{id}/batch: runs of rows in deleteRows")
struct APIDeleteRunsTests {
    @Test("a section's run deletes every row of it and keeps the section, as its header stays")
    func wholeSection() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[{"section":1}]}"#).status == 200)
        #expect(api.dataset("teams").sections.map(\.rows.count) == [0, 1, 0])
        #expect(api.titles("teams", section: 1) == ["b1"])
    }

    @Test("a run of sections deletes the rows of every section from one to the other, either first")
    func runOfSections() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[{"section":3,"toSection":1}]}"#).status == 200)
        #expect(api.dataset("teams").sections.map(\.rows.count) == [0, 0, 0])
        #expect(api.dataset("teams").sections.count == 3)
    }

    @Test("a run of rows deletes from one row to the other in table order, either first, across sections")
    func runOfRows() throws {
        let api = try APIFixture()
        #expect(try api.batch("letters", #"{"baseVersion":1,"deleteRows":[{"from":5,"to":3}]}"#).status == 200)
        #expect(api.titles("letters") == ["A", "E", "F"])
        // r2 (5) of Red to b1 (6) of Blue.
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[{"from":5,"to":6}]}"#).status == 200)
        #expect(api.titles("teams", section: 0) == ["r1"])
        #expect(api.titles("teams", section: 1) == [])
    }

    @Test("a run's exceptions stay; ids and runs mix in one list; one change event tells the pages")
    func exceptionsAndIDs() throws {
        let api = try APIFixture()
        let body = #"{"baseVersion":1,"deleteRows":[7,{"from":2,"to":5,"except":[3,4]}]}"#
        let reply = try api.batch("letters", body)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.titles("letters") == ["B", "C", "E"])
        let events = try api.store.events(datasetID: "letters", after: 1, limit: 10)
        #expect(events.map(\.version) == [2])
        #expect(Set(events.first?.change?.deletedRowIDs.map(\.rawValue) ?? []) == [2, 5, 7])
    }

    @Test("the change event writes rows deleted together as ranges, and a few rows one by one")
    func eventRanges() throws {
        let rows = (0..<200).map { #"{"title":"m\#($0)"}"# }.joined(separator: ",")
        let api = try APIFixture(datasets: [("long", "[\(rows)]")])
        let ids = api.rowIDs("long")
        let body = #"{"baseVersion":1,"deleteRows":[\#(ids[0]),\#(ids[1]),{"from":\#(ids[10]),"to":\#(ids[109])},\#(ids[150])]}"#
        #expect(try api.batch("long", body).status == 200)
        let event = try #require(try api.store.events(datasetID: "long", after: 1, limit: 1).first)
        guard case .dict(let payload) = try JSONReader.read(event.payload) else { throw APIExpectationError(message: "not an object") }
        let deletes = payload["deletes"]?.arrayValue ?? []
        // In the order rows are taken out: from the last up.
        #expect(deletes.compactMap { $0.dictValue?["id"]?.intValue } == [ids[150], ids[1], ids[0]])
        #expect(deletes.compactMap { $0.dictValue?["row"]?.intValue } == [150, 1, 0])
        let ranges = try #require(payload["deleteRanges"]?.arrayValue)
        #expect(ranges.count == 1)
        let range = try #require(ranges.first?.dictValue)
        #expect(range["section"]?.intValue == 0 && range["row"]?.intValue == 10 && range["count"]?.intValue == 100)
        #expect(range["fromId"]?.intValue == ids[10] && range["toId"]?.intValue == ids[109])
        #expect(api.rowIDs("long").count == 97)
    }

    @Test("what a run cannot mean is refused with its key path, and nothing changes")
    func refusals() throws {
        let api = try APIFixture()
        let cases: [(String, String)] = [
            (#"[{"from":2,"to":99}]"#, "deleteRows[0].to: row 99 does not exist"),
            (#"[{"section":9}]"#, "deleteRows[0].section: section 9 does not exist"),
            (#"[2,{"from":3,"to":4,"except":[6]}]"#, "deleteRows[1].except[0]: row 6 is not in the run"),
            (#"[{"from":2,"to":4},{"from":4,"to":6}]"#, "deleteRows[1]: it overlaps deleteRows[0]"),
            (#"[{"from":2,"to":4},3]"#, "deleteRows[1]: row 3 is in the run deleteRows[0] deletes"),
            (#"[{"to":4}]"#, "deleteRows[0].from: missing"),
            (#"[{"section":1,"from":2}]"#, "deleteRows[0]: name either sections"),
            (#"[{"rows":[2]}]"#, "deleteRows[0].rows: unknown key"),
        ]
        for (list, expected) in cases {
            let detail = try expectProblem(try api.batch("letters", #"{"baseVersion":1,"deleteRows":\#(list)}"#), status: 422)
            #expect(detail.contains(expected), "\(list): \(detail)")
        }
        let updated = #"{"baseVersion":1,"deleteRows":[{"section":1}],"updateRows":[{"id":4,"fields":{"title":"X"}}]}"#
        #expect(try expectProblem(try api.batch("teams", updated), status: 422).contains("row 4 is deleted by deleteRows[0]"))
        let twice = #"{"baseVersion":1,"deleteRows":[{"section":1,"toSection":2}],"deleteSections":[2]}"#
        #expect(try expectProblem(try api.batch("teams", twice), status: 422).contains("deleteSections[0] deletes"))
        #expect(api.version("letters") == 1 && api.version("teams") == 1)
        #expect(api.titles("letters") == ["A", "B", "C", "D", "E", "F"])
    }

    @Test("a stale run is applied when its sections did not change since, refused naming them when they did")
    func rebase() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"updateRows":[{"id":4,"fields":{"title":"R1"}}]}"#).status == 200)
        // An edit leaves the rows where they were: the run means the same rows.
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[{"section":2}]}"#).status == 200)
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[{"from":4,"to":5}]}"#).status == 200)
        #expect(api.dataset("teams").sections.map(\.rows.count) == [0, 0, 0])

        let other = try APIFixture()
        #expect(try other.batch("teams", #"{"baseVersion":1,"insertRows":[{"section":0,"row":1,"fields":{"title":"new"}}]}"#).status == 200)
        // The new row lies between r1 and r2: the stale run did not see it.
        let detail = try expectProblem(try other.batch("teams", #"{"baseVersion":1,"deleteRows":[{"from":4,"to":5}]}"#), status: 409)
        #expect(detail.contains("deleteRows[0]: the rows of section 1 changed"), "\(detail)")
        #expect(other.titles("teams", section: 0) == ["r1", "new", "r2"])
    }

    @Test("over real sockets, two stale runs on other sections both apply; a third on a changed one is refused")
    func runsOverSockets() throws {
        let sections = (0..<4).map { section in
            let rows = (0..<5_000).map { #"{"title":"r\#(section)-\#($0)"}"# }.joined(separator: ",")
            return #"{"title":"S\#(section)","rows":[\#(rows)]}"#
        }
        let api = try APIFixture(datasets: [("big", "[\(sections.joined(separator: ","))]")])
        let table = api.dataset("big").sections
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            let path = "/api/datasets/big/batch"
            let first = try apiRequest(port, "POST", path, body: #"{"baseVersion":1,"deleteRows":[{"section":\#(table[0].id)}]}"#)
            #expect(first.status == 200, "\(first.text)")
            let (from, to) = (table[2].rows[10].id, table[3].rows[4_989].id)
            let second = try apiRequest(port, "POST", path, body: #"{"baseVersion":1,"deleteRows":[{"from":\#(to),"to":\#(from)}]}"#)
            #expect(second.status == 200, "\(second.text)")
            let third = try apiRequest(
                port, "POST", path, body: #"{"baseVersion":1,"deleteRows":[{"section":\#(table[1].id),"toSection":\#(table[2].id)}]}"#)
            #expect(third.status == 409 && third.text.contains("the rows of section \(table[2].id) changed"), "\(third.text)")
        }
        #expect(api.dataset("big").sections.map(\.rows.count) == [0, 5_000, 10, 10])
        #expect(api.version("big") == 3)
    }

    @Test("random runs on random tables delete what a naive model deletes", arguments: 0..<40)
    func oracle(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let sections = 1 + Int(random.next() % 4)
        let json = "[" + (0..<sections).map { section in
            let rows = (0..<Int(random.next() % 6)).map { #"{"title":"r\#(section)-\#($0)"}"# }.joined(separator: ",")
            return #"{"title":"S\#(section)","rows":[\#(rows)]}"#
        }.joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("list", json)])
        let table = api.dataset("list").sections.map { ($0.id.rawValue, $0.rows.map(\.id.rawValue)) }
        let order = table.flatMap(\.1)
        guard !order.isEmpty else { return }
        // Two runs that do not overlap: rows [a, b] and, after them, whole sections or rows [c, d].
        var cuts = (0..<4).map { _ in Int(random.next() % UInt64(order.count)) }.sorted()
        if random.next() % 2 == 0 { cuts.swapAt(0, 1) }  // either bound first
        var items = [#"{"from":\#(order[cuts[0]]),"to":\#(order[cuts[1]])}"#]
        var deleted = Set(order[min(cuts[0], cuts[1])...max(cuts[0], cuts[1])])
        let lastSection = table.lastIndex { $0.1.contains(order[max(cuts[0], cuts[1])]) }!
        if cuts[2] > max(cuts[0], cuts[1]), lastSection + 1 < table.count {
            let first = lastSection + 1 + Int(random.next() % UInt64(table.count - lastSection - 1))
            let last = first + Int(random.next() % UInt64(table.count - first))
            var except: [Int64] = []
            for section in first...last { deleted.formUnion(table[section].1) }
            if let kept = table[first].1.first, random.next() % 2 == 0 {
                except = [kept]
                deleted.remove(kept)
            }
            items.append(#"{"section":\#(table[last].0),"toSection":\#(table[first].0),"except":\#(except)}"#)
        }
        let reply = try api.batch("list", #"{"baseVersion":1,"deleteRows":[\#(items.joined(separator: ","))]}"#)
        #expect(reply.status == 200, "seed \(seed): \(String(decoding: reply.bodyBytes, as: UTF8.self))")
        let expected = table.map { $0.1.filter { !deleted.contains($0) } }
        #expect(api.dataset("list").sections.map { $0.rows.map(\.id.rawValue) } == expected, "seed \(seed): \(items)")
    }
}
