// ModelsTests — property-list format detection
import Testing

@testable import Models

@Suite("Property-list format detection") struct PropertyListFormatTests {
    @Test("binary plists are recognised by their bplist00 magic only")
    func binaryDetection() {
        #expect(PropertyListFormat.isBinaryPropertyList(BinaryPropertyListWriter.write(.int(1))))
        #expect(PropertyListFormat.isBinaryPropertyList(Array("bplist00".utf8)))
        #expect(!PropertyListFormat.isBinaryPropertyList(Array("bplist0".utf8)))
        #expect(!PropertyListFormat.isBinaryPropertyList(Array("bplist01xx".utf8)))
        #expect(!PropertyListFormat.isBinaryPropertyList([]))
    }

    @Test("XML plists are recognised after an optional byte-order mark and whitespace")
    func xmlDetection() {
        for text in [
            "<?xml version=\"1.0\"?>", "<plist>", "<!DOCTYPE plist>", "\u{FEFF}<?xml", " \n\t<plist version=\"1.0\">",
        ] {
            #expect(PropertyListFormat.isXMLPropertyList(Array(text.utf8)), "\(text)")
        }
        #expect(PropertyListFormat.isXMLPropertyList([0xFF, 0xFE, 0x3C, 0x00]))
        #expect(PropertyListFormat.isXMLPropertyList(XMLPropertyListWriter.write(.array([]))))
        for text in ["", "{\"a\": 1}", "<dict>", "x<plist>", "<?xm", "<!-- c --><plist>"] {
            #expect(!PropertyListFormat.isXMLPropertyList(Array(text.utf8)), "\(text)")
        }
    }

    @Test("detect names the format or gives nil")
    func detect() {
        #expect(PropertyListFormat.detect(BinaryPropertyListWriter.write(.bool(true))) == .binary)
        #expect(PropertyListFormat.detect(XMLPropertyListWriter.write(.bool(true))) == .xml)
        #expect(PropertyListFormat.detect(Array("[1, 2]".utf8)) == nil)
    }
}
