// ListRenderTests — a hero cell's estimated height: its parts, and text wrapped at words as the page wraps it
import Models
import Testing

@testable import ListRender

@Suite("Hero heights estimated from their texts")
struct HeroHeightEstimateTests {
    private static func height(_ fields: Fields, width: Double = 360) -> Double {
        TableMetrics.heroHeight(fields, width: width)
    }

    @Test("a hero with only a name is its icon's height; tags and each line of description add theirs")
    func parts() {
        #expect(Self.height(["name": .string("Ada")]) == 84)
        #expect(Self.height(["name": .string("Ada"), "desc": .string("")]) == 84)
        #expect(Self.height(["name": .string("Ada"), "tags": .array([.string("Mage")]), "desc": .string("Calm.")]) == 95)
        #expect(Self.height(["name": .string("Ada"), "tags": .string(" , ")]) == 84, "tags that are all blank are none")
        let classic: Fields = ["name": .string("Ada"), "intro": .string("a\nb\nc")]
        #expect(Self.height(classic) == 28 + 22 + 3 * 18)
    }

    @Test("a long title wraps the heading to more lines at 360 points than at 1,280")
    func headingWraps() {
        let fields: Fields = [
            "name": .string("Grace"), "title": .string("keeper of the northern gate and the long road home"),
            "tags": .array([.string("Tank")]),
        ]
        #expect(Self.height(fields, width: 360) == 28 + 2 * 22 + 27)
        #expect(Self.height(fields, width: 1_280) == 84, "one line: 28 + 22 + 27 is under the icon's 84")
    }

    @Test("text breaks at spaces: words that do not fit go whole to the next line")
    func wordsGoWhole() {
        // Each word is 5 letters (38.5 points at 14) and the line holds 100: two words a line (38.5 + 4.5 + 38.5).
        var wrap = TextWrap(lineWidth: 100)
        wrap.add("alpha bravo delta gamma omega", size: 14)
        #expect(wrap.lines == 3)
        var spaces = TextWrap(lineWidth: 100)
        spaces.add("alpha   bravo\n\ndelta", size: 14)
        #expect(spaces.lines == 3, "runs of spaces are one space; each \\n ends a line")
        var long = TextWrap(lineWidth: 100)
        long.add(String(repeating: "x", count: 30), size: 14)
        #expect(long.lines == 3, "a word longer than the line breaks where it must: 231 points over 100")
        var chinese = TextWrap(lineWidth: 100)
        chinese.add(String(repeating: "守", count: 15), size: 14)
        #expect(chinese.lines == 3, "CJK characters break anywhere, seven of 14 points a line")
    }
}
