// ListStoreTests — what a PostgreSQL store's watch is told
import Foundation
import Models
import Synchronization
import TestSupport
import Testing

@testable import ListStore

@Suite(
    "PostgreSQL notifications",
    .enabled(
        if: StoreBackend.databaseURL != nil,
        Comment(rawValue: "not run: set LISTSERVER_TEST_DATABASE_URL to test PostgreSQL's notifications")))
struct PostgresListenerTests {
    @Test("a watch is told resync first, then every commit, replace and delete of any store with id, key and version")
    func watchSeesEveryWrite() throws {
        let dataset = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 2)
        try StoreFixtures.withStore(.postgres) { (store, location) throws in
            let watcher = try #require(try location.open() as? PostgresStore)
            defer { watcher.close() }
            let notices = NoticeLog()
            let watch = watcher.watch(pollInterval: .seconds(60)) { arrived in notices.append(arrived) }
            defer { watch.stop() }
            #expect(Self.waitFor(notices) { $0.contains(StoreNotice.resync) })

            try store.insert([dataset], replacing: false)
            let key = try #require(try store.stamps().first?.key)
            try store.commit(StoredChange(datasetID: "list", expectedVersion: 1, newVersion: 2, nextID: 9))
            try store.deleteDataset(id: "list")
            let expected: [StoreNotice] = [
                .changed(id: "list", key: key, version: 1), .changed(id: "list", key: key, version: 2),
                .changed(id: "list", key: key, version: nil),
            ]
            #expect(Self.waitFor(notices) { $0.filter { $0 != .resync } == expected })
        }
    }

    @Test("a refused commit sends nothing")
    func refusedCommitIsSilent() throws {
        let dataset = StoreFixtures.dataset(id: "list", sections: 1, rowsPerSection: 2)
        try StoreFixtures.withStore(.postgres, holding: [dataset]) { (store, _) throws in
            let postgres = try #require(store as? PostgresStore)
            let notices = NoticeLog()
            let watch = postgres.watch(pollInterval: .seconds(60)) { arrived in notices.append(arrived) }
            defer { watch.stop() }
            #expect(Self.waitFor(notices) { $0.contains(StoreNotice.resync) })
            #expect(throws: StoreError.self) {
                try store.commit(StoredChange(datasetID: "list", expectedVersion: 7, newVersion: 8, nextID: 9))
            }
            try store.commit(StoredChange(datasetID: "list", expectedVersion: 1, newVersion: 2, nextID: 9))
            #expect(Self.waitFor(notices) { $0.contains { if case .changed = $0 { true } else { false } } })
            #expect(notices.all.filter { $0 != .resync }.count == 1)
        }
    }

    @Test("payloads read back as notices, and malformed ones are ignored")
    func payloads() {
        #expect(PostgresListener.parse("12 3 my-list") == .changed(id: "my-list", key: 3, version: 12))
        #expect(PostgresListener.parse("- 3 gone") == .changed(id: "gone", key: 3, version: nil))
        #expect(PostgresListener.parse("x 3 a") == nil)
        #expect(PostgresListener.parse("1 3") == nil)
        #expect(PostgresListener.parse("") == nil)
    }

    /// Waits up to five seconds for `condition` to hold on what the watch was told.
    private static func waitFor(_ notices: NoticeLog, _ condition: ([StoreNotice]) -> Bool) -> Bool {
        for _ in 0..<500 {
            if condition(notices.all) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }
}

/// What a watch was told, in order.
final class NoticeLog: Sendable {
    private let notices = Mutex<[StoreNotice]>([])
    func append(_ arrived: [StoreNotice]) { notices.withLock { $0 += arrived } }
    var all: [StoreNotice] { notices.withLock { $0 } }
}
