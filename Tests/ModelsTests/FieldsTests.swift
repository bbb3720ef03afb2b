// ModelsTests — Fields keeps its fields packed and reads them back as they were
import Foundation
import Testing

@testable import Models

/// One value of every type, nested containers included.
private let everyType: [Field] = [
    Field("s", .string("a string longer than fifteen bytes, é😀")),
    Field("short", .string("ab")),
    Field("empty", .string("")),
    Field("i", .int(-42)),
    Field("big", .int(.min)),
    Field("r", .real(23.4)),
    Field("t", .bool(true)),
    Field("f", .bool(false)),
    Field("d", .date(Date(timeIntervalSince1970: 1_576_139_886.5))),
    Field("blob", .data([0, 1, 255])),
    Field("list", .array([.int(1), .string("two"), .array([]), .dict(["k": .null])])),
    Field("dict", .dict(["inner": .dict(["deep": .string("x")]), "n": .int(3)])),
    Field("", .null),
]

/// A dictionary written as a literal.
private func dict(_ fields: Fields) -> Fields { fields }

@Suite("Fields keeps its fields packed and reads them back as they were")
struct FieldsTests {
    @Test("every value type reads back in order, by position, by key and by iteration")
    func readsBack() {
        let fields = Fields(everyType)
        #expect(fields.count == everyType.count)
        #expect(Array(fields) == everyType)
        #expect(fields.keys == everyType.map(\.key))
        for (position, field) in everyType.enumerated() {
            #expect(fields[position] == field)
            #expect(fields[field.key] == field.value)
            #expect(fields.index(ofKey: field.key) == position)
        }
        #expect(fields["missing"] == nil)
        #expect(fields.index(ofKey: "missing") == nil)
        #expect(Fields().isEmpty)
        #expect(Array(Fields()) == [])
    }

    @Test("setting, removing, inserting and appending match the same changes made to an array of fields")
    func mutationsMatchAnArray() {
        let keys = ["a", "b", "c", "d"]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            var model: [Field] = []
            var fields = Fields()
            for step in 0..<12 {
                let key = keys.randomElement(using: &random)!
                let value: FieldValue? =
                    Bool.random(using: &random) ? nil : .string(String(repeating: "v", count: step * 3))
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    fields[key] = value
                    let index = model.firstIndex { $0.key == key }
                    switch (index, value) {
                    case (let index?, let value?): model[index].value = value
                    case (let index?, nil): model.remove(at: index)
                    case (nil, let value?): model.append(Field(key, value))
                    case (nil, nil): break
                    }
                case 1:
                    let position = Int.random(in: 0...model.count + 1, using: &random)
                    let field = Field(key, value ?? .int(Int64(step)))
                    fields.insert(field, at: position)
                    model.insert(field, at: min(position, model.count))
                default:
                    let field = Field(key, value ?? .bool(true))
                    fields.append(field)
                    model.append(field)
                }
                #expect(Array(fields) == model)
                #expect(fields == Fields(model))
            }
        }
    }

    @Test("equality is equality of the packed bytes: -0.0 differs from 0.0, a NaN equals itself")
    func equalityOfBytes() {
        let zero: Fields = ["x": .real(0.0)]
        let negativeZero: Fields = ["x": .real(-0.0)]
        #expect(zero != negativeZero)
        #expect(FieldValue.real(0.0) == FieldValue.real(-0.0))
        let nan: Fields = ["x": .real(.nan)]
        #expect(nan == ["x": .real(.nan)])
        #expect(nan.hashValue == dict(["x": .real(.nan)]).hashValue)
        #expect(dict(["a": .int(1), "b": .int(2)]) != dict(["b": .int(2), "a": .int(1)]))
        // Keys and strings compare by their bytes: precomposed é is not decomposed é.
        #expect(dict(["k": .string("\u{E9}")]) != dict(["k": .string("e\u{301}")]))
        let built = Fields(everyType)
        let parsed = Fields(Array(built))
        #expect(built == parsed)
        #expect(built.hashValue == parsed.hashValue)
        #expect(Set([built, parsed, zero]).count == 2)
    }

    @Test("a dictionary read out of another shares its bytes instead of copying them")
    func nestedDictionariesShareStorage() throws {
        let fields = Fields(everyType)
        let nested = try #require(fields["dict"]?.dictValue)
        let deeper = try #require(nested["inner"]?.dictValue)
        #expect(nested.storage === fields.storage)
        #expect(deeper.storage === fields.storage)
        #expect(deeper == ["deep": .string("x")])
        guard case .array(let items) = fields["list"], case .dict(let inList) = items[3] else {
            Issue.record("the list does not read back")
            return
        }
        #expect(inList.storage === fields.storage)
    }

    @Test("withText lends a stored string's bytes where they lie, and a number's text")
    func withTextLendsStoredBytes() {
        let fields = Fields(everyType)
        let range = fields.withPackedBody { $0.baseAddress! ..< $0.baseAddress! + $0.count }
        let lent = fields.withText(forKey: "s") { $0.baseAddress.map { range.contains($0) } }
        #expect(lent == true)
        #expect(fields.withText(forKey: "s") { String(decoding: $0, as: UTF8.self) } == everyType[0].value.text)
        #expect(fields.withText(forKey: "i") { String(decoding: $0, as: UTF8.self) } == "-42")
        #expect(fields.withText(forKey: "empty") { $0.count } == 0)
        #expect(fields.withText(forKey: "t") { $0.count } == nil)
        #expect(fields.withText(forKey: "missing") { $0.count } == nil)
    }

    @Test("withText on a lent dictionary reads every key as withText does, stored strings where they lie")
    func lentWithTextAgrees() {
        let fields = Fields(everyType + [Field("s", .string("a later duplicate"))])
        let range = fields.withPackedBody { $0.baseAddress! ..< $0.baseAddress! + $0.count }
        func text(_ key: StaticString) -> String? {
            withUnsafePointer(to: fields) { fields in
                Fields.withText(of: fields, forKey: key) { String(decoding: $0, as: UTF8.self) }
            }
        }
        for (key, wanted) in [
            ("s", "s"), ("short", "short"), ("empty", "empty"), ("i", "i"), ("big", "big"), ("r", "r"), ("t", "t"),
            ("f", "f"), ("d", "d"), ("blob", "blob"), ("list", "list"), ("dict", "dict"), ("", ""),
            ("missing", "missing"), ("S", "S"), ("sh", "sh"),
        ] as [(StaticString, String)] {
            #expect(text(key) == fields.withText(forKey: wanted) { String(decoding: $0, as: UTF8.self) }, "\(wanted)")
        }
        #expect(text("s") == "a string longer than fifteen bytes, é😀")
        #expect(text("i") == "-42")
        #expect(text("list") == nil)
        let lent = withUnsafePointer(to: fields) {
            Fields.withText(of: $0, forKey: "short") { $0.baseAddress.map { range.contains($0) } }
        }
        #expect(lent == true)
    }

    @Test("the lent integer(of:forKey:) reads what the subscript's integer does, for every value type")
    func lentIntegerAgrees() {
        let fields = Fields(everyType + [
            Field("n", .string("12")), Field("neg", .string("-3")), Field("half", .string("1.5")),
            Field("spaced", .string(" 7")), Field("huge", .string("99999999999999999999")),
            Field("max", .int(.max)), Field("min", .int(.min)), Field("five", .real(5)), Field("zero", .int(0)),
            Field("n", .int(40)),
        ])
        func integer(_ key: StaticString) -> Int64? {
            withUnsafePointer(to: fields) { Fields.integer(of: $0, forKey: key) }
        }
        for (key, name) in [
            ("s", "s"), ("i", "i"), ("big", "big"), ("r", "r"), ("t", "t"), ("f", "f"), ("d", "d"), ("list", "list"),
            ("dict", "dict"), ("n", "n"), ("neg", "neg"), ("half", "half"), ("spaced", "spaced"), ("huge", "huge"),
            ("max", "max"), ("min", "min"), ("five", "five"), ("zero", "zero"), ("missing", "missing"), ("", ""),
        ] as [(StaticString, String)] {
            #expect(integer(key) == fields[name]?.integer, "\(name)")
        }
        #expect(integer("n") == 12)
        #expect(integer("neg") == -3)
        #expect(integer("i") == -42)
        #expect(integer("min") == .min)
        #expect(integer("half") == nil)
    }

    @Test("forEachMember lends keys and strings as bytes and reads out the other values, in order")
    func forEachMemberLends() {
        var seen: [Field] = []
        Fields(everyType).forEachMember { key, value in
            let key = String(decoding: key, as: UTF8.self)
            switch value {
            case .string(let bytes): seen.append(Field(key, .string(String(decoding: bytes, as: UTF8.self))))
            case .value(let value):
                if case .string = value { Issue.record("a string was read out instead of lent") }
                seen.append(Field(key, value))
            }
        }
        #expect(seen == everyType)
    }

    @Test("an arena decodes many rows into shared blocks that read back equal, and refuses corrupt bytes")
    func arenaSharesBlocks() throws {
        var arena = PackedFields.Arena()
        let rows = (0..<2000).map { dict(["name": .string("row \($0) with a longer name"), "n": .int(Int64($0))]) }
        let decoded = try rows.map { try PackedFields.encode($0).withUnsafeBytes { try arena.decode($0) } }
        #expect(decoded == rows)
        #expect(decoded[0].storage === decoded[1].storage)
        #expect(Set(decoded.map { ObjectIdentifier($0.storage.buffer) }).count < 20)
        let big = dict(["blob": .data([UInt8](repeating: 7, count: PackedFields.Arena.largestBlock + 10))])
        #expect(try PackedFields.encode(big).withUnsafeBytes { try arena.decode($0) } == big)
        var corrupt = PackedFields.encode(rows[0])
        corrupt.removeLast()
        #expect(throws: PackedFields.DecodingError.self) { try corrupt.withUnsafeBytes { try arena.decode($0) } }
    }

    @Test("a rule check tells the same from the packed tags as the value's own check does")
    func ruleCheckMatchesTheValueCheck() {
        let values: [FieldValue] = everyType.map(\.value) + [
            .string("2"), .string("-3"), .string("23.4"), .string("yes"), .string("value1"), .real(.nan),
            .real(.infinity), .real(5), .real(1e300), .int(0), .array([.string("a"), .int(2)]),
            .array([.string("a"), .bool(true)]), .date(Date(timeIntervalSince1970: .infinity)),
            .array([.dict(["when": .date(Date(timeIntervalSince1970: -1e15))])]),
        ]
        let types: [FieldType] = [
            .string, .integer, .number, .numberOrString, .time, .boolean, .stringList, .dictionary,
            .oneOf(["value1", "value2"]), .numberIn(0...100), .any,
        ]
        for value in values {
            for type in types {
                let expected = type.violation(of: value).map { "k\($0.suffix): \($0.message)" }
                    ?? value.dateViolation().map { "k\($0.suffix): \($0.message)" }
                var found: String?
                do {
                    try [FieldRule("k", type, required: true)].check(["k": value])
                } catch {
                    found = "\(error.keyPath): \(error.message)"
                }
                #expect(found == expected, "\(type) of \(value)")
            }
        }
    }
}
