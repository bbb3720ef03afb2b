// ModelsTests — a strings table or a false ZIP archive is refused as what it is, not with a parser's complaint
import Testing

@testable import Models

/// `text` as Xcode writes a `.strings` file: UTF-16, little-endian, behind its byte-order mark.
private func utf16LittleEndian(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xFE]
    for unit in text.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    return bytes
}

@Suite("Files that are no dataset")
struct NotADatasetTests {
    @Test("a .strings or .xcstrings name is refused whatever its bytes; other names are read")
    func byName() {
        #expect(NotADataset.reason(forName: "Settings.bundle/zh-Hans.lproj/Root.strings")?.hasPrefix("is a strings table") == true)
        #expect(NotADataset.reason(forName: "ROOT.STRINGS") != nil)
        #expect(NotADataset.reason(forName: "Root.xcstrings")?.hasPrefix("is a string catalog") == true)
        #expect(NotADataset.reason(forName: "Root.plist") == nil && NotADataset.reason(forName: "strings.json") == nil)
    }

    @Test(
        "a strings table in any of its text forms is named as one, after it failed to read as a document",
        arguments: [
            Array("/* Sound */\n\"Sound\" = \"声音\";\n".utf8),
            utf16LittleEndian("\"Sound\" = \"Ton\";"),
            Array("Sound = Ton;".utf8),
        ] as [[UInt8]])
    func stringsByContent(_ bytes: [UInt8]) {
        let reason = NotADataset.reason(for: bytes, claimsArchive: false, upload: false)
        #expect(reason == "is a strings table (a bundle's translations), not a list; import the Settings.bundle folder or its Root.plist")
        #expect(NotADataset.reason(for: bytes, claimsArchive: false, upload: true)?.hasPrefix("the body is a strings table") == true)
    }

    @Test("broken JSON and plists keep their parser's error (no reason of this kind)")
    func brokenDocuments() {
        for text in [#"{"a": }"#, "[1, 2", "<plist><array><string>x</array>", "hello"] {
            #expect(NotADataset.reason(for: Array(text.utf8), claimsArchive: false, upload: false) == nil, "\(text)")
        }
    }

    @Test(
        "something named or sent as a ZIP archive that is none says what its first bytes are",
        arguments: [
            (Array("<html><body>404 Not Found</body></html>".utf8), #"it begins with the text "<html><body>404 Not Foun…""#),
            ([0x1F, 0x8B, 8, 0, 0], "it is a gzip file"),
            ([], "it is empty"),
            ([0x00, 0x01, 0xFE, 0x80, 0x10], "it begins with the bytes 00 01 FE 80 10"),
            (Array("Rar!\u{1A}\u{07}".utf8), "it is a RAR archive"),
        ] as [([UInt8], String)])
    func falseArchive(_ bytes: [UInt8], _ description: String) {
        let reason = NotADataset.reason(for: bytes, claimsArchive: true, upload: false)
        #expect(reason == "is not a ZIP archive (\(description), where a ZIP archive begins with PK); "
            + "zip the Settings.bundle folder, or import the folder itself")
        #expect(NotADataset.reason(for: bytes, claimsArchive: true, upload: true)?.hasPrefix("the body is not a ZIP archive (") == true)
    }
}
