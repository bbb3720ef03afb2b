// ListServerTests — ResponseCache
import Foundation
import HTTPServer
import ListRender
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("ResponseCache")
struct ResponseCacheTests {
    private static func key(_ top: Double, _ format: ResponseCache.Key.Format = .json) -> ResponseCache.Key {
        ResponseCache.Key(format: format, top: top, height: 800, overscan: 0, expanded: .all)
    }

    @Test("a response asked for a second time is kept, and served from the cache after that")
    func hitAfterSecondMiss() {
        let cache = ResponseCache()
        var renders = 0
        let render = { () -> [UInt8] in
            renders += 1
            return Array("window".utf8)
        }
        #expect(cache.response(for: Self.key(0), render: render) == Array("window".utf8))
        #expect(cache.count == 0)
        for _ in 0..<3 { #expect(cache.response(for: Self.key(0), render: render) == Array("window".utf8)) }
        #expect(renders == 2)
        #expect(cache.count == 1)
    }

    @Test("windows asked for once each, as scrolling asks, are written and sent but not kept")
    func passingWindowsAreNotKept() {
        let cache = ResponseCache(maximumCount: 4, maximumBytes: 1 << 20, recentKeyCount: 64)
        for top in 0..<2 {
            _ = cache.response(for: Self.key(Double(top))) { [UInt8(top)] }
            _ = cache.response(for: Self.key(Double(top))) { [UInt8(top)] }
        }
        #expect(cache.count == 2)
        var renders = 0
        for top in 100..<1_100 {
            #expect(cache.response(for: Self.key(Double(top))) { renders += 1; return [1] } == [1])
        }
        #expect(renders == 1_000)
        // The two windows asked for twice are still there: the passing ones pushed nothing out.
        #expect(cache.count == 2)
        for top in 0..<2 { #expect(cache.response(for: Self.key(Double(top))) { [] } == [UInt8(top)]) }
    }

    @Test("each lane keeps its own responses: a window kept in one lane is written again in another")
    func lanesKeepTheirOwn() {
        let cache = ResponseCache(maximumCount: 4, maximumBytes: 1 << 20, recentKeyCount: 64, lanes: 2)
        var renders = 0
        let render = { () -> [UInt8] in
            renders += 1
            return [UInt8(renders)]
        }
        _ = cache.response(for: Self.key(0), lane: 0, render: render)
        let kept = cache.response(for: Self.key(0), lane: 0, render: render)
        #expect(cache.response(for: Self.key(0), lane: 0, render: render) == kept)
        #expect(renders == 2)
        // Lane 1 has not seen the key: it is written again, and kept only when asked for a second time.
        _ = cache.response(for: Self.key(0), lane: 1, render: render)
        #expect(renders == 3)
        #expect(cache.count == 1)
        let keptInLaneOne = cache.response(for: Self.key(0), lane: 1, render: render)
        #expect(renders == 4)
        #expect(cache.count == 2)
        // A lane number past the count wraps round: lane 3 is lane 1.
        #expect(cache.response(for: Self.key(0), lane: 3, render: render) == keptInLaneOne)
        #expect(cache.response(for: Self.key(0), lane: 2, render: render) == kept)
        #expect(renders == 4)
    }

    @Test("a key remembered as asked for once is forgotten when another takes its slot")
    func recentKeysAreBounded() {
        let cache = ResponseCache(maximumCount: 4, maximumBytes: 1 << 20, recentKeyCount: 1)
        var renders = 0
        for top in [0, 1, 0, 1] {
            _ = cache.response(for: Self.key(Double(top))) { renders += 1; return [UInt8(top)] }
        }
        #expect(renders == 4)
        #expect(cache.count == 0)
    }

    @Test("format, numbers and expanded sets are all part of the key")
    func keysDiffer() {
        let cache = ResponseCache()
        var renders = 0
        let keys = [
            Self.key(0), Self.key(0, .fragment), Self.key(1),
            ResponseCache.Key(format: .json, top: 0, height: 801, overscan: 0, expanded: .all),
            ResponseCache.Key(format: .json, top: 0, height: 800, overscan: 1, expanded: .all),
            ResponseCache.Key(format: .json, top: 0, height: 800, overscan: 0, expanded: .none),
            ResponseCache.Key(format: .json, top: 0, height: 800, overscan: 0, expanded: .ranges([3...3])),
        ]
        for _ in 0..<2 {
            for (index, key) in keys.enumerated() {
                #expect(cache.response(for: key) { renders += 1; return [UInt8(index)] } == [UInt8(index)])
            }
        }
        for (index, key) in keys.enumerated() {
            #expect(cache.response(for: key) { renders += 1; return [] } == [UInt8(index)])
        }
        #expect(renders == 2 * keys.count)
        #expect(cache.count == keys.count)
    }

    /// Asks for `key` twice, so that its response is kept.
    private static func keep(_ cache: ResponseCache, _ key: ResponseCache.Key, _ bytes: [UInt8]) {
        for _ in 0..<2 { _ = cache.response(for: key) { bytes } }
    }

    @Test("past its count the oldest responses are dropped first")
    func countBound() {
        let cache = ResponseCache(maximumCount: 4, maximumBytes: 1 << 20)
        for top in 0..<10 { Self.keep(cache, Self.key(Double(top)), [UInt8(top)]) }
        #expect(cache.count == 4)
        var rendered: [Int] = []
        for top in 0..<10 {
            _ = cache.response(for: Self.key(Double(top))) {
                rendered.append(top)
                return [UInt8(top)]
            }
        }
        // 6…9 were kept; 0…5 were rendered again, each (asked for before) pushing out the oldest kept one.
        #expect(rendered == Array(0..<10))
        #expect(cache.count == 4)
    }

    @Test("past its bytes the oldest responses are dropped, and a response too large is not kept")
    func byteBound() {
        let cache = ResponseCache(maximumCount: 100, maximumBytes: 800)
        for top in 0..<20 { Self.keep(cache, Self.key(Double(top)), [UInt8](repeating: 1, count: 100)) }
        #expect(cache.count == 8)
        var renders = 0
        _ = cache.response(for: Self.key(19)) { renders += 1; return [] }
        _ = cache.response(for: Self.key(11)) { renders += 1; return [UInt8](repeating: 1, count: 100) }
        #expect(renders == 1)
        Self.keep(cache, Self.key(-1), [UInt8](repeating: 1, count: 101))
        _ = cache.response(for: Self.key(-1)) { renders += 1; return [] }
        #expect(renders == 2)
    }

    @Test("a window asked for again after a change shows the change")
    func newVersionNewResponses() throws {
        try StoreFixtures.withDirectory { directory in
            let dataset = StoreFixtures.dataset(id: "list", sections: 2, rowsPerSection: 5)
            let store = try SQLiteStore(directory: directory)
            defer { store.close() }
            try store.insert([dataset], replacing: false)
            let library = Library(store: store, datasets: [dataset])
            let request = try WindowRequest(HTTPRequest(target: "/w?top=0&height=2000&expanded=all"))
            let first = WindowView.json(entry: try library.requireEntry("list"), request: request)
            #expect(first == WindowView(entry: try library.requireEntry("list"), request: request).json)
            #expect(WindowView.json(entry: try library.requireEntry("list"), request: request) == first)

            let rowID = dataset.sections[0].rows[0].id.rawValue
            let batch = try BatchRequest.parse(Array(#"{"baseVersion":1,"deleteRows":[\#(rowID)]}"#.utf8))
            _ = try library.apply(batch, to: "list")
            let after = WindowView.json(entry: try library.requireEntry("list"), request: request)
            #expect(after != first)
            #expect(after == WindowView(entry: try library.requireEntry("list"), request: request).json)
            let text = String(decoding: after, as: UTF8.self)
            #expect(text.contains("\"version\":2"))
            #expect(!text.contains("\"id\":\(rowID),"))

            let assets = AssetCatalog(directories: [], publicDirectory: ServerProcess.publicDirectory)
            let fragment = WindowView.fragment(entry: try library.requireEntry("list"), request: request, assets: assets)
            let view = WindowView(entry: try library.requireEntry("list"), request: request)
            #expect(fragment == FragmentRenderer.render(view.fragmentWindow(assets: assets)))
        }
    }
}
