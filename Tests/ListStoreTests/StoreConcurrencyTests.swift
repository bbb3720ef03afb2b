// ListStoreTests — two stores on the same data, as two server processes have
import Foundation
import Models
import Synchronization
import TestSupport
import Testing

@testable import ListStore

@Suite("DatasetStore shared by two connections")
struct StoreConcurrencyTests {
    @Test(
        "two stores committing from the same version at once accept exactly one, every time",
        arguments: StoreBackend.available)
    func oneOfTwoConcurrentCommitsWins(_ backend: StoreBackend) throws {
        let dataset = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 3)
        try StoreFixtures.withStore(backend, holding: [dataset]) { (first, location) throws in
            let second = try location.open()
            defer { second.close() }
            let stores: [any DatasetStore] = [first, second]
            for round in Int64(1)...15 {
                let outcomes = Mutex<[String]>([])
                try concurrently(2) { index in
                    let change = StoredChange(
                        datasetID: "list", expectedVersion: round, newVersion: round + 1, nextID: 100,
                        eventPayload: [UInt8(index)])
                    do {
                        try stores[index].commit(change)
                        outcomes.withLock { $0.append("ok") }
                    } catch StoreError.versionConflict(_, let expected, let found) {
                        outcomes.withLock { $0.append("conflict \(expected)→\(found)") }
                    } catch {
                        outcomes.withLock { $0.append("\(error)") }
                    }
                }
                let results = outcomes.withLock { $0 }.sorted()
                #expect(results == ["conflict \(round)→\(round + 1)", "ok"], "round \(round)")
            }
            #expect(try first.load(id: "list")?.version == 16)
            #expect(try second.events(datasetID: "list", after: 0, limit: 100).map(\.version) == Array(2...16))
        }
    }

    @Test("a dataset stored through one store is read by another", arguments: StoreBackend.available)
    func writesAreSeenByOthers(_ backend: StoreBackend) throws {
        let datasets = StoreFixtures.datasets()
        try StoreFixtures.withStore(backend) { (first, location) throws in
            let second = try location.open()
            defer { second.close() }
            try first.insert(datasets, replacing: false)
            #expect(try second.loadAll() == datasets)
            #expect(try second.stamps() == first.stamps())
            #expect(throws: StoreError.datasetExists("friends")) { try second.insert([datasets[0]], replacing: false) }
            #expect(try second.deleteDataset(id: "friends"))
            #expect(try first.load(id: "friends") == nil)
        }
    }
}
