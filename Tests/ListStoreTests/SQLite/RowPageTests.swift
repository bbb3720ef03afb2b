// ListStoreTests — SQLite keeps rows in pages of 64 ids
import Models
import TestSupport
import Testing

@testable import ListStore

@Suite("SQLite keeps rows in pages of 64 ids")
struct RowPageTests {
    @Test("a page blob reads back its rows in id order, and a damaged one is refused")
    func pageRoundTrip() throws {
        var page = RowPage()
        for id: Int64 in [130, 128, 191, 129] { page.set(id, [UInt8(id & 0xFF), 1]) }
        page.set(129, [9])
        page.remove(191)
        page.remove(150)
        #expect(page.rows.map(\.id) == [128, 129, 130])
        let blob = page.encoded(page: 2)
        let read = try blob.withUnsafeBytes { try RowPage($0, page: 2) }
        #expect(read.rows.map(\.id) == [128, 129, 130])
        #expect(read.rows.map(\.encoding) == [[128, 1], [9], [130, 1]])
        for cut in 0..<blob.count {
            let prefix = Array(blob.prefix(cut))
            #expect(throws: RowPage.Damage.self) { try prefix.withUnsafeBytes { try RowPage($0, page: 2) } }
        }
        let fields: Fields = ["name": .string("a row whose name is longer than fifteen bytes"), "n": .int(-3)]
        var fromFields: [UInt8] = []
        RowPage.append(count: 1, page: 2, to: &fromFields) { each in each(131, .fields(fields)) }
        var fromBytes: [UInt8] = []
        RowPage.append(count: 1, page: 2, to: &fromBytes) { each in each(131, .bytes(PackedFields.encode(fields))) }
        #expect(fromFields == fromBytes)
        var unordered = blob
        unordered[1] = 5  // the first row's slot after the second's
        #expect(throws: RowPage.Damage.self) { try unordered.withUnsafeBytes { try RowPage($0, page: 2) } }
        #expect(throws: RowPage.Damage.self) { try (blob + [0]).withUnsafeBytes { try RowPage($0, page: 2) } }
    }

    @Test("rows stored out of id order, across page boundaries, load back in their sections' order")
    func rowsOutOfOrder() throws {
        var dataset = StoreFixtures.dataset(id: "list", sections: 3, rowsPerSection: 90)
        dataset.sections[0].rows.reverse()
        dataset.sections.swapAt(0, 2)
        let moved = dataset.sections[1].rows.remove(at: 40)
        dataset.sections[0].rows.insert(moved, at: 3)
        try StoreFixtures.withStore(.sqlite, holding: [dataset]) { store, location in
            #expect(try store.loadAll() == [dataset])
            let counts = try StoreFixtures.counts(location)
            #expect(counts.rows == 270)
        }
    }

    @Test("a commit rewrites the pages it touches, deletes a page left empty and creates new ones")
    func commitsRewritePages() throws {
        let dataset = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 100)
        try StoreFixtures.withStore(.sqlite, holding: [dataset]) { store, location in
            var current = dataset
            var random = SystemRandomNumberGenerator()
            for step in 0..<30 {
                var next = current
                next.version += 1
                let section = Int.random(in: 0..<next.sections.count, using: &random)
                switch step % 3 {
                case 0 where !next.sections[section].rows.isEmpty:
                    let count = Int.random(in: 1...min(70, next.sections[section].rows.count), using: &random)
                    next.sections[section].rows.removeFirst(count)
                case 1 where !next.sections[section].rows.isEmpty:
                    let row = Int.random(in: 0..<next.sections[section].rows.count, using: &random)
                    next.sections[section].rows[row].fields["title"] = .string("step \(step)")
                default:
                    for _ in 0..<Int.random(in: 1...80, using: &random) {
                        let id = RowID(next.makeID())
                        let fields: Fields = ["title": .string("new \(id.rawValue)")]
                        next.sections[section].rows.append(Row(id: id, fields: fields))
                    }
                }
                try store.commit(StoredChange(from: current, to: next, eventPayload: nil))
                #expect(try store.load(id: "list") == next)
                current = next
            }
            let counts = try StoreFixtures.counts(location)
            #expect(counts.rows == current.rowCount)
            let pages = Set(current.sections.flatMap(\.rows).map { RowPage.number(of: $0.id.rawValue) })
            #expect(try location.scalar("SELECT count(*) FROM rows_1") == Int64(pages.count))
        }
    }
}
