// ListServer — ListServerTests
import Models
import Testing

@testable import ListServer

@Suite("ExpandedSections")
struct ExpandedSectionsTests {
    @Test("all, none, ids and ranges are read", arguments: [
        ("all", ExpandedSections.all), ("none", .none), ("", .none),
        ("3", .ids([SectionID(3)])), ("3,5,9-11", .ids(Set([3, 5, 9, 10, 11].map { SectionID($0) }))),
    ])
    func parses(text: String, expected: ExpandedSections) throws {
        #expect(try ExpandedSections.parse(text) == expected)
    }

    @Test("the compact form writes runs as ranges and reads back the same set")
    func compactFormRoundTrips() throws {
        let set = ExpandedSections.ids(Set([1, 2, 3, 7, 9, 10].map { SectionID($0) }))
        #expect(set.description == "1-3,7,9-10")
        #expect(try ExpandedSections.parse(set.description) == set)
    }

    @Test("bad lists are refused with 400 naming the part", arguments: ["a", "3-1", "-2", "1,x-2", "0-200000"])
    func refuses(text: String) {
        #expect(throws: HTTPError.self) { try ExpandedSections.parse(text) }
        do {
            _ = try ExpandedSections.parse(text)
        } catch {
            #expect(error.status == 400)
        }
    }
}
