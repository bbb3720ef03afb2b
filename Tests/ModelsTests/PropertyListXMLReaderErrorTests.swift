// ListServer — ModelsTests
import Foundation
import Testing

@testable import Models

private func error(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> DocumentSyntaxError? {
    syntaxError(sourceLocation: sourceLocation) { try XMLPropertyListReader.read(Array(text.utf8)) }
}

/// Expects `text` to fail at `location` with a message containing `message`.
private func expectFailure(
    _ text: String, at location: String, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let failure = error(text, sourceLocation: sourceLocation) else { return }
    #expect(failure.location == location, "\(failure)", sourceLocation: sourceLocation)
    #expect(failure.message.contains(message), "\(failure)", sourceLocation: sourceLocation)
}

@Suite("XML property-list reader: errors") struct PropertyListXMLReaderErrorTests {
    @Test("an empty or blank file is 'the file is empty'")
    func emptyFile() {
        for text in ["", "   \n\t", "\u{FEFF}", "\u{FEFF}\n"] {
            expectFailure(text, at: "line 1, column 1", "the file is empty")
        }
        expectFailure("<?xml version=\"1.0\"?>\n", at: "line 2, column 1", "the document ends before its value")
    }

    @Test("an unknown element is named with its position")
    func unknownElement() {
        expectFailure("<plist>\n  <dict>\n    <key>a</key><foo/>\n", at: "line 3, column 17", "unknown element <foo>")
        expectFailure(
            "<plist><array><dictionary/></array></plist>", at: "line 1, column 15", "unknown element <dictionary>")
        expectFailure("<plist><dict><bar>x</bar></dict></plist>", at: "line 1, column 14", "unknown element <bar>")
    }

    @Test("a close tag that does not match its element is refused")
    func mismatchedCloseTag() {
        expectFailure("<plist><array></dict></plist>", at: "line 1, column 15", "expected </array>, found </dict>")
        expectFailure("<plist><string>x</key></plist>", at: "line 1, column 17", "expected </string>, found </key>")
        expectFailure("<array><true></false></array>", at: "line 1, column 14", "expected </true>, found </false>")
        expectFailure("<plist><array/></dict>", at: "line 1, column 16", "expected </plist>, found </dict>")
        expectFailure(
            "<plist><dict><key>a</key></array></dict></plist>", at: "line 1, column 26",
            "expected </dict>, found </array>")
    }

    @Test("a key without a value, and a value where a key is expected, are refused")
    func keyValueStructure() {
        expectFailure("<dict><key>a</key></dict>", at: "line 1, column 19", "key \"a\" has no value")
        expectFailure("<dict><key>a</key><key>b</key><true/></dict>", at: "line 1, column 19", "key \"a\" has no value")
        expectFailure("<dict><string>x</string></dict>", at: "line 1, column 7", "expected <key>, found <string>")
        expectFailure(
            "<dict><key>a</key><true/><false/></dict>", at: "line 1, column 26", "expected <key>, found <false/>")
        expectFailure("<array><key>a</key></array>", at: "line 1, column 8", "<key> outside a <dict>")
    }

    @Test("a truncated document names the element it ends in and where that opened")
    func truncatedDocument() {
        expectFailure(
            "<plist>\n<dict>\n<key>a</key>", at: "line 3, column 13",
            "the document ends inside <dict> opened at line 2, column 1")
        expectFailure("<plist><string>abc", at: "line 1, column 19", "the document ends inside <string>")
        expectFailure("<plist><array><str", at: "line 1, column 15", "the document ends inside the tag <str>")
        expectFailure("<plist><array><!-- x", at: "line 1, column 15", "the document ends inside a comment")
        expectFailure("<plist><string><![CDATA[ x", at: "line 1, column 16", "the document ends inside a CDATA section")
        expectFailure("<?xml version", at: "line 1, column 1", "the document ends inside a processing instruction")
        expectFailure("<!DOCTYPE plist [", at: "line 1, column 1", "the document ends inside <!DOCTYPE>")
        expectFailure("<plist><string>a&amp", at: "line 1, column 21", "the document ends inside <string>")
    }

    @Test("bad integers, reals and dates quote their text")
    func badNumbers() {
        expectFailure("<integer>12x</integer>", at: "line 1, column 10", "invalid integer \"12x\"")
        expectFailure("<integer></integer>", at: "line 1, column 10", "invalid integer \"\"")
        expectFailure("<integer>1.5</integer>", at: "line 1, column 10", "invalid integer")
        expectFailure("<integer>0x</integer>", at: "line 1, column 10", "invalid integer")
        expectFailure("<integer>- 1</integer>", at: "line 1, column 10", "invalid integer")
        expectFailure("<integer>18446744073709551616</integer>", at: "line 1, column 10", "integer out of range")
        expectFailure("<integer>-9223372036854775809</integer>", at: "line 1, column 10", "integer out of range")
        for text in ["", "abc", "1e", "1.2.3", "--1", "0x1p3", "nanx", "1 2", "e5", "."] {
            expectFailure("<real>\(text)</real>", at: "line 1, column 7", "invalid real")
        }
        for text in [
            "2024-02-30T00:00:00Z", "2023-02-29T00:00:00Z", "2024-05-01T24:00:00Z", "2024-05-01T12:00:00",
            "2024-13-01T00:00:00Z", "0000-01-01T00:00:00Z", "2024-05-01 12:00:00Z", "yesterday", "2024-05-01T12:00:60Z",
        ] {
            expectFailure("<date>\(text)</date>", at: "line 1, column 7", "invalid date")
        }
    }

    @Test("bad base64 is located at the offending character")
    func badBase64() {
        expectFailure("<data>AAEC\n  !A==</data>", at: "line 2, column 3", "invalid base64 character '!'")
        expectFailure("<data>A</data>", at: "line 1, column 7", "base64 data ends with a lone character")
        expectFailure("<data>AA=A</data>", at: "line 1, column 10", "base64 data continues after its '=' padding")
        expectFailure("<data>=AAA</data>", at: "line 1, column 7", "misplaced '='")
        expectFailure("<data>AA=</data>", at: "line 1, column 9", "incomplete base64 padding")
        expectFailure("<data>AAA==</data>", at: "line 1, column 11", "misplaced '='")
    }

    @Test("unknown entities, bad character references and a bare '&' are refused")
    func badEntities() {
        expectFailure("<string>a &nbsp; b</string>", at: "line 1, column 11", "unknown entity &nbsp;")
        expectFailure("<string>&#xD800;</string>", at: "line 1, column 9", "invalid character reference &#xD800;")
        expectFailure("<string>&#x110000;</string>", at: "line 1, column 9", "invalid character reference")
        expectFailure("<string>&#;</string>", at: "line 1, column 9", "invalid character reference")
        expectFailure("<string>&#12a;</string>", at: "line 1, column 9", "invalid character reference")
        expectFailure("<string>fish & chips</string>", at: "line 1, column 14", "'&' must start an entity")
        expectFailure("<dict><key>&bogus;</key><true/></dict>", at: "line 1, column 12", "unknown entity &bogus;")
    }

    @Test("text, markup or elements where they do not belong are refused")
    func misplacedContent() {
        expectFailure("<plist><array>x</array></plist>", at: "line 1, column 15", "unexpected text inside <array>")
        expectFailure("<plist><dict> k </dict></plist>", at: "line 1, column 15", "unexpected text inside <dict>")
        expectFailure("hello", at: "line 1, column 1", "text before the plist element")
        expectFailure(
            "<plist><true/></plist>x", at: "line 1, column 23", "unexpected content after the end of the plist")
        expectFailure("<true/><false/>", at: "line 1, column 8", "unexpected content after the end of the plist")
        expectFailure("<plist><true/><false/></plist>", at: "line 1, column 15", "<plist> holds more than one value")
        expectFailure("<plist/>", at: "line 1, column 1", "<plist/> holds no value")
        expectFailure("<plist>\n</plist>", at: "line 2, column 1", "<plist> holds no value")
        expectFailure("<string>a<key>b</key></string>", at: "line 1, column 10", "<key> is not allowed inside <string>")
        expectFailure("<true>x</true>", at: "line 1, column 7", "<true> must be empty")
        expectFailure("<array><plist/></array>", at: "line 1, column 8", "<plist> inside a value")
        expectFailure("<array><![CDATA[x]]></array>", at: "line 1, column 8", "unexpected markup inside <array>")
        expectFailure("</array>", at: "line 1, column 1", "unexpected </array>")
        expectFailure("<plist><array><></array></plist>", at: "line 1, column 15", "expected an element name after '<'")
        expectFailure(
            "<plist version=1.0><true/></plist>", at: "line 1, column 16", "expected a quoted attribute value")
        expectFailure("<plist version><true/></plist>", at: "line 1, column 15", "expected '=' after an attribute name")
        expectFailure("<array/ ><array/>", at: "line 1, column 7", "expected '>' after '/'")
        expectFailure("</array x>", at: "line 1, column 9", "unexpected text in </array>")
    }

    @Test("text that is not UTF-8 is refused")
    func invalidUTF8() {
        let bytes = Array("<plist><string>ab".utf8) + [0xC3, 0x28] + Array("</string></plist>".utf8)
        let failure = syntaxError { try XMLPropertyListReader.read(bytes) }
        #expect(failure?.location == "line 1, column 16")
        #expect(failure?.message == "the text of <string> is not valid UTF-8")
    }

    @Test("columns count characters, and \\r\\n, \\r and \\n each end one line")
    func locationsCountCharacters() {
        expectFailure("<array>\r\n<string>é😀</string>\r<foo/>", at: "line 3, column 1", "unknown element <foo>")
        expectFailure("<array><string>é😀中</string><foo/>", at: "line 1, column 28", "unknown element <foo>")
        expectFailure("\u{FEFF}<foo/>", at: "line 1, column 1", "unknown element <foo>")
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
