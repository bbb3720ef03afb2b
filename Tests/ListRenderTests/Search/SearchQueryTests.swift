// ListRenderTests — the query's scan against a naive one, and its folding
import Testing

@testable import ListRender

@Suite("Search query: the scan finds what a naive scan finds; folding is lowercased() scalar by scalar")
struct SearchQueryTests {
    @Test("firstMatch finds the first occurrence from every start, in haystacks of every length up to 80")
    func scanOracle() throws {
        var random = SearchIndexTests.Random(state: 5)
        let alphabet: [UInt8] = Array("ab c".utf8) + [0xFF, 0xE6, 0x9E]
        for length in 0...80 {
            let haystack = (0..<length).map { _ in alphabet[random.next(alphabet.count)] }
            for _ in 0..<6 {
                let needle = String(decoding: (0..<(1 + random.next(4))).map { _ in alphabet[random.next(4)] }, as: UTF8.self)
                let query = try #require(SearchQuery(needle))
                let bytes = query.folded
                haystack.withUnsafeBufferPointer { buffer in
                    for start in 0...length {
                        let naive = start > length - bytes.count ? nil : (start...(length - bytes.count)).first {
                            haystack[$0..<($0 + bytes.count)].elementsEqual(bytes)
                        }
                        #expect(query.firstMatch(in: buffer, from: start) == naive, "\(haystack) \(needle) \(start)")
                    }
                }
            }
        }
    }

    @Test("folding agrees with String.lowercased() on Latin, Greek, Cyrillic, CJK, emoji and expanding scalars")
    func folding() {
        for text in ["Hello WORLD", "ÀÉÎÕÜ Ÿ Ǆ", "ΟΔΥΣΣΕΑΣ Ωμέγα", "ЁЛКА Ѐ Ӂ", "林小雨 今天", "🏃‍♀️ 👍🏽", "İ ẞ Ꙁ 𐐀", "e\u{301}"] {
            #expect(TextFolding.folded(text) == Array(text.lowercased().utf8), "\(text)")
        }
    }
}
