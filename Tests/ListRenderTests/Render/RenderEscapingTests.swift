// ListRenderTests — fragment renderer: escaping of dataset text
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Fragment renderer: escaping of dataset text")
struct RenderEscapingTests {
    static let hostile = "<script>alert('x')</script> \"Tom\" & <b>Jerry</b>"
    static let escaped =
        "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &quot;Tom&quot; &amp; &lt;b&gt;Jerry&lt;/b&gt;"

    @Test(
        "HTMLBuffer.text escapes the five special characters and keeps everything else",
        arguments: [
            ("plain", "plain"), ("a&b", "a&amp;b"), ("<>", "&lt;&gt;"), ("\"'", "&quot;&#39;"),
            ("林小雨 🏃", "林小雨 🏃"), ("", ""), ("&amp;", "&amp;amp;"),
            ("a\u{0}b", "a\u{FFFD}b"), ("\u{1}\u{1B}[31m\u{7F}", "\u{FFFD}\u{FFFD}[31m\u{FFFD}"),
            ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
        ])
    func bufferEscapes(input: String, output: String) {
        var buffer = HTMLBuffer()
        buffer.text(input)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == output)
    }

    @Test("HTMLBuffer.text, which skips 8 bytes at a time, escapes like a byte-by-byte escaper at every position")
    func wordScanMatchesByteByByte() {
        func naive(_ text: String) -> String {
            var out = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": out += "&amp;"
                case "<": out += "&lt;"
                case ">": out += "&gt;"
                case "\"": out += "&quot;"
                case "'": out += "&#39;"
                case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
                case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\u{FFFD}"
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out
        }
        // Every special byte and some near misses (bytes one off, high bytes) at every offset of
        // texts of 0…40 bytes, so each lands in a word, across words and in the tail.
        let pieces = [
            "&", "<", ">", "\"", "'", "%", "=", "?", ";", "!", "(", "林", "é", "🏃", "\u{0}", "\u{1F}", "\u{7F}",
            "\t", "\n", "\r", "\u{B}",
        ]
        var random = SplitMix64(seed: 11)
        for length in 0...40 {
            for piece in pieces {
                for position in 0...length {
                    var text = String((0..<length).map { _ in Character(UnicodeScalar(UInt8(97 + random.next() % 26))) })
                    text.insert(contentsOf: piece, at: text.index(text.startIndex, offsetBy: position))
                    var buffer = HTMLBuffer()
                    buffer.text(text)
                    #expect(String(decoding: buffer.bytes, as: UTF8.self) == naive(text), "\(text)")
                }
            }
        }
    }

    @Test(
        "needsEntity finds a markup or control byte of any value at any position of texts up to 20 bytes and around 32, and no other"
    )
    func needsEntityEveryByteEveryPosition() {
        let controls = (0..<0x20).filter { $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }.map(UInt8.init) + [0x7F]
        let special = Set<UInt8>([0x26, 0x3C, 0x3E, 0x22, 0x27] + controls)
        // Every length up to 20 (the short gatherings, one block of 16 and two overlapping), then lengths
        // around two blocks (two, two overlapping, three).
        for length in Array(0...20) + [31, 32, 33] {
            for position in 0..<Swift.max(length, 1) {
                for value in 0...255 {
                    // Around the byte, one that is never special, then ones next to a special one in value (or in
                    // value with a low bit set, as the word test reads them).
                    for filler: UInt8 in [UInt8(ascii: "a"), 0x25, 0x3D, 0x23, 0xE6, 0x0A, 0x09] {
                        var bytes = [UInt8](repeating: filler, count: length)
                        if length > 0 { bytes[position] = UInt8(value) }
                        let needs = bytes.withUnsafeBytes { HTMLBuffer.needsEntity($0) }
                        #expect(needs == bytes.contains(where: special.contains), "\(bytes)")
                    }
                }
            }
        }
    }

    @Test("hostile text in every field of every kind comes out escaped", arguments: DatasetKind.allCases)
    func everyKindEscapes(kind: DatasetKind) {
        let text = FieldValue.string(Self.hostile)
        let fields: Fields = [
            "name": text, "intro": text, "vip": .bool(true), "title": text, "desc": text, "tags": .array([text]),
            "size": text, "download": text, "send_time": .int(0), "content": text, "read": .bool(false),
            "text": text, "detail": text,
        ]
        let header = FragmentHeader(
            section: 0, sectionID: SectionID(1), y: 0, height: 44, title: Self.hostile, fields: ["online": .int(1)],
            rowCount: 1, isCollapsible: kind == .friends)
        let row = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(1), y: 44, height: 80, fields: fields, setSize: 1,
            canEdit: true, canMove: true)
        let footer = FragmentFooter(section: 0, sectionID: SectionID(1), y: 124, height: 30, title: Self.hostile)
        let html = RenderFixture.html(
            FragmentWindow(
                kind: kind, style: .plain, version: 1, contentHeight: 154, headers: [header], rows: [row],
                footers: [footer]))
        RenderFixture.expectWellFormed(html)
        #expect(!html.contains("alert('x')"))
        #expect(!html.contains("\"Tom\""))
        #expect(!html.contains(" & "))
        #expect(RenderFixture.count(Self.escaped, in: html) >= 3)
    }

    @Test("a placeholder takes only letters of the name as initials; the name stays escaped")
    func placeholderEscapes() {
        let html = RenderFixture.html(
            RenderFixture.window(.friends, rows: [["name": .string("<b>Tom</b> & <i>Jo"), "icon": .string("../x")]]))
        #expect(html.contains("class=\"icon ph\" aria-hidden=\"true\" style=\"width:44px;height:44px;background:#"))
        #expect(html.contains("\">BI</span>"))
        #expect(!html.contains("<b>") && !html.contains("<i>"))
        RenderFixture.expectWellFormed(html)
    }
}
