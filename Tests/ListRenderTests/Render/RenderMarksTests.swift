// ListRenderTests — fragment renderer: search matches marked in cell texts
import Models
import Testing

@testable import ListRender

@Suite("Fragment renderer: search matches are marked in cell texts, escaped, never in attributes")
struct RenderMarksTests {
    static func marked(_ text: String, _ query: String) -> String {
        var buffer = HTMLBuffer()
        buffer.marking = SearchQuery(query)
        buffer.cellText(text)
        return String(decoding: buffer.bytes, as: UTF8.self)
    }

    @Test(
        "cellText marks every match, case folded, with escaped text on either side",
        arguments: [
            ("Tom & Jerry", "m & j", "To<mark>m &amp; J</mark>erry"),
            ("Tom & Jerry", "amp", "Tom &amp; Jerry"),
            ("<b>bold</b>", "<b>", "<mark>&lt;b&gt;</mark>bold&lt;/b&gt;"),
            ("\"quoted\" 'x'", "\"q", "<mark>&quot;q</mark>uoted&quot; &#39;x&#39;"),
            ("Ava ava AVA", "ava", "<mark>Ava</mark> <mark>ava</mark> <mark>AVA</mark>"),
            ("aaaa", "aa", "<mark>aa</mark><mark>aa</mark>"),
            ("Une ÉCOLE", "école", "Une <mark>ÉCOLE</mark>"),
            ("ΟΔΥΣΣΕΑΣ", "σσ", "ΟΔΥ<mark>ΣΣ</mark>ΕΑΣ"),
            ("今天也要元气满满！", "元气", "今天也要<mark>元气</mark>满满！"),
            ("run 🏃 run", "🏃", "run <mark>🏃</mark> run"),
            ("İstanbul", "i", "<mark>İ</mark>stanbul"),
            ("no match here", "zz", "no match here"),
            ("", "a", ""),
        ])
    func cellText(text: String, query: String, html: String) {
        #expect(Self.marked(text, query) == html)
    }

    @Test("without a search cellText is text")
    func noSearch() {
        var buffer = HTMLBuffer()
        buffer.cellText("a & b")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "a &amp; b")
    }

    @Test("in every kind, removing the marks gives the unmarked fragment, and the searched texts are marked",
          arguments: DatasetKind.allCases)
    func everyKind(kind: DatasetKind) {
        let text = FieldValue.string("Ada & <Ada> \"ada\"")
        let fields: Fields = [
            "name": text, "intro": text, "title": text, "text": text, "detail": text, "desc": text, "tags": .array([text]), "content": text,
            "icon": .string("ada"), "size": .string("ada"), "download": .int(3), "send_time": .int(0),
            "read": .bool(false), "vip": .bool(true),
        ]
        var window = RenderFixture.window(kind, rows: [fields], canEdit: true, canMove: true)
        window.headers = [
            FragmentHeader(section: 0, sectionID: SectionID(1), y: 0, height: 28, title: "Ada", rowCount: 1),
        ]
        let plain = RenderFixture.html(window)
        window.marks = SearchQuery("ADA")
        window.matches = 1
        let html = RenderFixture.html(window)
        #expect(html.contains("data-matches=\"1\""))
        let unmarked = html.replacingOccurrences(of: "<mark>", with: "").replacingOccurrences(of: "</mark>", with: "")
            .replacingOccurrences(of: "\" data-matches=\"1", with: "")
        #expect(unmarked == plain)
        #expect(html.contains("<mark>Ada</mark> &amp; &lt;<mark>Ada</mark>&gt; &quot;<mark>ada</mark>&quot;"))
        #expect(html.contains("<span class=\"ht\">Ada</span>"), "section titles are not marked")
        #expect(!html.contains("=\"<mark>") && !html.contains("/icons/<mark>"), "never inside an attribute")
        let expected: Int = switch kind {
        case .friends: 2 * 3  // name, intro
        case .heroes: 4 * 3  // name, title, tag, desc
        case .apps: 1 * 3  // name; the size line is not searched
        case .messages: 2 * 3  // title, content
        case .generic: 2 * 3  // primary and secondary lines
        case .table, .settings: 1 * 3  // a default-style cell shows its text
        }
        #expect(RenderFixture.count("<mark>", in: html) == expected)
    }
}
