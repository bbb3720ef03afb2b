// ModelsTests — XML property-list reader: values
import Foundation
import Testing

@testable import Models

/// A complete XML plist document around `body`.
func xmlPlist(_ body: String) -> [UInt8] {
    Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        \(body)
        </plist>

        """.utf8)
}

private func read(_ text: String) throws -> FieldValue {
    try XMLPropertyListReader.read(Array(text.utf8))
}

@Suite("XML property-list reader: values") struct PropertyListXMLReaderTests {
    @Test("every scalar type inside a dictionary reads with its exact type, keys in document order")
    func readsEveryScalarType() throws {
        let value = try XMLPropertyListReader.read(
            xmlPlist(
                """
                <dict>
                    <key>zeta</key><string>Hello, world</string>
                    <key>alpha</key><integer>-42</integer>
                    <key>mid</key><real>2.5</real>
                    <key>yes</key><true/>
                    <key>no</key><false/>
                    <key>when</key><date>2024-05-01T12:00:00Z</date>
                    <key>blob</key><data>AAEC/w==</data>
                    <key>list</key><array><integer>1</integer><string>two</string></array>
                </dict>
                """))
        expectIdentical(
            value,
            .dict([
                "zeta": .string("Hello, world"), "alpha": .int(-42), "mid": .real(2.5), "yes": .bool(true),
                "no": .bool(false), "when": .date(Date(timeIntervalSince1970: 1_714_564_800)),
                "blob": .data([0, 1, 2, 255]), "list": .array([.int(1), .string("two")]),
            ]))
    }

    @Test("entities, character references, CDATA and comments inside text decode exactly")
    func decodesTextMarkup() throws {
        let value = try read(
            "<string>&lt;a&gt; &amp; &quot;q&quot; &apos;s&apos; &#65;&#x42;&#X1F600; <![CDATA[<raw & ]]>]]>x<!-- c -->y</string>"
        )
        expectIdentical(value, .string("<a> & \"q\" 's' AB😀 <raw & ]]>xy"))
        expectIdentical(try read("<string>&#0;&#9;&#x1;</string>"), .string("\u{0}\t\u{1}"))
        expectIdentical(try read("<string>é😀中</string>"), .string("é😀中"))
    }

    @Test("line ends in text become \\n as XML requires, while &#13; stays a carriage return")
    func normalizesLineEnds() throws {
        expectIdentical(try read("<string>a\r\nb\rc\nd&#13;e</string>"), .string("a\nb\nc\nd\re"))
        expectIdentical(try read("<string><![CDATA[a\r\nb]]></string>"), .string("a\nb"))
    }

    @Test("a prolog with byte-order mark, declaration, DOCTYPE with internal subset and comments is skipped")
    func skipsProlog() throws {
        let text =
            "\u{FEFF}<?xml version='1.0'?>\n<!-- before -->\n<!DOCTYPE plist [ <!ENTITY x \"]>\"> ]>\n"
            + "<?pi stuff?><plist version=\"1.0\" other='a>b'><!-- inside --><integer>7</integer><!-- after --></plist>"
            + "\n<!-- trailing -->\n"
        expectIdentical(try read(text), .int(7))
    }

    @Test("a bare value without a <plist> element is read")
    func readsBareValue() throws {
        expectIdentical(try read("  <array><true/></array>  "), .array([.bool(true)]))
        expectIdentical(try read("<string>x</string>"), .string("x"))
    }

    @Test("self-closing and empty forms give empty values")
    func readsEmptyForms() throws {
        expectIdentical(
            try read("<array><string/><dict/><array/><data/><string></string><dict></dict><array> </array></array>"),
            .array([.string(""), .dict([:]), .array([]), .data([]), .string(""), .dict([:]), .array([])]))
        expectIdentical(
            try read("<dict><key/><true></true><key>f</key><false> <!-- c --> </false></dict>"),
            .dict(["": .bool(true), "f": .bool(false)]))
    }

    @Test("a repeated key keeps its first position and takes the last value; keys compare by scalars")
    func duplicateKeys() throws {
        let value = try read(
            "<dict><key>a</key><integer>1</integer><key>b</key><integer>2</integer><key>a</key><integer>3</integer>"
                + "<key>é</key><integer>4</integer><key>e\u{301}</key><integer>5</integer></dict>")
        expectIdentical(value, .dict(["a": .int(3), "b": .int(2), "é": .int(4), "e\u{301}": .int(5)]))
    }

    @Test("duplicate keys in a large dictionary are resolved the same way")
    func duplicateKeysInLargeDictionary() throws {
        var body = "<dict>"
        for index in 0..<100 { body += "<key>k\(index)</key><integer>\(index)</integer>" }
        body += "<key>k5</key><string>five</string><key>k99</key><string>last</string></dict>"
        let fields = try #require(try read(body).dictValue)
        #expect(fields.count == 100)
        #expect(fields.keys == (0..<100).map { "k\($0)" })
        expectIdentical(fields[5].value, .string("five"))
        expectIdentical(fields[99].value, .string("last"))
    }

    @Test("integers: signs, hexadecimal, whitespace, the Int64 limits, and UInt64 values as reals")
    func readsIntegers() throws {
        let cases: [(String, FieldValue)] = [
            ("0", .int(0)), ("+17", .int(17)), ("-17", .int(-17)), (" 12 \n", .int(12)), ("0x1F", .int(31)),
            ("0XfF", .int(255)), ("-0x10", .int(-16)), ("9223372036854775807", .int(.max)),
            ("-9223372036854775808", .int(.min)), ("9223372036854775808", .real(9_223_372_036_854_775_808)),
            ("18446744073709551615", .real(Double(UInt64.max))), ("0xFFFFFFFFFFFFFFFF", .real(Double(UInt64.max))),
            ("007", .int(7)),
        ]
        for (text, expected) in cases {
            expectIdentical(try read("<integer>\(text)</integer>"), expected, text)
        }
    }

    @Test("reals: decimals, exponents, signed zero, nan and infinities in any case")
    func readsReals() throws {
        let cases: [(String, Double)] = [
            ("1", 1), ("-2.5", -2.5), (".5", 0.5), ("5.", 5), ("6.02e23", 6.02e23), ("1E-5", 1e-5), ("-0.0", -0.0),
            ("inf", .infinity), ("-inf", -.infinity), ("+Infinity", .infinity), ("-INFINITY", -.infinity),
            ("1.7976931348623157e+308", .greatestFiniteMagnitude), ("5e-324", .leastNonzeroMagnitude), (" 3.25 ", 3.25),
        ]
        for (text, expected) in cases {
            expectIdentical(try read("<real>\(text)</real>"), .real(expected), text)
        }
        for text in ["nan", "NaN", "-nan"] {
            let value = try read("<real>\(text)</real>").doubleValue
            #expect(value?.isNaN == true, "\(text)")
        }
    }

    @Test("dates: the full form, plistlib's shorter forms, leap days, the year limits and years beyond them")
    func readsDates() throws {
        let cases: [(String, Double)] = [
            ("2024-05-01T12:00:00Z", 1_714_564_800), ("1970-01-01T00:00:00Z", 0), ("1969-12-31T23:59:59Z", -1),
            ("2001-01-01T00:00:00Z", 978_307_200), ("2024-02-29T00:00:00Z", 1_709_164_800),
            ("0001-01-01T00:00:00Z", -62_135_596_800), ("9999-12-31T23:59:59Z", 253_402_300_799),
            // Kept for the field rules to refuse with their key path.
            ("10000-01-01T00:00:00Z", 253_402_300_800), ("0000-12-31T23:59:59Z", -62_135_596_801),
            ("0000-02-29T00:00:00Z", -62_162_121_600),
            ("2024Z", 1_704_067_200), ("2024-05Z", 1_714_521_600), ("2024-05-01T12Z", 1_714_564_800),
            (" 2000-03-01T00:00:00Z\n", 951_868_800),
        ]
        for (text, seconds) in cases {
            expectIdentical(try read("<date>\(text)</date>"), .date(Date(timeIntervalSince1970: seconds)), text)
        }
    }

    @Test("base64 data with whitespace and line breaks anywhere, padded or not")
    func readsData() throws {
        expectIdentical(try read("<data>\n\tSGVs\n\tbG8s\r\n IHdv cmxk\n</data>"), .data(Array("Hello, world".utf8)))
        expectIdentical(try read("<data>YQ</data>"), .data([0x61]))
        expectIdentical(try read("<data>YWI</data>"), .data([0x61, 0x62]))
        expectIdentical(try read("<data>YWI=</data>"), .data([0x61, 0x62]))
        expectIdentical(try read("<data>+/+/</data>"), .data([0xFB, 0xFF, 0xBF]))
    }

    @Test("nesting of 512 containers is read, 513 is refused")
    func depthLimit() throws {
        let deep = String(repeating: "<array>", count: 512) + String(repeating: "</array>", count: 512)
        var value = try read(deep)
        var levels = 1
        while case .array(let items) = value, let first = items.first {
            value = first
            levels += 1
        }
        #expect(levels == 512)
        let tooDeep =
            "<dict><key>a</key>" + String(repeating: "<array>", count: 512)
            + String(repeating: "</array>", count: 512) + "</dict>"
        let error = syntaxError { try read(tooDeep) }
        #expect(error?.message == "nesting deeper than 512 levels")
        #expect(error?.location == "line 1, column \(19 + 511 * 7)")
    }

    @Test("UTF-16 documents in either byte order are transcoded")
    func readsUTF16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><string>é😀</string></plist>"
        let units = Array(text.utf16)
        let bigEndian = [0xFE, 0xFF] + units.flatMap { unit -> [UInt8] in [UInt8(unit >> 8), UInt8(unit & 0xFF)] }
        let littleEndian = [0xFF, 0xFE] + units.flatMap { unit -> [UInt8] in [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        expectIdentical(try XMLPropertyListReader.read(bigEndian), .string("é😀"))
        expectIdentical(try XMLPropertyListReader.read(littleEndian), .string("é😀"))
        let error = syntaxError { try XMLPropertyListReader.read([0xFE, 0xFF, 0xD8, 0x00, 0x00, 0x41]) }
        #expect(error?.message == "the UTF-16 text is not valid")
    }
}
