// ListServerTests — JSONOutput
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

@Suite("JSONOutput")
struct JSONOutputTests {
    /// Strings that take every path of the string writer: plain, escaped, non-ASCII, separators.
    static let strings = [
        "", "a", "Ethan Zhou", "林小雨", "猫比人可爱 🐱", "<b>Tom & \"Jerry\"</b>", "back\\slash", "tab\there",
        "line\nbreak", "\u{0}\u{1}\u{1F}", "\u{7F}", "para\u{2028}sep\u{2029}", "arrow → é", "\u{E000}",
        "exactly fifteen", "a longer string that is not small at all, over thirty-two bytes",
    ]

    @Test("every field value is written byte for byte as JSONWriter writes it")
    func valuesMatchJSONWriter() {
        var values: [FieldValue] = Self.strings.map(FieldValue.string)
        values += [Int64.min, -1_234_567, -10, -9, -1, 0, 1, 9, 10, 99, 100, 1_284_503, Int64.max].map(FieldValue.int)
        values += [0.5, -0.0, 3.0, 1e100, 23.4, .infinity, .nan].map(FieldValue.real)
        values += [.bool(true), .bool(false), .null, .date(Date(timeIntervalSince1970: 1_714_564_800.25))]
        values += [.data([]), .data([0, 1, 2, 250, 251]), .array([]), .dict(Fields())]
        values.append(.array(values))
        values.append(.dict(Fields(values.enumerated().map { Field(Self.strings[$0 % Self.strings.count] + "\($0)", $1) })))
        for value in values {
            var json = JSONOutput(capacity: 1)
            json.value(value)
            #expect(json.bytes == JSONWriter.write(value), "\(value)")
        }
    }

    @Test("a document written in place reads as one written into a buffer and copied out, at every room")
    func inPlaceEqualsCopied() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<40 {
            let value = Self.randomValue(&random, depth: 0)
            let wanted = JSONWriter.write(value)
            for capacity in [0, 64, wanted.count - 1, wanted.count, wanted.count + 1, 10 * wanted.count] {
                #expect(JSONOutput.bytes(capacity: capacity) { $0.value(value) } == wanted, "room \(capacity)")
            }
        }
    }

    @Test("seeded random trees are written byte for byte as JSONWriter writes them")
    func randomTreesMatchJSONWriter() {
        var random = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let value = Self.randomValue(&random, depth: 0)
            var json = JSONOutput(capacity: 8)
            json.beginArray()
            json.int(1)
            json.value(value)
            json.endArray()
            #expect(json.bytes == Array("[1,".utf8) + JSONWriter.write(value) + [UInt8(ascii: "]")])
        }
    }

    @Test("a section index is written as its two members, between others, empty or not")
    func sectionIndexMembers() throws {
        for (titles, sections) in [([String](), [Int]()), (["A", "\"#\""], [0, 3])] {
            var json = JSONOutput(capacity: 8)
            json.beginObject()
            json.member("before", 1)
            json.sectionIndex(titles: titles, sections: sections)
            json.member("after", 2)
            json.endObject()
            let expected: FieldValue = .dict([
                "before": .int(1), "indexTitles": .array(titles.map(FieldValue.string)),
                "indexSections": .array(sections.map { .int(Int64($0)) }), "after": .int(2),
            ])
            #expect(try JSONReader.read(json.bytes) == expected)
        }
    }

    @Test("objects and arrays get their commas and read back as the same tree")
    func containersNest() throws {
        var json = JSONOutput(capacity: 8)
        json.beginObject()
        json.member("version", Int64(7))
        json.member("title", "A <list>")
        json.member("ok", true)
        json.member("height", number: 44)
        json.member("half", number: 0.5)
        json.key("none")
        json.null()
        json.key("rows")
        json.beginArray()
        for index in 0..<3 {
            json.beginObject()
            json.member("row", index)
            json.key("fields")
            json.fields(["name": .string("n\(index)"), "tags": .array([.int(1), .string("x")])])
            json.key("empty")
            json.beginArray()
            json.endArray()
            json.endObject()
        }
        json.endArray()
        json.key("last")
        json.beginArray()
        json.int(1)
        json.string("two")
        json.bool(false)
        json.value(.dict(["k": .null]))
        json.raw(Array("[3]".utf8))
        json.endArray()
        json.endObject()

        let rows = (0..<3).map { index -> FieldValue in
            .dict([
                "row": .int(Int64(index)),
                "fields": .dict(["name": .string("n\(index)"), "tags": .array([.int(1), .string("x")])]),
                "empty": .array([]),
            ])
        }
        let expected: FieldValue = .dict([
            "version": .int(7), "title": .string("A <list>"), "ok": .bool(true), "height": .int(44),
            "half": .real(0.5), "none": .null, "rows": .array(rows),
            "last": .array([.int(1), .string("two"), .bool(false), .dict(["k": .null]), .array([.int(3)])]),
        ])
        #expect(json.bytes == JSONWriter.write(expected))
        #expect(try JSONReader.read(json.bytes) == expected)
    }

    private static func randomValue(_ random: inout SplitMix64, depth: Int) -> FieldValue {
        let choice = Int.random(in: 0..<(depth < 3 ? 9 : 6), using: &random)
        switch choice {
        case 0: return .string(strings.randomElement(using: &random)!)
        case 1: return .int(Int64.random(in: Int64.min...Int64.max, using: &random) >> Int64.random(in: 0..<63, using: &random))
        case 2: return .real(Double.random(in: -1e6...1e6, using: &random))
        case 3: return .bool(Bool.random(using: &random))
        case 4: return .null
        case 5: return .string(String(repeating: "ab<", count: Int.random(in: 0..<5, using: &random)))
        case 6:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in randomValue(&random, depth: depth + 1) })
        default:
            let count = Int.random(in: 0..<4, using: &random)
            return .dict(Fields((0..<count).map { Field("k\($0)\(strings[$0])", randomValue(&random, depth: depth + 1)) }))
        }
    }
}
