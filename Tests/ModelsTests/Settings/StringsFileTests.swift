// ModelsTests — `.strings` files in each form Apple writes them, and string catalogs
import Testing

@testable import Models

@Suite("Strings files: ASCII form in UTF-8 or UTF-16, XML and binary property lists, catalogs")
struct StringsFileTests {
    static let text = #"""
        /* A comment, "with quotes" = "not a pair"; */
        "General" = "通用";
        // A line comment
        "Line\nBreak" = "一\t二 \"引号\" \\ \U20AC \UD83D\UDE00";
        Unquoted = Word;
        "Same";
        """#

    static let expected = ["General": "通用", "Line\nBreak": "一\t二 \"引号\" \\ € 😀", "Unquoted": "Word", "Same": "Same"]

    @Test("the ASCII form reads in UTF-8, with and without its byte-order mark")
    func utf8() {
        #expect(StringsFile.read(Array(Self.text.utf8)) == Self.expected)
        #expect(StringsFile.read([0xEF, 0xBB, 0xBF] + Array(Self.text.utf8)) == Self.expected)
    }

    @Test("the ASCII form reads in UTF-16 behind either byte-order mark")
    func utf16() {
        let units = Array(Self.text.utf16)
        let little: [UInt8] = [0xFF, 0xFE] + units.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let big: [UInt8] = [0xFE, 0xFF] + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(StringsFile.read(little) == Self.expected)
        #expect(StringsFile.read(big) == Self.expected)
        #expect(StringsFile.read(Array(little.dropLast())) == nil, "an odd byte count is no text")
    }

    @Test("XML and binary property lists of strings read as tables")
    func propertyLists() {
        let table: FieldValue = .dict(["General": .string("通用"), "About": .string("关于")])
        #expect(StringsFile.read(XMLPropertyListWriter.write(table)) == ["General": "通用", "About": "关于"])
        #expect(StringsFile.read(BinaryPropertyListWriter.write(table)) == ["General": "通用", "About": "关于"])
    }

    @Test("a brace-wrapped table reads, and text that is not a table gives none")
    func bracesAndGarbage() {
        #expect(StringsFile.read(Array(#"{ "a" = "b"; }"#.utf8)) == ["a": "b"])
        #expect(StringsFile.read(Array(#""a" = "b""#.utf8)) == nil, "a pair without its semicolon")
        #expect(StringsFile.read(Array(#""a" = "unterminated;"#.utf8)) == nil)
        #expect(StringsFile.read([0xC3, 0x28]) == nil, "invalid UTF-8")
        #expect(StringsFile.read([]) == [:])
    }

    @Test("a string catalog gives each language's translated values")
    func catalog() {
        let json = #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "General": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "General"}},
                                            "zh-Hans": {"stringUnit": {"state": "translated", "value": "通用"}}}},
              "About": {}}}
            """#
        let tables = StringsFile.readCatalog(Array(json.utf8))
        #expect(tables == ["en": ["General": "General"], "zh-Hans": ["General": "通用"]])
        #expect(StringsFile.readCatalog(Array("[]".utf8)).isEmpty)
    }
}
