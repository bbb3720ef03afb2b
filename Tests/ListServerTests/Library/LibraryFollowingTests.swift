// ListServerTests — catching up with what other processes committed to the store
import Foundation
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("Following the store: catching up with other processes' batches")
struct LibraryFollowingTests {
    private func deleteRow(_ row: Int, from version: Int64, in library: Library) throws {
        let batch = try BatchRequest.parse(Array(#"{"baseVersion":\#(version),"deleteRows":[\#(row)]}"#.utf8))
        _ = try library.apply(batch, to: "list")
    }

    @Test("a stamp older than the version held changes nothing; a newer one is replayed as change events")
    func staleStampIsIgnored() throws {
        try StoreFixtures.withDirectory { directory in
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            try store.insert(EventsFixture.defaultDatasets, replacing: false)
            let library = Library(store: store, datasets: try store.loadAll())
            // Another process on the same store: a second library over it.
            let other = Library(store: store, datasets: try store.loadAll())
            let stale = try #require(try store.stamps().first { $0.id == "list" })

            // This process commits after the resync read its stamps, before the resync took the lock.
            try deleteRow(2, from: stale.version, in: library)
            let held = try #require(library.entry("list"))
            let stream = RecordingStream()
            #expect(library.events.subscribe(datasetID: "list", stream: stream) { held.dataset.version })
            try library.writer.withLock { _ in try library.catchUpLocked("list", stamp: stale) }
            #expect(library.entry("list") === held, "the dataset was read back whole")
            #expect(stream.text.isEmpty, "subscribers were sent \(stream.text)")

            // The other process commits the next version: the stream gets it as a change, not a reload.
            let current = try #require(try store.stamps().first { $0.id == "list" })
            try other.writer.withLock { _ in try other.catchUpLocked("list", stamp: current) }
            try deleteRow(3, from: held.dataset.version, in: other)
            let fresh = try #require(try store.stamps().first { $0.id == "list" })
            #expect(fresh.version == held.dataset.version + 1)
            try library.writer.withLock { _ in try library.catchUpLocked("list", stamp: fresh) }
            #expect(library.entry("list")?.dataset.version == fresh.version)
            #expect(stream.text.hasPrefix("id: \(fresh.version)\nevent: change\n"), "\(stream.text)")
            #expect(!stream.text.contains("reload"))
        }
    }
}
