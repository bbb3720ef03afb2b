// ModelsTests — JSONWriter
import Foundation
import Testing

@testable import Models

/// The JSON text `JSONWriter` makes of `value`.
private func written(_ value: FieldValue, pretty: Bool = false) -> String {
    String(decoding: JSONWriter.write(value, pretty: pretty), as: UTF8.self)
}

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test(
        "scalars are written in their JSON form",
        arguments: [
            (FieldValue.int(0), "0"), (.int(-42), "-42"), (.int(.max), "9223372036854775807"),
            (.int(.min), "-9223372036854775808"), (.real(3), "3.0"), (.real(-0.5), "-0.5"), (.real(0.1), "0.1"),
            (.real(1e300), "1e+300"), (.real(.leastNonzeroMagnitude), "5e-324"), (.real(1e16), "1e+16"),
            (.real(-0.0), "-0.0"),
            (.real(123456.789), "123456.789"), (.real(.nan), "null"), (.real(.infinity), "null"),
            (.real(-.infinity), "null"), (.bool(true), "true"), (.bool(false), "false"), (.null, "null"),
            (.string("hi"), #""hi""#), (.array([]), "[]"), (.dict(Fields()), "{}"),
        ])
    func scalars(value: FieldValue, text: String) {
        #expect(written(value) == text)
    }

    @Test("integers match their decimal description")
    func integersMatchDescription() {
        var random = JSONTestRandom(seed: 3)
        var mismatches: [Int64] = []
        for _ in 0..<10_000 {
            let value = Int64(bitPattern: random.next()) >> Int64.random(in: 0...63, using: &random)
            var buffer: [UInt8] = []
            JSONWriter.writeInteger(value, into: &buffer)
            if String(decoding: buffer, as: UTF8.self) != String(value) { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test(
        "strings escape quotes, backslashes, controls and HTML-unsafe characters",
        arguments: [
            ("\"", #""\"""#), ("\\", #""\\""#), ("\n\r\t\u{8}\u{C}", #""\n\r\t\b\f""#), ("\u{1}", #""\u0001""#),
            ("\u{0}", #""\u0000""#), ("\u{1F}", #""\u001F""#), ("<", #""\u003C""#), (">", #""\u003E""#),
            ("&", #""\u0026""#), ("\u{2028}", #""\u2028""#), ("\u{2029}", #""\u2029""#), ("/", #""/""#),
            ("\u{7F}", "\"\u{7F}\""), ("é中😀", "\"é中😀\""), ("\u{2027}\u{202A}…", "\"\u{2027}\u{202A}…\""),
            ("a</script>b", #""a\u003C/script\u003Eb""#), ("x\u{2028}y\u{2029}", #""x\u2028y\u2029""#),
        ])
    func stringEscapes(text: String, json: String) {
        #expect(written(.string(text)) == json)
    }

    @Test("written strings never contain bytes unsafe inside an HTML script element")
    func htmlSafe() {
        var random = JSONTestRandom(seed: 9)
        for _ in 0..<2_000 {
            let bytes = JSONWriter.write(.string(random.string(maximumLength: 40)))
            #expect(!bytes.contains { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "&") })
            #expect(!bytes.contains { $0 < 0x20 })
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" })
        }
    }

    @Test("arrays and dictionaries are written compactly in order")
    func compactContainers() {
        let value: FieldValue = .dict([
            "z": .array([.int(1), .real(2), .string("a\"b"), .null, .array([]), .dict(Fields())]),
            "a": .dict(["k": .bool(false)]),
        ])
        #expect(written(value) == #"{"z":[1,2.0,"a\"b",null,[],{}],"a":{"k":false}}"#)
    }

    @Test("pretty output indents each level by two spaces")
    func prettyContainers() {
        let value: FieldValue = .dict([
            "name": .string("Group 1"), "rows": .array([.dict(["vip": .bool(true)]), .array([]), .int(3)]),
            "empty": .dict(Fields()),
        ])
        let expected = """
            {
              "name": "Group 1",
              "rows": [
                {
                  "vip": true
                },
                [],
                3
              ],
              "empty": {}
            }
            """
        #expect(written(value, pretty: true) == expected)
        #expect(written(.int(1), pretty: true) == "1")
    }

    @Test("writing into a buffer appends after what it holds")
    func appendsIntoBuffer() {
        var buffer = Array("prefix:".utf8)
        JSONWriter.write(.array([.int(1)]), into: &buffer)
        JSONWriter.writeString("é<", into: &buffer)
        JSONWriter.write(.dict(["a": .null]), pretty: true, into: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == "prefix:[1]\"é\\u003C\"{\n  \"a\": null\n}")
    }

    @Test(
        "dates are ISO 8601 in UTC",
        arguments: [
            (0.0, "1970-01-01T00:00:00Z"), (1_714_564_800, "2024-05-01T12:00:00Z"), (-1, "1969-12-31T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (1_714_564_800.25, "2024-05-01T12:00:00.250Z"),
            (-0.5, "1969-12-31T23:59:59.500Z"), (253_402_300_799, "9999-12-31T23:59:59Z"),
            (-62_135_596_800, "0001-01-01T00:00:00Z"), (978_307_200, "2001-01-01T00:00:00Z"),
        ])
    func dates(seconds: Double, text: String) {
        #expect(written(.date(Date(timeIntervalSince1970: seconds))) == "\"\(text)\"")
    }

    @Test("dates from 1600 on agree with Foundation's ISO 8601 formatter")
    func datesMatchFoundation() {
        // Foundation switches to the Julian calendar before 1582; ISO 8601 stays Gregorian.
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var random = JSONTestRandom(seed: 21)
        for _ in 0..<2_000 {
            let seconds = Int64.random(in: -11_676_096_000...253_000_000_000, using: &random)
            let date = Date(timeIntervalSince1970: Double(seconds))
            #expect(written(.date(date)) == "\"\(formatter.string(from: date))\"")
        }
    }

    @Test("dates that JSON text cannot sensibly hold are written as null")
    func unrepresentableDates() {
        #expect(written(.date(Date(timeIntervalSince1970: 1e300))) == "null")
        #expect(written(.date(Date(timeIntervalSince1970: .nan))) == "null")
    }

    @Test(
        "data is written as base64",
        arguments: [
            ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="), ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ])
    func base64Vectors(input: String, output: String) {
        #expect(written(.data(Array(input.utf8))) == "\"\(output)\"")
    }

    @Test("base64 agrees with Foundation for random data")
    func base64MatchesFoundation() {
        var random = JSONTestRandom(seed: 13)
        for _ in 0..<500 {
            let count = Int.random(in: 0...100, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            #expect(written(.data(bytes)) == "\"\(Data(bytes).base64EncodedString())\"")
        }
    }
}
