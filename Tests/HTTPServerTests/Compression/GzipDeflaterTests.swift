// HTTPServerTests — gzip through the system zlib, checked by zlib's own inflate

import TestSupport
import Testing

@testable import HTTPServer

@Suite("Gzip bodies and streams through zlib")
struct GzipDeflaterTests {
    /// Random bytes: a small alphabet (so that they compress) or any byte (so that they do not).
    private static func sample(_ count: Int, seed: UInt64, alphabet: Int = 256) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt8(truncatingIfNeeded: Int(random.next() % UInt64(alphabet))) }
    }

    private static let text = Array(
        String(repeating: "<div class=\"row\" style=\"top:44px\"><span>Ada Lovelace</span></div>\n", count: 200).utf8)

    @Test("a body inflates to exactly its bytes, at every level and size", arguments: [1, 6, 9])
    func roundTrip(level: Int) throws {
        let deflater = try GzipDeflater(level: level)
        for (seed, count) in [0, 1, 2, 100, 1023, 1024, 4096, 65_535, 65_536, 200_001].enumerated() {
            for alphabet in [4, 256] {
                let body = Self.sample(count, seed: UInt64(seed), alphabet: alphabet)
                let compressed = try #require(body.withUnsafeBytes { deflater.member(of: $0) })
                #expect(try Gunzip.inflate(compressed) == body, "seed \(seed), \(count) bytes, alphabet \(alphabet)")
                #expect(Array(compressed.prefix(3)) == [0x1f, 0x8b, 8], "the gzip magic and deflate")
            }
        }
        let compressed = try #require(Self.text.withUnsafeBytes { deflater.member(of: $0) })
        #expect(compressed.count * 10 < Self.text.count, "repeated text shrinks")
        #expect(try Gunzip.inflate(compressed) == Self.text)
    }

    @Test("one deflater compresses body after body, each on its own")
    func reused() throws {
        let deflater = try GzipDeflater(level: 6)
        var random = SplitMix64(seed: 38)
        for round in 0..<50 {
            let body = Self.sample(Int(random.next() % 20_000), seed: UInt64(round), alphabet: 16)
            let first = try #require(body.withUnsafeBytes { deflater.member(of: $0) })
            let again = try #require(body.withUnsafeBytes { deflater.member(of: $0) })
            #expect(first == again, "a reset deflater carries nothing over")
            #expect(try Gunzip.inflate(first) == body)
        }
    }

    @Test("a stream's segments inflate as each arrives, and its end checks the CRC and length of them all")
    func segments() throws {
        let deflater = try GzipDeflater(level: 6)
        for seed in UInt64(0)..<8 {
            var random = SplitMix64(seed: seed)
            var state = GzipStream()
            let gunzip = try Gunzip()
            var sent: [UInt8] = []
            for index in 0..<Int(random.next() % 12) {
                let event =
                    Array("id: \(index)\nevent: change\ndata: {\"version\":\(index)}\n\n".utf8)
                    + Self.sample(Int(random.next() % 3000), seed: seed &+ UInt64(index), alphabet: 8)
                // Another body in between, as the loop's deflater compresses for every connection: a stream
                // keeps no zlib state of its own.
                _ = Self.text.withUnsafeBytes { deflater.member(of: $0) }
                let segment = try #require(event.withUnsafeBytes { deflater.segment(of: $0, &state) })
                #expect(try gunzip.inflate(segment) == event, "seed \(seed): event \(index) inflates at once")
                sent += event
            }
            #expect(!gunzip.isFinished)
            let end = try #require(deflater.end(&state))
            #expect(try gunzip.inflate(end).isEmpty)
            #expect(gunzip.isFinished, "seed \(seed): the trailer matched \(sent.count) bytes")
            #expect(state.count == UInt32(sent.count))
        }
    }

    @Test("a stream that ends with nothing written is still one valid empty member")
    func emptyStream() throws {
        let deflater = try GzipDeflater(level: 6)
        var state = GzipStream()
        let end = try #require(deflater.end(&state))
        #expect(try Gunzip.inflate(end).isEmpty)
        let empty = try #require(deflater.member(of: UnsafeRawBufferPointer(start: nil, count: 0)))
        #expect(try Gunzip.inflate(empty).isEmpty)
    }

    @Test("levels out of range are clamped")
    func clamped() throws {
        #expect(try GzipDeflater(level: 0).level == 1)
        #expect(try GzipDeflater(level: 12).level == 9)
    }
}
