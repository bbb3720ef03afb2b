// ListServerTests — a window request read from its query's bytes: the one pass and the items agree
import HTTPServer
import Testing

@testable import ListServer

@Suite("Window requests read from their bytes")
struct WindowRequestBytesTests {
    private static func plain(_ query: String) -> WindowRequest? {
        Array(query.utf8).withUnsafeBytes { WindowRequest(usualQuery: $0) }
    }

    private static func read(_ query: String) -> WindowRequest? {
        Array(query.utf8).withUnsafeBytes { try? WindowRequest(query: $0) }
    }

    private static func general(_ query: String) -> WindowRequest? {
        try? WindowRequest(HTTPQuery(query))
    }

    @Test("the usual queries are read in one pass, as the general reader reads them")
    func usualQueries() throws {
        for query in [
            "", "top=0", "top=30219760&height=800&overscan=200&expanded=all", "height=800&top=44",
            "top=0&expanded=1-2,7", "top=0&expanded=none", "top=12&width=375", "anchor=3&top=20", "section=4",
            "editing=true&top=0", "editing=0", "editing=false&editing2=x", "q=ann&top=0", "child=&top=5",
            "top=5&&height=300&", "unknown=1&top=9", "top=000123", "top=999999999999",
        ] {
            let read = try #require(Self.plain(query), "\(query)")
            #expect(read == Self.general(query), "\(query)")
            #expect(Self.read(query) == read, "\(query)")
        }
        let request = try #require(Self.plain("top=120&height=500&overscan=200&expanded=all&width=390&anchor=7"))
        #expect(request.top == 120 && request.height == 500 && request.overscan == 200)
        #expect(request.expanded == .all && request.width == 390 && request.anchor?.rawValue == 7)
    }

    @Test("anything else is left to the general reader, which reads it or refuses it")
    func otherQueries() {
        for query in [
            "top=%31%30", "t%6Fp=60&top=0", "q=a+b", "top=7.5", "top=-20", "top=1e3", "top=", "top",
            "top=1&top=2", "top=abc", "height=20001", "height=-1", "overscan=5001", "width=100001",
            "top=1000000000001", "expanded=x", "editing=maybe", "editing", "child=12", "=5", "anchor=-3",
            "section=-1", "top=1234567890123456",
        ] {
            #expect(Self.plain(query) == nil, "\(query)")
            #expect(Self.read(query) == Self.general(query), "\(query)")
        }
        // The general reader answers these as it always has: some are windows, others errors.
        #expect(Self.general("top=%31%30")?.top == 10)
        #expect(Self.general("top=1&top=2")?.top == 1)
        #expect(Self.general("top=7.5")?.top == 7.5)
        #expect(Self.general("height=20001") == nil)
        #expect(Self.general("editing=maybe") == nil)
    }
}
