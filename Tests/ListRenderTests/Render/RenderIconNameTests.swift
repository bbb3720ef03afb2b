// ListRenderTests — icon names
import Models
import Testing

@testable import ListRender

@Suite("Icon names")
struct RenderIconNameTests {
    @Test(
        "names of letters, digits, _ and - are kept",
        arguments: ["friend-01", "A_b-9", "x", String(repeating: "a", count: 64)])
    func safeNames(name: String) {
        #expect(IconName.sanitized(.string(name)) == name)
    }

    @Test(
        "anything else is refused",
        arguments: [
            "", "../etc/passwd", "a\"b", "a'b", "x y", "a/b", "a.svg", "<img>", "é", "a%2e", "a\0b",
            String(repeating: "a", count: 65),
        ])
    func unsafeNames(name: String) {
        #expect(IconName.sanitized(.string(name)) == nil)
    }

    @Test("a missing icon, or one without text, is refused")
    func nonStrings() {
        #expect(IconName.sanitized(nil) == nil)
        #expect(IconName.sanitized(.bool(true)) == nil)
        #expect(IconName.sanitized(.real(-1.5)) == nil)
        #expect(IconName.sanitized(.array([.string("a")])) == nil)
    }

    @Test("a row with an unsafe icon gets the placeholder and never an image of that name")
    func rowWithUnsafeIcon() {
        let html = RenderFixture.html(
            RenderFixture.window(.apps, rows: [["name": .string("Zed"), "icon": .string("../../secret")]]))
        #expect(!html.contains("<img"))
        #expect(!html.contains("secret"))
        #expect(html.contains("class=\"icon ph\""))
        #expect(html.contains(">Z</span>"))
    }
}
