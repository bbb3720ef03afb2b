// ListRenderTests — placeholders for images that resolve nowhere
import Models
import TestSupport
import Testing

@testable import ListRender

@Suite("Placeholders: initials on a colour picked from the name")
struct RenderPlaceholderTests {
    @Test(
        "the initials are the first letters of the first two words that start with one, upper-cased",
        arguments: [
            ("Ada Lovelace", "AL"), ("lin", "L"), ("Mary-Jane Watson Parker", "MJ"), ("张伟", "张"),
            ("  spaced   out ", "SO"), ("", ""), ("42 Club", "C"), ("Émile Zola", "ÉZ"), ("Player 9", "P"),
            ("好友 1", "好"), ("2048", "2"), ("Friend 0-12 Zed", "FZ"), ("7 Days 2 Die", "DD"),
        ])
    func initials(_ name: String, _ expected: String) {
        #expect(Placeholder.initials(of: name) == expected)
    }

    @Test("the same name always gets the same colour, and names spread over the palette")
    func colours() {
        #expect(Placeholder.colour(for: "Ada").description == Placeholder.colour(for: "Ada").description)
        let names = (0..<200).map { "Friend \($0)" }
        let used = Set(names.map { Placeholder.colour(for: $0).description })
        #expect(used.count == Placeholder.palette.count)
    }

    @Test("a row without a resolved image gets a placeholder span and no img, whatever its icon says")
    func noRequest() {
        var window = RenderFixture.window(.apps, rows: [["name": .string("Tide Clock"), "icon": .string("no such")]])
        window.rows[0].imageURL = nil
        let html = RenderFixture.html(window)
        #expect(!html.contains("<img"))
        #expect(html.contains("<span class=\"icon ph\""))
        #expect(html.contains(">TC</span>"))
    }

    @Test("a resolved image is linked with its URL escaped")
    func resolved() {
        var window = RenderFixture.window(.apps, rows: [["name": .string("A"), "icon": .string("a")]])
        window.rows[0].imageURL = "/assets/0/a%20b@2x.png?v=1f-2&x=\"y\""
        let html = RenderFixture.html(window)
        #expect(html.contains("<img class=\"icon\" src=\"/assets/0/a%20b@2x.png?v=1f-2&amp;x=&quot;y&quot;\""))
    }

    @Test("an ASCII name's initials, read a byte at a time, are the ones Unicode's classes give, on seeded names")
    func asciiAgreesWithUnicode() {
        let alphabet = Array("aZm09 \t\r\n\u{0B}\u{0C}-_.&'!@#~\u{1F}\u{7F}")
        var generator = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let length = Int(generator.next() % 9)
            let name = String((0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
            #expect(
                Placeholder.asciiInitials(of: name) == Placeholder.unicodeInitials(of: name), "\(name.debugDescription)")
        }
        #expect(Placeholder.asciiInitials(of: "Zoë Li") == nil, "a byte past ASCII leaves it to Unicode")
    }
}
