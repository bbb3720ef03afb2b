// ListRenderTests — fragment renderer: values shown as the iOS models read them
import Models
import Testing

@testable import ListRender

@Suite("Fragment renderer: values shown as the iOS models read them")
struct RenderCoercedValueTests {
    @Test("a message whose send_time is a string of unix seconds shows its date, as the samples' model does")
    func sendTimeString() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .messages,
                rows: [
                    ["send_time": .string("1576139886"), "title": .string("余额变动提醒"), "content": .string("变动")],
                    ["send_time": .string("951782400.5"), "title": .string("Leap")],
                    ["send_time": .string(" 1576139886"), "title": .string("Spaced")],
                ]))
        #expect(html.contains("<time datetime=\"2019-12-12\">2019-12-12</time>"))
        #expect(html.contains(">2000-02-29</time>"))
        #expect(RenderFixture.count("<time", in: html) == 2)
        #expect(FragmentRenderer.messageDate(.string("1576139886")) == "2019-12-12")
        #expect(FragmentRenderer.messageDate(.string("-1")) == "1969-12-31")
        #expect(FragmentRenderer.messageDate(.string("1576139886x")) == nil)
        RenderFixture.expectWellFormed(html)
    }

    @Test("seed-shaped messages and friends files, imported, render their strings as the iOS samples do")
    func importedSeedShapedFiles() throws {
        let messages = try DatasetImporter.importDataset(
            Array(#"[{"send_time":"1576139886","title":"余额变动提醒","content":"变动资金-103.40元"}]"#.utf8),
            using: DatasetDecoder(file: "messages.json", id: "messages"))
        let messageHTML = RenderFixture.html(
            RenderFixture.window(messages.kind, rows: messages.sections[0].rows.map(\.fields)))
        #expect(messageHTML.contains("<span class=\"tt\">余额变动提醒</span><time datetime=\"2019-12-12\">"))

        let friends = try DatasetImporter.importDataset(
            Array(#"[{"name":"我的好友","online":"2","friends":[{"name":"林小雨","vip":true},{"name":"阿杰"}]}]"#.utf8),
            using: DatasetDecoder(file: "friends.json", id: "friends"))
        let metrics = TableMetrics(for: friends)
        let section = friends.sections[0]
        let header = FragmentHeader(
            section: 0, sectionID: section.id, y: 0, height: metrics.headerHeight, title: metrics.title(of: section),
            fields: section.fields, rowCount: section.rows.count, isExpanded: false, isCollapsible: true)
        let friendHTML = RenderFixture.html(
            FragmentWindow(kind: friends.kind, style: friends.style, version: 1, contentHeight: 44, headers: [header]))
        #expect(friendHTML.contains("<span class=\"ht\">我的好友</span><span class=\"hn\">2 / 2</span>"))
    }

    @Test("a friend group's online of \"2\" counts as 2 in its online / total; one that is no integer as 0")
    func onlineString() {
        let headers = [FieldValue.string("2"), .string("-1"), .string("two"), .real(2)].enumerated().map {
            FragmentHeader(
                section: $0.offset, sectionID: SectionID(Int64($0.offset + 1)), y: Double($0.offset * 44), height: 44,
                title: "G", fields: ["online": $0.element], rowCount: 5, isExpanded: false, isCollapsible: true)
        }
        let html = RenderFixture.html(
            FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 176, headers: headers))
        #expect(html.contains("<span class=\"hn\">2 / 5</span>"))
        #expect(html.contains("<span class=\"hn\">-1 / 5</span>"))
        #expect(RenderFixture.count("<span class=\"hn\">0 / 5</span>", in: html) == 2)
    }

    @Test("names, titles, intros and contents that are numbers show their digits in every kind's cell")
    func numbersAsText() {
        let friends = RenderFixture.html(
            RenderFixture.window(.friends, rows: [["name": .int(42), "intro": .real(1.5), "vip": .bool(true)]]))
        #expect(friends.contains("<div class=\"t1 vip\">42</div><div class=\"t2\">1.5</div>"))
        #expect(friends.contains("\">4</span>"))
        let heroes = RenderFixture.html(
            RenderFixture.window(
                .heroes,
                rows: [
                    [
                        "name": .int(7), "title": .real(2), "desc": .int(100),
                        "tags": .array([.int(1), .string("Mage")]),
                    ]
                ]
            ))
        #expect(heroes.contains("<span class=\"nm\">7</span><span class=\"ti\">2</span>"))
        #expect(heroes.contains("<span class=\"tag\">1</span><span class=\"tag\">Mage</span>"))
        #expect(heroes.contains(">100</p>"))
        #expect(FragmentRenderer.heroTags(.int(3)) == ["3"])
        let apps = RenderFixture.html(
            RenderFixture.window(
                .apps, rows: [["name": .int(2048), "size": .string("23.4"), "download": .string("12")]]))
        #expect(apps.contains("<div class=\"t1\">2048</div><div class=\"t2\">23.4M · 12 downloads</div>"))
        #expect(FragmentRenderer.appSummary(["size": .string(""), "download": .real(.nan)]) == "")
        let messages = RenderFixture.html(
            RenderFixture.window(.messages, rows: [["send_time": .int(0), "title": .int(3), "content": .real(0.5)]]))
        #expect(messages.contains("<span class=\"tt\">3</span>"))
        #expect(messages.contains("<div class=\"t2\">0.5</div>"))
    }

    @Test("a generic row's title or name that is a number is its title; other numbers are never picked as text")
    func genericTitleNumber() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .generic,
                rows: [["title": .int(2019), "detail": .string("Year")], ["id": .int(3), "city": .string("Oslo")]]))
        #expect(html.contains("<div class=\"t1\">2019</div><div class=\"t2\">Year</div>"))
        #expect(html.contains("<div class=\"t1\">Oslo</div></div>"))
        #expect(DatasetKind.primaryTextKey(of: ["name": .real(1.5), "x": .string("y")]) == "name")
    }

    @Test("a section's title is its name or title as text, a number's digits included")
    func sectionTitleNumber() {
        let metrics = TableMetrics(
            for: Dataset(
                id: "g", title: "G", kind: .friends, style: .plain, shape: SourceShape(rowsKey: "friends"),
                sections: []))
        #expect(metrics.title(of: Section(id: SectionID(1), fields: ["name": .int(2024)], rows: [])) == "2024")
        #expect(metrics.title(of: Section(id: SectionID(2), fields: ["title": .string("T")], rows: [])) == "T")
        #expect(metrics.title(of: Section(id: SectionID(3), fields: ["name": .bool(true)], rows: [])) == "")
    }

    @Test("an icon name that is a number names the image of its digits")
    func iconNumber() {
        let html = RenderFixture.html(RenderFixture.window(.apps, rows: [["name": .string("A"), "icon": .int(12)]]))
        #expect(html.contains("src=\"/icons/12.svg\""))
    }
}
