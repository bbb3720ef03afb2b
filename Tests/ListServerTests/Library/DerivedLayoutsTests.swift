// ListServerTests — derived layouts kept within their count and their bytes
import ListRender
import Testing

@testable import ListServer

@Suite("Derived layouts")
struct DerivedLayoutsTests {
    /// A layout of one section of `rows` rows whose heights differ, as self-sizing rows' do.
    private static func layout(rows: Int) -> TableLayout {
        let heights = (0..<rows).map { Double(44 + $0 % 7) }
        return TableLayout(style: .plain, sections: [SectionMetrics(rowHeights: .individual(heights))])
    }

    private static func key(width: Double) -> DerivedLayouts.Key {
        DerivedLayouts.Key(expanded: .all, hasInsertionRows: false, width: width)
    }

    @Test("a layout's rows are counted only when it holds them, about nine bytes a row")
    func storageBytes() {
        let layout = Self.layout(rows: 100_000)
        let withRows = layout.storageBytes(countingRows: true)
        let sectionsOnly = layout.storageBytes(countingRows: false)
        #expect(sectionsOnly < 1_000)
        #expect(withRows >= 800_000 && withRows <= 1_000_000)
        let uniform = TableLayout(style: .plain, sections: [SectionMetrics(rowHeights: .uniform(count: 100_000, height: 44))])
        #expect(uniform.storageBytes(countingRows: true) < 1_000)
    }

    @Test("a client rotating widths keeps no more than the budget: the least recently used go first")
    func boundedByBytes() throws {
        let layout = Self.layout(rows: 100_000)
        let bytes = layout.storageBytes(countingRows: true)
        let cache = DerivedLayouts(countLimit: 32, byteLimit: 3 * bytes)
        for width in stride(from: 320.0, through: 1_600, by: 40) {
            cache.keep(SharedLayout(layout), bytes: bytes, for: Self.key(width: width))
            // The width asked for first stays in use, as a person's own page does.
            _ = cache.layout(for: Self.key(width: 320))
            #expect(cache.kept.bytes <= 3 * bytes)
        }
        #expect(cache.kept.count == 3)
        #expect(cache.contains(Self.key(width: 320)))
        #expect(cache.contains(Self.key(width: 1_600)))
        #expect(cache.contains(Self.key(width: 1_560)))
        #expect(!cache.contains(Self.key(width: 1_520)))
    }

    @Test("the layout kept last stays even when it alone is over the budget, and the count is bounded too")
    func lastStaysAndCountBounds() {
        let small = SharedLayout(Self.layout(rows: 10))
        let cache = DerivedLayouts(countLimit: 4, byteLimit: 1_000)
        for width in [320.0, 360, 400, 440, 480] { cache.keep(small, bytes: 10, for: Self.key(width: width)) }
        #expect(cache.kept.count == 4)
        #expect(!cache.contains(Self.key(width: 320)))
        cache.keep(small, bytes: 5_000, for: Self.key(width: 520))
        #expect(cache.kept.count == 1)
        #expect(cache.kept.bytes == 5_000)
        #expect(cache.layout(for: Self.key(width: 520)) === small)
        cache.keep(small, bytes: 10, for: Self.key(width: 520))
        #expect(cache.kept.bytes == 10)
    }
}
