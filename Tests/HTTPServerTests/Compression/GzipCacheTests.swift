// HTTPServerTests — compressed bodies kept within a budget

import TestSupport
import Testing

@testable import HTTPServer

@Suite("Compressed bodies kept by path and entity tag within a budget")
struct GzipCacheTests {
    private func key(_ index: Int, path: String = "/d/x/fragment") -> GzipCache.Key {
        GzipCache.Key(path: path, etag: "\"t\(index)\"", identityCount: 4096)
    }

    @Test("a body is found by its path, tag and identity length, and by nothing else")
    func lookup() {
        let cache = GzipCache(byteLimit: 1 << 20)
        cache.keep([1, 2, 3], for: key(1))
        #expect(cache.bytes(for: key(1)) == [1, 2, 3])
        #expect(cache.bytes(for: key(1, path: "/other")) == nil)
        #expect(cache.bytes(for: key(2)) == nil)
        #expect(cache.bytes(for: GzipCache.Key(path: "/d/x/fragment", etag: "\"t1\"", identityCount: 4095)) == nil)
        cache.keep([9], for: key(1))
        #expect(cache.bytes(for: key(1)) == [1, 2, 3], "the first body kept stays")
    }

    @Test("the bytes and entries kept never pass the budget, whatever is kept", arguments: [UInt64(1), 2, 3])
    func bounded(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let cache = GzipCache(byteLimit: 64 * 1024, entryLimit: 40)
        for index in 0..<2_000 {
            let size = Int(random.next() % 9_000)
            cache.keep([UInt8](repeating: 7, count: size), for: key(Int(random.next() % 300)))
            if random.next() % 3 == 0 { _ = cache.bytes(for: key(Int(random.next() % 300))) }
            let usage = cache.usage
            #expect(usage.bytes <= 64 * 1024 && usage.entries <= 40, "after \(index) insertions")
        }
        cache.keep([UInt8](repeating: 1, count: 8 * 1024 + 1), for: key(1_000))
        #expect(cache.bytes(for: key(1_000)) == nil, "more than an eighth of the budget is not kept")
    }

    @Test("a body used since the hand last passed stays while bodies used once go")
    func secondChance() {
        // Room for about eight bodies of 1000 bytes (an array's capacity is its size rounded up).
        let cache = GzipCache(byteLimit: 8 * 1100)
        cache.keep([UInt8](repeating: 0, count: 1000), for: key(0, path: "/app.js"))
        for index in 1..<200 {
            #expect(cache.bytes(for: key(0, path: "/app.js")) != nil, "the file is still kept at \(index)")
            cache.keep([UInt8](repeating: 0, count: 1000), for: key(index))
        }
        #expect(cache.bytes(for: key(1)) == nil, "a window asked for once has gone")
        #expect(cache.usage.bytes <= 8 * 1100)
    }

    @Test("a budget of nothing keeps nothing")
    func empty() {
        let cache = GzipCache(byteLimit: 0)
        cache.keep([1], for: key(1))
        #expect(cache.bytes(for: key(1)) == nil)
        #expect(cache.usage.entries == 0)
    }
}
