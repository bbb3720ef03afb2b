// ModelsTests — XML property-list reader: errors
import Foundation
import Testing

@testable import Models

/// What a malformed document does wrong, each worded as the sentence its refusal makes true.
enum XMLFault: String, Sendable {
    case empty = "an empty or blank file is 'the file is empty'"
    case element = "an unknown element is named with its position"
    case close = "a close tag that does not match its element is refused"
    case keys = "a key without a value, and a value where a key is expected, are refused"
    case truncated = "a truncated document names the element it ends in and where that opened"
    case number = "bad integers, reals and dates quote their text"
    case base64 = "bad base64 is located at the offending character"
    case entity = "unknown entities, bad character references and a bare '&' are refused"
    case misplaced = "text, markup or elements where they do not belong are refused"
    case columns = "columns count characters, and \\r\\n, \\r and \\n each end one line"
}

/// One document the XML reader refuses: where it fails, and words its message contains.
struct XMLRefusal: Sendable, CustomTestStringConvertible {
    var fault: XMLFault
    var text: String
    var line: Int
    var column: Int
    var message: String
    var testDescription: String { "\(fault.rawValue): \(text.debugDescription)" }
    /// Where the failure is reported, as the reader words it.
    var location: String { "line \(line), column \(column)" }

    /// - Parameters:
    ///   - fault: What the document does wrong.
    ///   - text: The document.
    ///   - line: The 1-based line the failure is reported at.
    ///   - column: The 1-based column, in characters, the failure is reported at.
    ///   - message: Words the failure's message contains.
    init(_ fault: XMLFault, _ text: String, _ line: Int, _ column: Int, _ message: String) {
        self.fault = fault
        self.text = text
        self.line = line
        self.column = column
        self.message = message
    }

    /// Expects the reader to fail on `text` at `location` with a message containing `message`.
    func expectFailure(sourceLocation: SourceLocation = #_sourceLocation) {
        let failure = syntaxError(sourceLocation: sourceLocation) { try XMLPropertyListReader.read(Array(text.utf8)) }
        guard let failure else { return }
        #expect(failure.location == location, "\(failure)", sourceLocation: sourceLocation)
        #expect(failure.message.contains(message), "\(failure)", sourceLocation: sourceLocation)
    }
}

/// Refused documents, one a line: the fault, the text, the line and column of the failure, and its message.
private let listedRefusals: [XMLRefusal] = [
    XMLRefusal(.empty, "<?xml version=\"1.0\"?>\n", 2, 1, "the document ends before its value"),
    XMLRefusal(.element, "<plist>\n  <dict>\n    <key>a</key><foo/>\n", 3, 17, "unknown element <foo>"),
    XMLRefusal(.element, "<plist><array><dictionary/></array></plist>", 1, 15, "unknown element <dictionary>"),
    XMLRefusal(.element, "<plist><dict><bar>x</bar></dict></plist>", 1, 14, "unknown element <bar>"),
    XMLRefusal(.close, "<plist><array></dict></plist>", 1, 15, "expected </array>, found </dict>"),
    XMLRefusal(.close, "<plist><string>x</key></plist>", 1, 17, "expected </string>, found </key>"),
    XMLRefusal(.close, "<array><true></false></array>", 1, 14, "expected </true>, found </false>"),
    XMLRefusal(.close, "<plist><array/></dict>", 1, 16, "expected </plist>, found </dict>"),
    XMLRefusal(.close, "<plist><dict><key>a</key></array></dict></plist>", 1, 26, "expected </dict>, found </array>"),
    XMLRefusal(.keys, "<dict><key>a</key></dict>", 1, 19, "key \"a\" has no value"),
    XMLRefusal(.keys, "<dict><key>a</key><key>b</key><true/></dict>", 1, 19, "key \"a\" has no value"),
    XMLRefusal(.keys, "<dict><string>x</string></dict>", 1, 7, "expected <key>, found <string>"),
    XMLRefusal(.keys, "<dict><key>a</key><true/><false/></dict>", 1, 26, "expected <key>, found <false/>"),
    XMLRefusal(.keys, "<array><key>a</key></array>", 1, 8, "<key> outside a <dict>"),
    XMLRefusal(
        .truncated, "<plist>\n<dict>\n<key>a</key>", 3, 13,
        "the document ends inside <dict> opened at line 2, column 1"),
    XMLRefusal(.truncated, "<plist><string>abc", 1, 19, "the document ends inside <string>"),
    XMLRefusal(.truncated, "<plist><array><str", 1, 15, "the document ends inside the tag <str>"),
    XMLRefusal(.truncated, "<plist><array><!-- x", 1, 15, "the document ends inside a comment"),
    XMLRefusal(.truncated, "<plist><string><![CDATA[ x", 1, 16, "the document ends inside a CDATA section"),
    XMLRefusal(.truncated, "<?xml version", 1, 1, "the document ends inside a processing instruction"),
    XMLRefusal(.truncated, "<!DOCTYPE plist [", 1, 1, "the document ends inside <!DOCTYPE>"),
    XMLRefusal(.truncated, "<plist><string>a&amp", 1, 21, "the document ends inside <string>"),
    XMLRefusal(.number, "<integer>12x</integer>", 1, 10, "invalid integer \"12x\""),
    XMLRefusal(.number, "<integer></integer>", 1, 10, "invalid integer \"\""),
    XMLRefusal(.number, "<integer>1.5</integer>", 1, 10, "invalid integer"),
    XMLRefusal(.number, "<integer>0x</integer>", 1, 10, "invalid integer"),
    XMLRefusal(.number, "<integer>- 1</integer>", 1, 10, "invalid integer"),
    XMLRefusal(.number, "<integer>18446744073709551616</integer>", 1, 10, "integer out of range"),
    XMLRefusal(.number, "<integer>-9223372036854775809</integer>", 1, 10, "integer out of range"),
    XMLRefusal(.base64, "<data>AAEC\n  !A==</data>", 2, 3, "invalid base64 character '!'"),
    XMLRefusal(.base64, "<data>A</data>", 1, 7, "base64 data ends with a lone character"),
    XMLRefusal(.base64, "<data>AA=A</data>", 1, 10, "base64 data continues after its '=' padding"),
    XMLRefusal(.base64, "<data>=AAA</data>", 1, 7, "misplaced '='"),
    XMLRefusal(.base64, "<data>AA=</data>", 1, 9, "incomplete base64 padding"),
    XMLRefusal(.base64, "<data>AAA==</data>", 1, 11, "misplaced '='"),
    XMLRefusal(.entity, "<string>a &nbsp; b</string>", 1, 11, "unknown entity &nbsp;"),
    XMLRefusal(.entity, "<string>&#xD800;</string>", 1, 9, "invalid character reference &#xD800;"),
    XMLRefusal(.entity, "<string>&#x110000;</string>", 1, 9, "invalid character reference"),
    XMLRefusal(.entity, "<string>&#;</string>", 1, 9, "invalid character reference"),
    XMLRefusal(.entity, "<string>&#12a;</string>", 1, 9, "invalid character reference"),
    XMLRefusal(.entity, "<string>fish & chips</string>", 1, 14, "'&' must start an entity"),
    XMLRefusal(.entity, "<dict><key>&bogus;</key><true/></dict>", 1, 12, "unknown entity &bogus;"),
    XMLRefusal(.misplaced, "<plist><array>x</array></plist>", 1, 15, "unexpected text inside <array>"),
    XMLRefusal(.misplaced, "<plist><dict> k </dict></plist>", 1, 15, "unexpected text inside <dict>"),
    XMLRefusal(.misplaced, "hello", 1, 1, "text before the plist element"),
    XMLRefusal(.misplaced, "<plist><true/></plist>x", 1, 23, "unexpected content after the end of the plist"),
    XMLRefusal(.misplaced, "<true/><false/>", 1, 8, "unexpected content after the end of the plist"),
    XMLRefusal(.misplaced, "<plist><true/><false/></plist>", 1, 15, "<plist> holds more than one value"),
    XMLRefusal(.misplaced, "<plist/>", 1, 1, "<plist/> holds no value"),
    XMLRefusal(.misplaced, "<plist>\n</plist>", 2, 1, "<plist> holds no value"),
    XMLRefusal(.misplaced, "<string>a<key>b</key></string>", 1, 10, "<key> is not allowed inside <string>"),
    XMLRefusal(.misplaced, "<true>x</true>", 1, 7, "<true> must be empty"),
    XMLRefusal(.misplaced, "<array><plist/></array>", 1, 8, "<plist> inside a value"),
    XMLRefusal(.misplaced, "<array><![CDATA[x]]></array>", 1, 8, "unexpected markup inside <array>"),
    XMLRefusal(.misplaced, "</array>", 1, 1, "unexpected </array>"),
    XMLRefusal(.misplaced, "<plist><array><></array></plist>", 1, 15, "expected an element name after '<'"),
    XMLRefusal(.misplaced, "<plist version=1.0><true/></plist>", 1, 16, "expected a quoted attribute value"),
    XMLRefusal(.misplaced, "<plist version><true/></plist>", 1, 15, "expected '=' after an attribute name"),
    XMLRefusal(.misplaced, "<array/ ><array/>", 1, 7, "expected '>' after '/'"),
    XMLRefusal(.misplaced, "</array x>", 1, 9, "unexpected text in </array>"),
    XMLRefusal(.columns, "<array>\r\n<string>é😀</string>\r<foo/>", 3, 1, "unknown element <foo>"),
    XMLRefusal(.columns, "<array><string>é😀中</string><foo/>", 1, 28, "unknown element <foo>"),
    XMLRefusal(.columns, "\u{FEFF}<foo/>", 1, 1, "unknown element <foo>"),
]

/// Blank files, bad reals and bad dates, each refused the same way as the others of its kind.
private let generatedRefusals: [XMLRefusal] =
    ["", "   \n\t", "\u{FEFF}", "\u{FEFF}\n"].map { XMLRefusal(.empty, $0, 1, 1, "the file is empty") }
    + ["", "abc", "1e", "1.2.3", "--1", "0x1p3", "nanx", "1 2", "e5", "."].map {
        XMLRefusal(.number, "<real>\($0)</real>", 1, 7, "invalid real")
    }
    + [
        "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:00:00",
        "2024-13-01T00:00:00Z", "202-01-01T00:00:00Z", "2024-05-01 12:00:00Z", "yesterday", "2024-05-01T12:00:60Z",
        "-2024-01-01T00:00:00Z",
    ].map { XMLRefusal(.number, "<date>\($0)</date>", 1, 7, "invalid date") }

@Suite("XML property-list reader: errors") struct PropertyListXMLReaderErrorTests {
    @Test(
        "every malformed document is refused at its line and column with a message naming the fault",
        arguments: listedRefusals + generatedRefusals)
    func malformedDocumentIsRefused(_ refusal: XMLRefusal) {
        refusal.expectFailure()
    }

    @Test("text that is not UTF-8 is refused")
    func invalidUTF8() {
        let bytes = Array("<plist><string>ab".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        let failure = syntaxError { try XMLPropertyListReader.read(bytes) }
        #expect(failure?.location == "line 1, column 16")
        #expect(failure?.message == "the text of <string> is not valid UTF-8")
    }

    @Test("every strict prefix of a valid document is an error, never a crash or a value")
    func everyPrefixFails() throws {
        let document = XMLPropertyListWriter.write(
            .dict([
                "name": .string("A <b> & é😀"), "n": .int(-12), "r": .real(0.5), "t": .bool(true), "f": .bool(false),
                "d": .date(Date(timeIntervalSince1970: 0)), "blob": .data(Array(0..<60)),
                "list": .array([.dict([:]), .array([]), .string("")]),
            ]))
        let end = try #require(lastIndex(of: "</plist>", in: document)) + "</plist>".utf8.count
        for cut in 0..<end {
            let prefix = Array(document[0..<cut])
            #expect(throws: DocumentSyntaxError.self, "prefix of \(cut) bytes") {
                try XMLPropertyListReader.read(prefix)
            }
        }
        #expect(try XMLPropertyListReader.read(Array(document[0..<end])) == XMLPropertyListReader.read(document))
    }

    @Test("every strict prefix of a document using comments, CDATA and entities is an error")
    func everyPrefixOfMarkupFails() {
        let document =
            Array(
                "<?xml version=\"1.0\"?><!DOCTYPE plist [<!x \">\">]><plist><dict><!-- a --><key>k&amp;</key>"
                    .utf8)
            + Array("<string>x<![CDATA[<y>]]>&#x1F600;</string><key>e</key><data>AA==</data></dict></plist>".utf8)
        for cut in 0..<document.count {
            #expect(throws: DocumentSyntaxError.self, "prefix of \(cut) bytes") {
                try XMLPropertyListReader.read(Array(document[0..<cut]))
            }
        }
    }

    private func lastIndex(of needle: String, in bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        return stride(from: bytes.count - pattern.count, through: 0, by: -1).first { start in
            bytes[start..<(start + pattern.count)].elementsEqual(pattern)
        }
    }
}
