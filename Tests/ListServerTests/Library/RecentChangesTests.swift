// ListServerTests — the changes kept in memory for rebases, instead of reading the whole log since
import Foundation
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Recent changes kept in memory for rebases")
struct RecentChangesTests {
    /// A change of `rows` written rows that led to `version`.
    static func change(_ version: Int64, rows: [Int64] = [10], payload: Int = 8) -> LoggedChange {
        let change = StoredChange(
            datasetID: "list", expectedVersion: version - 1, newVersion: version, nextID: 100,
            upsertedRows: rows.map { Row(id: RowID($0), fields: ["title": .string("t")]) },
            writtenFields: Dictionary(uniqueKeysWithValues: rows.map { (RowID($0), ["title"]) }))
        return LoggedChange(change, payload: Array(repeating: 0x20, count: payload))
    }

    @Test("a stale batch is rebased from the changes this process kept, without reading the log since")
    func staleBatchReadsMemory() throws {
        try StoreFixtures.withDirectory { directory in
            // The store keeps two events: a batch five versions behind can only be carried over from memory.
            let store = try SQLiteStore(directory: directory, eventRetention: 2)
            defer { store.close() }
            let decoder = DatasetDecoder(file: "teams", id: "teams")
            try store.insert([try DatasetImporter.importDataset(Array(APIFixture.teams.utf8), using: decoder)], replacing: false)
            let library = Library(store: store, datasets: try store.loadAll())
            func apply(_ body: String) throws -> Library.BatchOutcome {
                try library.apply(try BatchRequest.parse(Array(body.utf8)), to: "teams")
            }
            for version in 1...5 {
                _ = try apply(#"{"baseVersion":\#(version),"updateRows":[{"id":4,"fields":{"title":"r1 \#(version)"}}]}"#)
            }
            #expect(try store.events(datasetID: "teams", after: 1, limit: 10).map(\.version) == [5, 6])
            #expect(library.recentChanges.changes(of: "teams", after: 1, upTo: 6)?.map(\.version) == [2, 3, 4, 5, 6])
            // Made on version 1: another row's field, and a row put into a section nobody changed since.
            let stale = #"{"baseVersion":1,"updateRows":[{"id":5,"fields":{"title":"mine"}}],"#
                + #""insertRows":[{"section":1,"row":1,"fields":{"title":"b2"}}]}"#
            #expect(try apply(stale).entry.dataset.version == 7)
            let sections = try #require(library.entry("teams")).dataset.sections
            #expect(sections[0].rows.map { $0.fields["title"]?.text } == ["r1 5", "mine"])
            #expect(sections[1].rows.map { $0.fields["title"]?.text } == ["b1", "b2"])
            // A field written since is still a conflict, found in memory.
            #expect(throws: LibraryError.rebaseConflict(datasetID: "teams", current: 7, base: 2, conflicts: [
                RebaseConflict(operation: "updateRows[0]", reason: .fieldsChanged, row: RowID(4), fields: ["title"])
            ])) {
                _ = try apply(#"{"baseVersion":2,"updateRows":[{"id":4,"fields":{"title":"late"}}]}"#)
            }
        }
    }

    @Test("the kept changes are consecutive versions: one made elsewhere starts them again, and a gap is never read")
    func keptChangesAreConsecutive() {
        let recent = RecentChanges()
        for version in 2...4 { recent.record(Self.change(Int64(version)), of: "list") }
        #expect(recent.changes(of: "list", after: 1, upTo: 4)?.map(\.version) == [2, 3, 4])
        #expect(recent.changes(of: "list", after: 2, upTo: 4)?.map(\.version) == [3, 4])
        #expect(recent.changes(of: "list", after: 0, upTo: 4) == nil, "version 1 was not kept")
        #expect(recent.changes(of: "list", after: 1, upTo: 5) == nil, "version 5 was not kept")
        // Version 5 was made by another process (or a replace): 6 follows a gap, and only what follows it is kept.
        recent.record(Self.change(6), of: "list")
        #expect(recent.changes(of: "list", after: 1, upTo: 6) == nil)
        #expect(recent.changes(of: "list", after: 5, upTo: 6)?.map(\.version) == [6])
        // Changes read from the store in one piece replace those kept, when they reach as far.
        recent.remember((2...6).map { Self.change(Int64($0)) }, of: "list")
        #expect(recent.changes(of: "list", after: 1, upTo: 6)?.map(\.version) == [2, 3, 4, 5, 6])
        recent.remember((2...3).map { Self.change(Int64($0)) }, of: "list")
        #expect(recent.changes(of: "list", after: 1, upTo: 6)?.count == 5)
        recent.forget("list")
        #expect(recent.changes(of: "list", after: 5, upTo: 6) == nil)
        #expect(recent.changes(of: "other", after: 5, upTo: 6) == nil)
    }

    @Test("at most as many changes as a batch may be behind are kept, and no more weight than the budget, the oldest leaving first")
    func keptChangesAreBounded() {
        let recent = RecentChanges()
        let count = Int64(RecentChanges.maximumCount)
        for version in 1...(count + 5) { recent.record(Self.change(version), of: "list") }
        #expect(recent.changes(of: "list", after: 5, upTo: count + 5)?.count == Int(count))
        #expect(recent.changes(of: "list", after: 4, upTo: count + 5) == nil)
        // Two changes each over half the budget: only the newer stays.
        let heavy = RecentChanges.maximumWeight / 2 + 1
        recent.record(Self.change(count + 6, payload: heavy * 8), of: "list")
        recent.record(Self.change(count + 7, payload: heavy * 8), of: "list")
        #expect(recent.changes(of: "list", after: count + 6, upTo: count + 7)?.count == 1)
        #expect(recent.changes(of: "list", after: count + 5, upTo: count + 7) == nil)
        // One change over the whole budget is not kept at all.
        recent.record(Self.change(count + 8, payload: RecentChanges.maximumWeight * 8 + 8), of: "list")
        #expect(recent.changes(of: "list", after: count + 7, upTo: count + 8) == nil)
    }
}
