// ModelsTests — JSONReader grammar
import Testing

@testable import Models

/// The error `JSONReader` throws for `bytes`, or nil when it reads them.
func jsonReadError(_ bytes: [UInt8]) -> DocumentSyntaxError? {
    do {
        _ = try JSONReader.read(bytes)
        return nil
    } catch {
        return error
    }
}

func jsonReadError(_ text: String) -> DocumentSyntaxError? {
    jsonReadError(Array(text.utf8))
}

@Suite("JSONReader grammar")
struct JSONReaderTests {
    @Test(
        "literals, strings and numbers read as their field values",
        arguments: [
            ("true", FieldValue.bool(true)), ("false", .bool(false)), ("null", .null),
            (" \t\r\n 42 \n", .int(42)), (#""x""#, .string("x")), (#""""#, .string("")),
            ("[]", .array([])), ("{}", .dict(Fields())), (" [ ] ", .array([])), ("{ \n }", .dict(Fields())),
        ])
    func scalars(text: String, expected: FieldValue) throws {
        #expect(try JSONReader.read(text) == expected)
    }

    @Test(
        "integer literals that fit Int64 read as integers",
        arguments: [
            ("0", Int64(0)), ("-0", 0), ("7", 7), ("-7", -7), ("1234567890123", 1_234_567_890_123),
            ("9223372036854775807", .max), ("-9223372036854775808", .min),
        ])
    func integers(text: String, expected: Int64) throws {
        #expect(try JSONReader.read(text) == .int(expected))
    }

    @Test(
        "fractions, exponents and integers beyond Int64 read as reals",
        arguments: [
            ("1.0", 1.0), ("-1.5", -1.5), ("1e2", 100), ("1E+2", 100), ("2.5e-3", 0.0025), ("0.1", 0.1),
            ("0e0", 0), ("10E-1", 1), ("9223372036854775808", 9_223_372_036_854_775_808.0),
            ("-9223372036854775809", -9_223_372_036_854_775_809.0),
            ("123456789012345678901234567890", 1.2345678901234568e29), ("1e-400", 0),
            ("1.7976931348623157e308", .greatestFiniteMagnitude), ("5e-324", .leastNonzeroMagnitude),
            ("0.30000000000000004", 0.30000000000000004), ("1" + String(repeating: "0", count: 400) + "e-400", 1),
        ])
    func reals(text: String, expected: Double) throws {
        #expect(try JSONReader.read(text) == .real(expected))
    }

    @Test("minus zero with a fraction keeps its sign")
    func negativeZero() throws {
        let value = try JSONReader.read("-0.0")
        #expect(value.doubleValue?.sign == .minus)
    }

    @Test("real literals convert exactly as the correctly rounded standard parser does")
    func realsMatchStandardParser() throws {
        var random = JSONTestRandom(seed: 11)
        var mismatches: [String] = []
        for _ in 0..<20_000 {
            var text = Bool.random(using: &random) ? "-" : ""
            let integerDigits = Int.random(in: 1...22, using: &random)
            text += String(Int.random(in: 1...9, using: &random))
            for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &random)) }
            if Bool.random(using: &random) {
                text += "."
                for _ in 0..<Int.random(in: 1...22, using: &random) {
                    text += String(Int.random(in: 0...9, using: &random))
                }
            }
            text += "e" + String(Int.random(in: -340...320, using: &random))
            let expected = Double(text)!
            if expected.isFinite {
                let read = try JSONReader.read(text)
                if read != .real(expected) || read.doubleValue?.bitPattern != expected.bitPattern {
                    mismatches.append(text)
                }
            } else if jsonReadError(text)?.message.contains("too large") != true {
                mismatches.append(text)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(
        "strings decode every escape",
        arguments: [
            (#""\"\\\/\b\f\n\r\t""#, "\"\\/\u{8}\u{C}\n\r\t"), (#""\u0041\u00e9\u20AC\u0000""#, "Aé€\u{0}"),
            (#""\ud83d\ude00 \uD834\uDD1E""#, "😀 𝄞"), (#""a\nb""#, "a\nb"), (#""\u005C""#, "\\"),
            (#""raw é 中 😀""#, "raw é 中 😀"), ("\"\u{7F}\"", "\u{7F}"), (#""\uDBFF\uDFFF""#, "\u{10FFFF}"),
        ])
    func escapes(text: String, expected: String) throws {
        #expect(try JSONReader.read(text) == .string(expected))
    }

    @Test(
        "well-formed UTF-8 at the edges of each byte range is accepted",
        arguments: [
            [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
            [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
        ] as [[UInt8]])
    func validUTF8(sequence: [UInt8]) throws {
        let value = try JSONReader.read([0x22] + sequence + [0x22])
        #expect(value == .string(String(decoding: sequence, as: UTF8.self)))
    }

    @Test("UTF-8 inside strings is accepted exactly when the standard library validates it")
    func utf8MatchesStandardValidation() {
        var random = JSONTestRandom(seed: 5)
        var cases: [[UInt8]] = []
        for first in UInt8(0x80)...0xFF {
            for second in UInt8(0)...0xFF { cases.append([first, second]) }
        }
        for _ in 0..<30_000 {
            let length = Int.random(in: 3...4, using: &random)
            var bytes = [UInt8.random(in: 0xE0...0xF7, using: &random)]
            for _ in 1..<length { bytes.append(UInt8.random(in: 0x70...0xC5, using: &random)) }
            cases.append(bytes)
        }
        var mismatches: [[UInt8]] = []
        for bytes in cases where !bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
            let valid = String(validating: bytes, as: UTF8.self) != nil
            let error = jsonReadError([0x22] + bytes + [0x22])
            if (error == nil) != valid || (error.map { !$0.message.contains("invalid UTF-8") } ?? false) {
                mismatches.append(bytes)
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test("escapes, controls and non-ASCII are found at every offset of a long string")
    func specialsAtEveryOffset() throws {
        for offset in 0..<24 {
            let before = String(repeating: "a", count: offset)
            let after = String(repeating: "b", count: 23 - offset)
            #expect(try JSONReader.read("\"\(before)\\n\(after)\"") == .string(before + "\n" + after))
            #expect(try JSONReader.read("\"\(before)é\(after)\"") == .string(before + "é" + after))
            #expect(try JSONReader.read("\"\(before)\"") == .string(before))
            let control = jsonReadError(Array("\"\(before)".utf8) + [0x1F] + Array("\(after)\"".utf8))
            #expect(control?.location == "line 1, column \(offset + 2)")
            let invalid = jsonReadError(Array("\"\(before)".utf8) + [0xFF] + Array("\(after)\"".utf8))
            #expect(invalid?.location == "line 1, column \(offset + 2)")
            #expect(jsonReadError("\"\(before)")?.message == "unexpected end of file inside a string")
        }
    }

    @Test("arrays and objects of every small size read in order")
    func smallContainers() throws {
        for size in 0...12 {
            let items = (0..<size).map { FieldValue.int(Int64($0)) }
            let array = "[" + (0..<size).map(String.init).joined(separator: ",") + "]"
            #expect(try JSONReader.read(array) == .array(items))
            let object = "{" + (0..<size).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
            let fields = Fields((0..<size).map { Field("k\($0)", .int(Int64($0))) })
            #expect(try JSONReader.read(object) == .dict(fields))
        }
    }

    @Test("arrays and objects nest and keep their order")
    func containers() throws {
        let value = try JSONReader.read(#" {"b": [1, 2.5, "x", true, null, {}], "a": {"c": []}, "": -1} "#)
        let expected: FieldValue = .dict([
            "b": .array([.int(1), .real(2.5), .string("x"), .bool(true), .null, .dict(Fields())]),
            "a": .dict(["c": .array([])]),
            "": .int(-1),
        ])
        #expect(value == expected)
        #expect(value.dictValue?.keys == ["b", "a", ""])
    }

    @Test("a duplicate key keeps its first position and its last value")
    func duplicateKeys() throws {
        let value = try JSONReader.read(#"{"a":1,"b":2,"a":3,"c":4,"\u0062":5}"#)
        #expect(value.dictValue?.keys == ["a", "b", "c"])
        #expect(value == .dict(["a": .int(3), "b": .int(5), "c": .int(4)]))
    }

    @Test("duplicate keys are merged in large objects too")
    func duplicateKeysInLargeObjects() throws {
        let members = (0..<40).map { #""k\#($0)":\#($0)"# } + [#""k3":"last""#, #""k39":null"#]
        let value = try JSONReader.read("{" + members.joined(separator: ",") + "}")
        let fields = try #require(value.dictValue)
        #expect(fields.count == 40)
        #expect(fields.keys == (0..<40).map { "k\($0)" })
        #expect(fields["k3"] == .string("last"))
        #expect(fields["k39"] == .null)
        #expect(fields["k38"] == .int(38))
    }

    @Test("a large object with distinct keys keeps them all in order")
    func largeObject() throws {
        let members = (0..<10_000).map { #""key \#($0)":\#($0)"# }
        let fields = try #require(try JSONReader.read("{" + members.joined(separator: ",") + "}").dictValue)
        #expect(fields.count == 10_000)
        #expect(fields[9_999] == Field("key 9999", .int(9_999)))
    }

    @Test("a long list of small rows reads completely")
    func manyRows() throws {
        let row = #"{"name":"Friend","icon":"f1","intro":"hello there","vip":false}"#
        let text = "[" + Array(repeating: row, count: 20_000).joined(separator: ",") + "]"
        let rows = try #require(try JSONReader.read(text).arrayValue)
        #expect(rows.count == 20_000)
        #expect(rows[19_999].dictValue?["intro"] == .string("hello there"))
        #expect(rows[19_999].dictValue?.keys == ["name", "icon", "intro", "vip"])
    }

    @Test("every dictionary of a document lies in the one allocation the parse wrote, nested ones too")
    func dictionariesShareTheDocumentsBytes() throws {
        let text = #"[{"name":"A","friends":[{"n":"x","deep":{"k":[{"z":1}]}},{"n":"y"}]},{"name":"B"}]"#
        let groups = try #require(try JSONReader.read(text).arrayValue).compactMap(\.dictValue)
        #expect(groups.count == 2)
        let rows = try #require(groups[0]["friends"]?.arrayValue).compactMap(\.dictValue)
        let deep = try #require(rows[0]["deep"]?.dictValue)
        let innermost = try #require(deep["k"]?.arrayValue?.first?.dictValue)
        for fields in [groups[1], rows[0], rows[1], deep, innermost] {
            #expect(fields.storage === groups[0].storage)
        }
        #expect(rows[1] == ["n": .string("y")])
        #expect(innermost == ["z": .int(1)])
    }

    @Test("duplicate keys are merged in nested objects without disturbing what follows them")
    func duplicateKeysInNestedObjects() throws {
        let text = #"[{"a":{"x":1,"x":{"y":2},"z":3},"b":[1,{"q":1,"q":2}]},"after"]"#
        let value = try JSONReader.read(text)
        #expect(
            value
                == .array([
                    .dict([
                        "a": .dict(["x": .dict(["y": .int(2)]), "z": .int(3)]),
                        "b": .array([.int(1), .dict(["q": .int(2)])]),
                    ]),
                    .string("after"),
                ]))
    }

    @Test("a byte order mark before the document is skipped")
    func byteOrderMark() throws {
        #expect(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == .array([.int(1)]))
        #expect(try JSONReader.read([0xEF, 0xBB, 0xBF] + Array(" \"\u{FEFF}\" ".utf8)) == .string("\u{FEFF}"))
    }

    @Test("byte buffers, arrays and strings read the same")
    func entryPointsAgree() throws {
        let text = #"{"a":[1,"é"]}"#
        let bytes = Array(text.utf8)
        let fromBuffer = try bytes.withUnsafeBufferPointer { buffer in try JSONReader.read(buffer) }
        #expect(fromBuffer == (try JSONReader.read(bytes)))
        #expect(try JSONReader.read(text) == (try JSONReader.read(bytes)))
    }

    @Test("arrays and objects may nest exactly as deep as the limit")
    func nestingAtTheLimit() throws {
        let depth = JSONReader.maximumDepth
        var value = try JSONReader.read(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var levels = 0
        while case .array(let items) = value {
            levels += 1
            guard let first = items.first else { break }
            value = first
        }
        #expect(levels == depth)
        let objects = String(repeating: #"{"a":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(try JSONReader.read(objects).dictValue?["a"] != nil)
    }

    @Test("a document whose values would not fit in one storage is refused with a message, not a trap")
    func documentTooLargeWhenPacked() throws {
        // 400 short reals: 4 bytes each in the text with their commas, 9 packed.
        let text = "[" + Array(repeating: "1.5", count: 400).joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        let limit = bytes.count + 100
        let refused = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(DocumentSyntaxError) in try JSONReader.read(buffer, maximumPackedBytes: limit) }
        }
        guard case .failure(let error) = refused else {
            Issue.record("a 3,600-byte document was taken under a limit of \(limit) bytes")
            return
        }
        #expect(error.message.contains("more than the \(limit) one dataset may hold"))
        let taken = try bytes.withUnsafeBufferPointer { try JSONReader.read($0, maximumPackedBytes: 4 * limit) }
        #expect(taken.arrayValue?.count == 400)
    }
}
