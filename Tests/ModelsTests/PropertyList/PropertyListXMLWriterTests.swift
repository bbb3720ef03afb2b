// ModelsTests — XML property-list writer
import Foundation
import Testing

@testable import Models

private func written(_ value: FieldValue) -> String {
    String(decoding: XMLPropertyListWriter.write(value), as: UTF8.self)
}

private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">

    """

@Suite("XML property-list writer") struct PropertyListXMLWriterTests {
    @Test("a document has Apple's header and DOCTYPE, one element per line and tab indentation")
    func layout() {
        let value: FieldValue = .dict([
            "name": .string("Ada"), "age": .int(36), "tags": .array([.string("a"), .array([]), .dict([:])]),
            "nested": .dict(["ok": .bool(true), "no": .bool(false)]),
        ])
        #expect(
            written(value) == header + """
                <dict>
                \t<key>name</key>
                \t<string>Ada</string>
                \t<key>age</key>
                \t<integer>36</integer>
                \t<key>tags</key>
                \t<array>
                \t\t<string>a</string>
                \t\t<array/>
                \t\t<dict/>
                \t</array>
                \t<key>nested</key>
                \t<dict>
                \t\t<key>ok</key>
                \t\t<true/>
                \t\t<key>no</key>
                \t\t<false/>
                \t</dict>
                </dict>
                </plist>

                """)
    }

    @Test("a scalar top value is written without indentation")
    func scalarDocument() {
        #expect(written(.int(-5)) == header + "<integer>-5</integer>\n</plist>\n")
        #expect(written(.string("")) == header + "<string></string>\n</plist>\n")
    }

    @Test("null entries are left out of dictionaries and become empty strings elsewhere")
    func nullPolicy() {
        #expect(
            written(.dict(["a": .null, "b": .int(1)])) == header
                + "<dict>\n\t<key>b</key>\n\t<integer>1</integer>\n</dict>\n</plist>\n")
        #expect(written(.dict(["a": .null])) == header + "<dict/>\n</plist>\n")
        #expect(written(.array([.null])) == header + "<array>\n\t<string></string>\n</array>\n</plist>\n")
        #expect(written(.null) == header + "<string></string>\n</plist>\n")
    }

    @Test("&, < and > are escaped, \\r and other control characters become character references")
    func escaping() throws {
        let text = "a&b<c>d\"e'f\tg\nh\ri\u{0}j\u{1F}k é😀"
        #expect(
            written(.dict([text: .string(text)])) == header + """
                <dict>
                \t<key>a&amp;b&lt;c&gt;d"e'f\tg
                h&#13;i&#0;j&#31;k é😀</key>
                \t<string>a&amp;b&lt;c&gt;d"e'f\tg
                h&#13;i&#0;j&#31;k é😀</string>
                </dict>
                </plist>

                """)
        expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(.string(text))), .string(text))
    }

    @Test("reals are written in Python's repr form and read back as reals, integral ones included")
    func reals() throws {
        let cases: [(Double, String)] = [
            (1, "1.0"), (-0.0, "-0.0"), (0.1, "0.1"), (1e16, "1e+16"), (1e15, "1000000000000000.0"), (1e-5, "1e-05"),
            (.nan, "nan"), (-.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf"), (.leastNonzeroMagnitude, "5e-324"),
            (.greatestFiniteMagnitude, "1.7976931348623157e+308"), (123_456_789.125, "123456789.125"),
        ]
        for (number, text) in cases {
            #expect(written(.real(number)) == header + "<real>\(text)</real>\n</plist>\n")
            expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(.real(number))), .real(number))
        }
    }

    @Test("dates are written in UTC to the second, fractions dropped and the years clamped to 0001–9999")
    func dates() {
        let cases: [(Double, String)] = [
            (0, "1970-01-01T00:00:00Z"), (1_714_564_800.9, "2024-05-01T12:00:00Z"), (-0.5, "1969-12-31T23:59:59Z"),
            (951_782_400, "2000-02-29T00:00:00Z"), (-62_135_596_800, "0001-01-01T00:00:00Z"),
            (-1e15, "0001-01-01T00:00:00Z"), (1e15, "9999-12-31T23:59:59Z"), (.nan, "2001-01-01T00:00:00Z"),
            (-.infinity, "0001-01-01T00:00:00Z"),
        ]
        for (seconds, text) in cases {
            #expect(written(.date(Date(timeIntervalSince1970: seconds))) == header + "<date>\(text)</date>\n</plist>\n")
        }
    }

    @Test("every third day from 1900 to 2100, at shifting hours, formats and parses back to the same instant")
    func calendarIsConsistent() throws {
        var day = Date(timeIntervalSince1970: -2_208_988_800 + 45_296)
        while day.timeIntervalSince1970 < 4_102_444_800 {
            let text = PropertyListDate.format(day)
            let parsed = Array(text.utf8).withUnsafeBufferPointer { PropertyListDate.parse($0) }
            #expect(parsed == day, "\(text)")
            day += 3 * 86_400 + 3_599
        }
    }

    @Test("data is base64 in lines of 76 columns minus the indentation, like plistlib")
    func dataLayout() {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        #expect(
            written(.array([.data(bytes), .data([])])) == header + """
                <array>
                \t<data>
                \teHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4
                \teHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eHh4eA==
                \t</data>
                \t<data>
                \t</data>
                </array>
                </plist>

                """)
    }

    @Test("data deep in the tree keeps at least 16 characters per line")
    func deepDataLines() throws {
        var value: FieldValue = .data(Array(0..<40))
        for _ in 0..<12 { value = .array([value]) }
        let lines = written(value).split(separator: "\n")
        let dataLines = lines.filter { $0.hasPrefix(String(repeating: "\t", count: 12)) && !$0.contains("<") }
        #expect(dataLines.map { $0.count - 12 } == [16, 16, 16, 8])
        expectIdentical(try XMLPropertyListReader.read(XMLPropertyListWriter.write(value)), value)
    }
}
