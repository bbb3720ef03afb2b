// ListServerTests — batches made on an older version, rebased when nothing they name changed
import Foundation
import Models
import SeededRandom
import TestSupport
import Testing

@testable import ListServer

/// One client's batch in the rebase property test: deletes, updates or one insert, in one section.
private struct ClientBatch {
    enum Operation {
        case delete([Int64])
        case update([Int64], title: String)
        case insert(row: Int, title: String)
    }

    var section: Int
    var operation: Operation

    /// The batch's JSON against `base`; ids and positions as the client saw them.
    func json(base: Int64) -> String {
        switch operation {
        case .delete(let ids): #"{"baseVersion":\#(base),"deleteRows":[\#(ids.map(String.init).joined(separator: ","))]}"#
        case .update(let ids, let title):
            #"{"baseVersion":\#(base),"updateRows":["#
                + ids.map { #"{"id":\#($0),"fields":{"title":"\#(title)"}}"# }.joined(separator: ",") + "]}"
        case .insert(let row, let title):
            #"{"baseVersion":\#(base),"insertRows":[{"section":\#(section),"row":\#(row),"fields":{"title":"\#(title)"}}]}"#
        }
    }

    /// A random batch on `model` (each section's rows as (id, title)).
    static func random(_ model: [[(Int64, String)]], _ random: inout SplitMix64, name: String) -> ClientBatch {
        let section = Int(random.next() % UInt64(model.count))
        let rows = model[section]
        let choice = rows.isEmpty ? 2 : random.next() % 3
        switch choice {
        case 0:
            let ids = Array(Set((0..<(1 + Int(random.next() % 2))).map { _ in rows[Int(random.next() % UInt64(rows.count))].0 }))
            return ClientBatch(section: section, operation: .delete(ids.sorted()))
        case 1:
            let ids = Array(Set((0..<(1 + Int(random.next() % 2))).map { _ in rows[Int(random.next() % UInt64(rows.count))].0 }))
            return ClientBatch(section: section, operation: .update(ids.sorted(), title: name))
        default:
            return ClientBatch(section: section, operation: .insert(row: Int(random.next() % UInt64(rows.count + 1)), title: name))
        }
    }

    /// `model` after this batch, as the naive model applies it (a new row's id is unknown: 0).
    func applied(to model: [[(Int64, String)]]) -> [[(Int64, String)]] {
        var model = model
        switch operation {
        case .delete(let ids): model[section].removeAll { ids.contains($0.0) }
        case .update(let ids, let title):
            for index in model[section].indices where ids.contains(model[section][index].0) { model[section][index].1 = title }
        case .insert(let row, let title): model[section].insert((0, title), at: row)
        }
        return model
    }

    /// The row ids it names, and whether it places a row by index.
    var namedIDs: Set<Int64> {
        switch operation {
        case .delete(let ids), .update(let ids, _): Set(ids)
        case .insert: []
        }
    }

    var reordersItsSection: Bool {
        if case .update = operation { return false }
        return true
    }
}

@Suite("Batches rebased over the changes since their version")
struct BatchRebaseTests {
    @Test("two clients' random batches on one version: the second is applied as it meant, or refused only for a real conflict",
          arguments: 0..<60)
    func rebaseEqualsTheServersOrder(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let sections = 2 + Int(random.next() % 3)
        let json = "[" + (0..<sections).map { section in
            let rows = (0..<Int(random.next() % 5)).map { #"{"title":"r\#(section)-\#($0)"}"# }.joined(separator: ",")
            return #"{"title":"S\#(section)","rows":[\#(rows)]}"#
        }.joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("list", json)])
        func model() -> [[(Int64, String)]] {
            api.dataset("list").sections.map { $0.rows.map { ($0.id.rawValue, $0.fields["title"]?.stringValue ?? "") } }
        }
        let start = model()
        let first = ClientBatch.random(start, &random, name: "a\(seed)")
        let second = ClientBatch.random(start, &random, name: "b\(seed)")
        #expect(try api.batch("list", first.json(base: 1)).status == 200, "seed \(seed)")
        let afterFirst = model()

        // A real conflict: the second names a row the first deleted or changed, or places a row by index in a
        // section whose rows the first reordered.
        var touched = Set<Int64>()
        if case .delete(let ids) = first.operation { touched.formUnion(ids) }
        if case .update(let ids, _) = first.operation { touched.formUnion(ids) }
        let writes: Bool = if case .delete = second.operation { false } else { true }
        let deletedByFirst: Set<Int64> = if case .delete(let ids) = first.operation { Set(ids) } else { [] }
        let conflict = !second.namedIDs.isDisjoint(with: writes ? touched : deletedByFirst)
            || (second.namedIDs.isEmpty && first.section == second.section && first.reordersItsSection)
        let reply = try api.batch("list", second.json(base: 1))
        if conflict {
            #expect(reply.status == 409, "seed \(seed): \(String(decoding: reply.bodyBytes, as: UTF8.self))")
            #expect(model().map { $0.map(\.1) } == afterFirst.map { $0.map(\.1) }, "seed \(seed)")
        } else {
            #expect(reply.status == 200, "seed \(seed): \(String(decoding: reply.bodyBytes, as: UTF8.self))")
            let expected = second.applied(to: first.applied(to: start))
            #expect(model().map { $0.map(\.1) } == expected.map { $0.map(\.1) }, "seed \(seed)")
        }
    }

    @Test("a stale batch on another section is applied; the version and the event log move on once")
    func otherSectionIsApplied() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[4]}"#).status == 200)
        let stale = #"{"baseVersion":1,"insertRows":[{"section":1,"row":1,"fields":{"title":"b2"}}],"updateRows":[{"id":5,"fields":{"title":"R2"}}]}"#
        let reply = try api.batch("teams", stale)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(try jsonBody(reply)["version"] == .int(3))
        #expect(api.titles("teams", section: 0) == ["R2"] && api.titles("teams", section: 1) == ["b1", "b2"])
        #expect(try api.store.events(datasetID: "teams", after: 0, limit: 10).map(\.version) == [2, 3])
    }

    @Test("a stale batch inserting into a section changed since is refused, naming the section")
    func changedSectionIsAConflict() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[4]}"#).status == 200)
        let stale = #"{"baseVersion":1,"insertRows":[{"section":0,"row":1,"fields":{"title":"r3"}}]}"#
        let detail = try expectProblem(try api.batch("teams", stale), status: 409)
        #expect(detail.contains("insertRows[0]: the rows of section 1 changed"), "\(detail)")
        #expect(api.version("teams") == 2)
    }

    @Test("versions the client says it has seen are no conflict; anyone else's changes since its base still are")
    func seenVersionsAreNoConflict() throws {
        let api = try APIFixture()
        let update = { (id: Int, title: String, seen: String) in
            #"{"baseVersion":1,\#(seen)"updateRows":[{"id":\#(id),"fields":{"title":"\#(title)"}}]}"#
        }
        // A page drew version 1, then its own batch gave 2; another client's gave 3.
        #expect(try api.batch("teams", update(5, "mine", "")).status == 200)
        #expect(try api.batch("teams", #"{"baseVersion":2,"updateRows":[{"id":4,"fields":{"title":"theirs"}}]}"#).status == 200)
        // Its next edit of its own row: from version 1 alone, its own change is a conflict; seen, it is not.
        let unseen = try expectProblem(try api.batch("teams", update(5, "mine again", "")), status: 409)
        #expect(unseen.contains("updateRows[0]: row 5 was changed"), "\(unseen)")
        let reply = try api.batch("teams", update(5, "mine again", #""seenVersions":[2],"#))
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.version("teams") == 4)
        // An edit of the row the other client changed, which the page has not drawn, is refused, not overwritten.
        let theirs = try expectProblem(try api.batch("teams", update(4, "overwritten", #""seenVersions":[2,4],"#)), status: 409)
        #expect(theirs.contains("updateRows[0]: row 4 was changed"), "\(theirs)")
        #expect(api.titles("teams", section: 0) == ["theirs", "mine again"])
        // A base far below any version is stale, seen versions or not (no arithmetic overflows on it).
        let lowest = #"{"baseVersion":-9223372036854775808,"seenVersions":[1],"deleteRows":[4]}"#
        #expect(try api.batch("teams", lowest).status == 409)
        for (seen, path) in [("[1]", "seenVersions[0]"), ("[3,\"4\"]", "seenVersions[1]"), ("7", "seenVersions")] {
            let detail = try expectProblem(try api.batch("teams", update(4, "x", #""seenVersions":\#(seen),"#)), status: 422)
            #expect(detail.contains(path), "\(seen): \(detail)")
        }
    }

    @Test("a child table's batch whose every version since its base was seen is made on the current version")
    func childBatchAfterItsOwn() throws {
        let document = #"{"table": {"sections": [{"rows": [{"text": "Wi-Fi", "table": {"sections": [{"rows": [{"text": "Harbor"}]}]}}]}]}}"#
        let api = try APIFixture(datasets: [("prefs", document)])
        let wifi = api.rowIDs("prefs")[0]
        let child = try #require(api.library.entry("prefs")).child(at: ChildAddress([RowID(wifi)]))
        let harbor = try #require(child.dataset.sections[0].rows.first?.id.rawValue)
        let rename = { (text: String, seen: String) in
            #"{"baseVersion":1,\#(seen)"child":"\#(wifi)","updateRows":[{"id":\#(harbor),"fields":{"text":"\#(text)"}}]}"#
        }
        #expect(try api.batch("prefs", rename("Quay", "")).status == 200)
        let detail = try expectProblem(try api.batch("prefs", rename("Pier", "")), status: 409)
        #expect(detail.contains("child"), "\(detail)")
        #expect(try api.batch("prefs", rename("Pier", #""seenVersions":[2],"#)).status == 200)
        #expect(api.version("prefs") == 3)
    }
}
