// ListStoreTests — DatasetStore event log
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore event log")
struct StoreEventLogTests {
    @Test(
        "events come back in version order after a given version, at most limit of them",
        arguments: StoreBackend.available)
    func ordering(_ backend: StoreBackend) throws {
        var model = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 3)
        let other = StoreFixtures.dataset(id: "other", sections: 1, rowsPerSection: 1)
        try StoreFixtures.withStore(backend, holding: [model, other]) { store, _ in
            for step in 1...5 {
                try StoreFixtures.commitEdit(of: &model, to: store, eventPayload: Array("change \(step)".utf8)) {
                    $0.sections[0].rows[0].fields["title"] = .string("v\(step)")
                }
            }
            try store.appendEvent(datasetID: "other", version: 7, payload: [7])

            let all = try store.events(datasetID: "list", after: 0, limit: 100)
            #expect(all.map(\.version) == [2, 3, 4, 5, 6])
            #expect(all.map { String(decoding: $0.payload, as: UTF8.self) } == (1...5).map { "change \($0)" })
            #expect(try store.events(datasetID: "list", after: 3, limit: 2).map(\.version) == [4, 5])
            #expect(try store.events(datasetID: "list", after: 6, limit: 10).isEmpty)
            #expect(
                try store.events(datasetID: "other", after: 0, limit: 10) == [StoredEvent(version: 7, payload: [7])])
            #expect(try store.events(datasetID: "ghost", after: 0, limit: 10).isEmpty)
            #expect(try store.oldestEventVersion(datasetID: "list") == 2)
            #expect(try store.oldestEventVersion(datasetID: "ghost") == nil)
            #expect(throws: StoreError.datasetNotFound("ghost")) {
                try store.appendEvent(datasetID: "ghost", version: 1, payload: [])
            }
        }
    }

    @Test("the log keeps only the last events of each dataset", arguments: StoreBackend.available)
    func pruning(_ backend: StoreBackend) throws {
        let datasets = ["a", "b"].map { StoreFixtures.dataset(id: $0, sections: 1, rowsPerSection: 1) }
        try StoreFixtures.withStore(backend, holding: datasets, eventRetention: 10) { store, _ in
            for version in Int64(2)...40 {
                try store.commit(
                    StoredChange(
                        datasetID: "a", expectedVersion: version - 1, newVersion: version, nextID: 3,
                        eventPayload: [UInt8(version)]))
            }
            for version in Int64(1)...4 { try store.appendEvent(datasetID: "b", version: version, payload: []) }
            let kept = try store.events(datasetID: "a", after: 0, limit: 1_000)
            #expect(kept.map(\.version) == Array(31...40))
            #expect(kept.map(\.payload) == (31...40).map { [UInt8($0)] })
            #expect(try store.oldestEventVersion(datasetID: "a") == 31)
            #expect(try store.events(datasetID: "b", after: 0, limit: 1_000).count == 4)
        }
    }

    @Test(
        "a commit without an event payload logs nothing and still raises the version",
        arguments: StoreBackend.available)
    func commitWithoutEvent(_ backend: StoreBackend) throws {
        let dataset = StoreFixtures.dataset(id: "a", sections: 1, rowsPerSection: 1)
        try StoreFixtures.withStore(backend, holding: [dataset]) { store, _ in
            try store.commit(StoredChange(datasetID: "a", expectedVersion: 1, newVersion: 2, nextID: 9))
            #expect(try store.events(datasetID: "a", after: 0, limit: 10).isEmpty)
            let loaded = try #require(try store.load(id: "a"))
            #expect(loaded.version == 2)
            #expect(loaded.nextID == 9)
        }
    }
}
