// ListServerTests — ExpandedSections
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("ExpandedSections")
struct ExpandedSectionsTests {
    @Test("merging sorted ranges covers the same ids as disjoint, non-touching ranges, for every pair and triple in 0…5")
    func mergingMatchesNaiveSets() {
        let all = (Int64(0)...5).flatMap { low in (low...5).map { low...$0 } }
        var cases = all.map { [$0] }
        for a in all { for b in all { cases.append([a, b]) } }
        for a in all { for b in all { for c in all { cases.append([a, b, c]) } } }
        for ranges in cases {
            let sorted = ranges.sorted { $0.lowerBound < $1.lowerBound }
            let merged = ExpandedSections.merging(sorted)
            let ids = Set(ranges.flatMap { Array($0) })
            #expect(Set(merged.flatMap { Array($0) }) == ids, "\(sorted)")
            for (left, right) in zip(merged, merged.dropFirst()) {
                #expect(left.upperBound + 1 < right.lowerBound, "\(sorted) gave \(merged)")
            }
        }
        #expect(ExpandedSections.merging([]).isEmpty)
    }

    @Test("all, none, ids and ranges are read", arguments: [
        ("all", [1, 2, 99], [Int64]()), ("none", [], [1, 2]), ("", [], [1]),
        ("3", [3], [2, 4]), ("3,5,9-11", [3, 5, 9, 10, 11], [4, 6, 8, 12]), ("11-9", [9, 10, 11], [8, 12]),
    ])
    func parses(text: String, expanded: [Int64], collapsed: [Int64]) throws {
        let set = try ExpandedSections.parse(text)
        for id in expanded { #expect(set.contains(SectionID(id))) }
        for id in collapsed { #expect(!set.contains(SectionID(id))) }
    }

    @Test("the compact form merges runs into ranges and reads back the same set")
    func compactFormRoundTrips() throws {
        let set = try ExpandedSections.parse("9,1,2,3,7,10")
        #expect(set.description == "1-3,7,9-10")
        #expect(try ExpandedSections.parse(set.description) == set)
    }

    @Test("bad lists are refused with 400", arguments: ["a", "-2", "1,x-2", "1,,2", "0x10", "1234567890123456"])
    func refuses(text: String) {
        do {
            _ = try ExpandedSections.parse(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.status == 400)
        }
    }

    @Test("toggling a section matches toggling it in a plain set of ids, from all, none and ranges")
    func togglingMatchesASetOfIDs() {
        // Ids with gaps and out of order, as a dataset's sections have them after moves and deletes.
        let ids = [5, 1, 2, 3, 9, 10, 12, 7, 8].map { SectionID(Int64($0)) }
        let all = ExpandedSections.ranges(of: ids)
        #expect(all == [1...3, 5...5, 7...10, 12...12])
        let starts: [ExpandedSections] = [.all, .none, .ranges([2...3, 9...9]), .ranges([1...12])]
        // From all with a single section: toggling it off leaves none.
        var single: [UInt8] = []
        ExpandedSections.all.writeToggling(SectionID(4), allIDs: [4...4], to: &single)
        #expect(String(decoding: single, as: UTF8.self) == "none")
        #expect(ExpandedSections.all.toggling(SectionID(4), allIDs: [4...4]).description == "none")
        for start in starts {
            for id in ids {
                let members = Set(ids.filter { start.contains($0) }.map(\.rawValue))
                let expected = members.symmetricDifference([id.rawValue])
                let toggled = start.toggling(id, allIDs: all)
                #expect(Set(ids.filter { toggled.contains($0) }.map(\.rawValue)) == expected, "\(start) \(id)")
                var written: [UInt8] = Array("expanded=".utf8)
                start.writeToggling(id, allIDs: all, to: &written)
                #expect(String(decoding: written, as: UTF8.self) == "expanded=" + toggled.description, "\(start) \(id)")
            }
        }
    }
}
