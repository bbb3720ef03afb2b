// ListRenderTests — section index titles
import Testing

@testable import ListRender

@Suite("Section index titles")
struct IndexTitleTests {
    @Test("a title files under its Latin initial, without accents, or under #")
    func initials() {
        #expect(SectionIndex.initial(of: "alice") == "A")
        #expect(SectionIndex.initial(of: "Bob") == "B")
        #expect(SectionIndex.initial(of: "  carol") == "C")
        #expect(SectionIndex.initial(of: "Émilie") == "E")
        #expect(SectionIndex.initial(of: "øyvind") == "O")
        #expect(SectionIndex.initial(of: "Zoë") == "Z")
        #expect(SectionIndex.initial(of: "42 friends") == "#")
        #expect(SectionIndex.initial(of: "张伟") == "#")
        #expect(SectionIndex.initial(of: "") == "#")
        #expect(SectionIndex.initial(of: "Æsir") == "#")
    }

    @Test("the full index shows A–Z and #, and a title without a section jumps to the next section that has one")
    func fullAlphabet() {
        let index = SectionIndex(sectionTitles: ["Anna", "Bob", "Dave", "dora", "Zed", "42"])
        #expect(index.titles.count == 27)
        #expect(index.titles.first == "A" && index.titles.last == "#")
        func target(_ title: String) -> Int? { index.section(forTitle: title, at: index.titles.firstIndex(of: title)!) }
        #expect(target("A") == 0)
        #expect(target("B") == 1)
        #expect(target("C") == 2)
        #expect(target("D") == 2)
        #expect(target("E") == 4)
        #expect(target("Z") == 4)
        #expect(target("#") == 5)
    }

    @Test("titles after the last filed section jump to the last section")
    func titlesPastTheEnd() {
        let index = SectionIndex(sectionTitles: ["Anna", "Bob"])
        #expect(index.section(forTitle: "Q", at: 16) == 1)
        #expect(index.section(forTitle: "#", at: 26) == 1)
    }

    @Test("the used-letters index lists only initials that occur, in index order")
    func usedLetters() {
        let index = SectionIndex(sectionTitles: ["Zed", "anna", "7", "Bob", "Ann"], letters: .used)
        #expect(index.titles == ["A", "B", "Z", "#"])
        #expect(index.section(forTitle: "A", at: 0) == 1)
        #expect(index.section(forTitle: "Z", at: 2) == 0)
        #expect(index.section(forTitle: "#", at: 3) == 2)
    }

    @Test("a title at the wrong position is looked up by name; an unknown title or no sections give nil")
    func lookups() {
        let index = SectionIndex(sectionTitles: ["Anna", "Carl"])
        #expect(index.section(forTitle: "C", at: 99) == 1)
        #expect(index.section(forTitle: "?", at: 0) == nil)
        #expect(SectionIndex(sectionTitles: []).section(forTitle: "A", at: 0) == nil)
    }

    @Test("caller-chosen titles map repeated titles and unfiled sections sensibly")
    func customTitles() {
        let index = SectionIndex(titles: ["★", "1", "2", "1", "3"], sectionKeys: ["1", nil, "3", "★"])
        #expect(index.section(forTitle: "★", at: 0) == 3)
        #expect(index.section(forTitle: "1", at: 1) == 0)
        #expect(index.section(forTitle: "2", at: 2) == 2)
        #expect(index.section(forTitle: "1", at: 3) == 0)
        #expect(index.section(forTitle: "3", at: 4) == 2)
    }
}
