// ListServerTests — batches made on an older version, rebased over the changes since
import Foundation
import Models
import SeededRandom
import TestSupport
import Testing

@testable import ListServer

@Suite("Batches rebased over the changes since their version")
struct BatchRebaseTests {
    @Test("random batches of several clients, each made on an older version, land as each meant in the server's order; only a real conflict is refused",
          arguments: 0..<150)
    func rebaseEqualsTheServersOrder(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let json = "[" + (0..<(1 + Int(random.next() % 3))).map { section in
            let rows = (0..<Int(random.next() % 6)).map { #"{"title":"r\#(section)-\#($0)","detail":"d"}"# }.joined(separator: ",")
            return #"{"title":"S\#(section)","rows":[\#(rows)]}"#
        }.joined(separator: ",") + "]"
        let api = try APIFixture(datasets: [("list", json)])
        func read() -> [ModelSection] {
            api.dataset("list").sections.map { section in
                ModelSection(
                    id: section.id.rawValue, title: section.fields["title"]?.text ?? "",
                    rows: section.rows.map {
                        ModelRow(id: $0.id.rawValue, title: $0.fields["title"]?.text ?? "", detail: $0.fields["detail"]?.text ?? "")
                    })
            }
        }
        var history: [Int64: [ModelSection]] = [1: read()]
        var changes: [Int64: ModelChange] = [:]
        // The version each of three clients last drew.
        var drawn: [Int64] = [1, 1, 1]
        var (applied, refused, rebased) = (0, 0, 0)
        for step in 0..<16 {
            let client = Int(random.next() % 3)
            let current = api.version("list")
            if random.next() % 4 == 0 { drawn[client] = current }
            let base = drawn[client]
            let batch = ClientBatch.random(on: history[base]!, base: base, &random, name: "c\(client)s\(step)")
            var since = ModelChange()
            for version in stride(from: base + 1, through: current, by: 1) { since.formUnion(changes[version]!) }
            let before = read()
            let reply = try api.batch("list", batch.json)
            let context = "seed \(seed) step \(step): \(batch.json) → \(String(decoding: reply.bodyBytes, as: UTF8.self))"
            if batch.conflicts(with: since) {
                try #require(reply.status == 409, "\(context)")
                #expect(read() == before, "\(context)")
                refused += 1
            } else {
                try #require(reply.status == 200, "\(context)")
                try #require(read().map(\.content) == batch.applied(to: before).map(\.content), "\(context)")
                applied += 1
                if base != current { rebased += 1 }
            }
            if api.version("list") != current {
                history[current + 1] = read()
                changes[current + 1] = ModelChange(from: before, to: read())
            }
        }
        #expect(applied + refused == 16 && rebased <= applied)
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

    @Test("a stale insert lands between the rows it was between, whatever was inserted and deleted around them since")
    func staleInsertLandsBetweenItsNeighbours() throws {
        let sections = (0..<3).map { section in
            #"{"title":"S\#(section)","rows":["# + (0..<8).map { #"{"title":"\#(section)-\#($0)"}"# }.joined(separator: ",") + "]}"
        }
        let api = try APIFixture(datasets: [("list", "[" + sections.joined(separator: ",") + "]")])
        let third = api.dataset("list").sections[2].rows.map(\.id.rawValue)
        // Since version 1: row 1 of the third section deleted, two rows put at its top, a section put before it.
        #expect(try api.batch("list", #"{"baseVersion":1,"deleteRows":[\#(third[1])]}"#).status == 200)
        let top = #"[{"section":2,"row":0,"fields":{"title":"top a"}},{"section":2,"row":1,"fields":{"title":"top b"}}]"#
        #expect(try api.batch("list", #"{"baseVersion":2,"insertRows":\#(top)}"#).status == 200)
        #expect(try api.batch("list", #"{"baseVersion":3,"insertSections":[{"section":1,"fields":{"title":"New"}}]}"#).status == 200)
        // Made on version 1: between the rows then at 4 and 5 of the third section.
        let stale = #"{"baseVersion":1,"insertRows":[{"section":2,"row":5,"fields":{"title":"mine"}}]}"#
        let reply = try api.batch("list", stale)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.titles("list", section: 3) == ["top a", "top b", "2-0", "2-2", "2-3", "2-4", "mine", "2-5", "2-6", "2-7"])
        #expect(api.dataset("list").sections.map { $0.fields["title"]?.text ?? "" } == ["S0", "New", "S1", "S2"])
        // A new section made on version 1 at index 3 (the end then) lands after the third section, wherever it is.
        let section = #"{"baseVersion":1,"insertSections":[{"section":3,"fields":{"title":"Last"}}],"insertRows":[{"section":3,"row":0,"fields":{"title":"x"}}]}"#
        #expect(try api.batch("list", section).status == 200)
        #expect(api.dataset("list").sections.map { $0.fields["title"]?.text ?? "" } == ["S0", "New", "S1", "S2", "Last"])
        #expect(api.titles("list", section: 4) == ["x"])
    }

    @Test("a stale update of one field rebases over another client's update of another field of the row; the same field is a conflict naming it")
    func fieldsInConflict() throws {
        let api = try APIFixture(datasets: [("list", #"[{"title":"a","detail":"one"},{"title":"b","detail":"two"}]"#)])
        let (a, b) = (api.rowIDs("list")[0], api.rowIDs("list")[1])
        #expect(try api.batch("list", #"{"baseVersion":1,"updateRows":[{"id":\#(a),"fields":{"detail":"theirs"}}]}"#).status == 200)
        let title = try api.batch("list", #"{"baseVersion":1,"updateRows":[{"id":\#(a),"fields":{"title":"mine"}}]}"#)
        #expect(title.status == 200, "\(String(decoding: title.bodyBytes, as: UTF8.self))")
        let row = api.dataset("list").sections[0].rows[0].fields
        #expect(row["title"] == .string("mine") && row["detail"] == .string("theirs"))
        let both = #"{"baseVersion":1,"updateRows":[{"id":\#(b),"fields":{"title":"B"}},{"id":\#(a),"fields":{"detail":"mine","title":"A"}}]}"#
        let detail = try expectProblem(try api.batch("list", both), status: 409)
        #expect(detail.contains("updateRows[1]: fields 'detail', 'title' of row \(a) were changed"), "\(detail)")
        #expect(!detail.contains("updateRows[0]"), "\(detail)")
        #expect(api.version("list") == 3)
    }

    @Test("a conflict is named as data: the operation, the row or section, the fields and the reason, beside the same lines in detail")
    func conflictsAsData() throws {
        let api = try APIFixture()
        // Since version 1: r1 (4) deleted and r2's (5) title written, then Green (3) deleted.
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteRows":[4],"updateRows":[{"id":5,"fields":{"title":"theirs"}}]}"#).status == 200)
        #expect(try api.batch("teams", #"{"baseVersion":2,"deleteSections":[3]}"#).status == 200)
        let stale = #"{"baseVersion":1,"updateRows":[{"id":6,"fields":{"title":"B"}},{"id":5,"fields":{"detail":"d","title":"mine"}}],"#
            + #""moveRows":[{"id":4,"toSection":1,"toRow":0}],"insertRows":[{"section":2,"row":0,"fields":{"title":"g"}}]}"#
        let reply = try api.batch("teams", stale)
        let detail = try expectProblem(reply, status: 409)
        let problem = try jsonBody(reply)
        #expect(problem["currentVersion"] == .int(3))
        let expected = try JSONReader.read(Array(
            (#"[{"operation":"updateRows[1]","row":5,"fields":["title"],"reason":"fieldsChanged"},"#
                + #"{"operation":"moveRows[0]","row":4,"reason":"rowDeleted"},"#
                + #"{"operation":"insertRows[0]","section":3,"reason":"sectionDeleted"}]"#).utf8))
        #expect(problem["conflicts"] == expected, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        // The detail keeps its lines, one per entry, in the same order.
        let lines = "updateRows[1]: field 'title' of row 5 was changed; moveRows[0]: row 4 was deleted; insertRows[0]: section 3 was deleted"
        #expect(detail.contains(lines), "\(detail)")
        #expect(api.version("teams") == 3)
        // What the library throws is the same list, as values.
        let conflicts = [
            RebaseConflict(operation: "updateRows[1]", reason: .fieldsChanged, row: RowID(5), fields: ["title"]),
            RebaseConflict(operation: "moveRows[0]", reason: .rowDeleted, row: RowID(4)),
            RebaseConflict(operation: "insertRows[0]", reason: .sectionDeleted, section: SectionID(3)),
        ]
        #expect(throws: LibraryError.rebaseConflict(datasetID: "teams", current: 3, base: 1, conflicts: conflicts)) {
            _ = try api.library.apply(try BatchRequest.parse(Array(stale.utf8)), to: "teams")
        }
        // A batch that cannot be rebased at all (made on a version the dataset has not reached) lists no conflict.
        let ahead = try api.batch("teams", #"{"baseVersion":99,"deleteRows":[6]}"#)
        try expectProblem(ahead, status: 409)
        let aheadProblem = try jsonBody(ahead)
        #expect(aheadProblem["conflicts"] == .array([]) && aheadProblem["currentVersion"] == .int(3))
    }

    @Test("each reason a conflict can give reads as its line of the detail")
    func conflictLines() {
        let lines = [
            RebaseConflict(operation: "deleteRows[0]", reason: .rowDeleted, row: RowID(4)),
            RebaseConflict(operation: "rowActions[0]", reason: .rowChanged, row: RowID(5)),
            RebaseConflict(operation: "updateRows[1]", reason: .fieldsChanged, row: RowID(5), fields: ["detail", "title"]),
            RebaseConflict(operation: "insertRows[0]", reason: .sectionDeleted, section: SectionID(3)),
            RebaseConflict(operation: "deleteSections[0]", reason: .sectionRowsChanged, section: SectionID(2)),
            RebaseConflict(operation: "insertSections", reason: .sectionsChanged),
            RebaseConflict(operation: "child", reason: .childTable),
        ].map(\.line)
        #expect(lines == [
            "deleteRows[0]: row 4 was deleted", "rowActions[0]: row 5 was changed",
            "updateRows[1]: fields 'detail', 'title' of row 5 were changed", "insertRows[0]: section 3 was deleted",
            "deleteSections[0]: the rows of section 2 changed",
            "insertSections: the sections were inserted, deleted or reordered",
            "child: a child table's batch is not rebased",
        ])
        #expect(lines.count == RebaseConflict.Reason.allCases.count)
    }

    @Test("a stale insert into a section deleted since is refused, naming the section")
    func deletedSectionIsAConflict() throws {
        let api = try APIFixture()
        #expect(try api.batch("teams", #"{"baseVersion":1,"deleteSections":[2]}"#).status == 200)
        let stale = #"{"baseVersion":1,"insertRows":[{"section":1,"row":1,"fields":{"title":"b2"}},{"section":0,"row":0,"fields":{"title":"r0"}}]}"#
        let detail = try expectProblem(try api.batch("teams", stale), status: 409)
        #expect(detail.contains("insertRows[0]: section 2 was deleted") && !detail.contains("insertRows[1]"), "\(detail)")
        #expect(api.version("teams") == 2)
        #expect(try api.batch("teams", #"{"baseVersion":1,"insertRows":[{"section":2,"row":0,"fields":{"title":"g1"}}]}"#).status == 200)
        #expect(api.titles("teams", section: 1) == ["g1"])
    }

    @Test("after a replace, a stale place keeps the earlier rule: refused in a section whose rows changed, applied elsewhere")
    func replaceKeepsTheEarlierRule() throws {
        let api = try APIFixture()
        let replaced = #"[{"title":"Red","rows":[{"title":"r2"},{"title":"r1"}]},{"title":"Blue","rows":[{"title":"b1"}]},{"title":"Green","rows":[]}]"#
        let put = try api.send(
            "PUT", "/api/datasets/teams", body: replaced,
            headers: ["Origin": "http://127.0.0.1:8080", "Content-Type": "application/json"])
        #expect(put.status == 200 && api.version("teams") == 2)
        let red = #"{"baseVersion":1,"insertRows":[{"section":0,"row":1,"fields":{"title":"r3"}}]}"#
        let reply = try api.batch("teams", red)
        let detail = try expectProblem(reply, status: 409)
        #expect(detail.contains("insertRows[0]: the rows of section 1 changed"), "\(detail)")
        // The reason is data too: the place lies in a section whose rows the replace changed.
        let conflict: FieldValue = .dict(["operation": .string("insertRows[0]"), "section": .int(1), "reason": .string("sectionRowsChanged")])
        #expect(try jsonBody(reply)["conflicts"] == .array([conflict]))
        #expect(try api.batch("teams", #"{"baseVersion":1,"insertRows":[{"section":1,"row":1,"fields":{"title":"b2"}}]}"#).status == 200)
        #expect(api.titles("teams", section: 1) == ["b1", "b2"])
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
        #expect(unseen.contains("updateRows[0]: field 'title' of row 5 was changed"), "\(unseen)")
        let reply = try api.batch("teams", update(5, "mine again", #""seenVersions":[2],"#))
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        #expect(api.version("teams") == 4)
        // An edit of the row the other client changed, which the page has not drawn, is refused, not overwritten.
        let theirs = try expectProblem(try api.batch("teams", update(4, "overwritten", #""seenVersions":[2,4],"#)), status: 409)
        #expect(theirs.contains("updateRows[0]: field 'title' of row 4 was changed"), "\(theirs)")
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
