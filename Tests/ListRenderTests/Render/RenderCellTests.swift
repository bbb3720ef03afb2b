// ListRenderTests — fragment renderer: the cell of each kind
import Models
import Testing

@testable import ListRender

@Suite("Fragment renderer: the cell of each kind")
struct RenderCellTests {
    @Test("a friend group header groups its counts' thousands")
    func friendHeaderGroupsThousands() {
        let header = FragmentHeader(
            section: 0, sectionID: SectionID(1), y: 0, height: 44, title: "Everyone", fields: ["online": .int(1234)],
            rowCount: 1_000_000, isExpanded: false, isCollapsible: true)
        let html = RenderFixture.html(
            FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 44, headers: [header]))
        #expect(html.contains("<span class=\"hn\">1,234 / 1,000,000</span>"))
    }

    @Test("a friend group header shows its name, online / total and an arrow, with aria-expanded")
    func friendHeader() {
        let collapsed = FragmentHeader(
            section: 0, sectionID: SectionID(5), y: 0, height: 44, title: "My Friends", fields: ["online": .int(2)],
            rowCount: 4, isExpanded: false, isCollapsible: true)
        var expanded = collapsed
        expanded.section = 1
        expanded.sectionID = SectionID(6)
        expanded.isExpanded = true
        let html = RenderFixture.html(
            FragmentWindow(
                kind: .friends, style: .plain, version: 1, contentHeight: 88, headers: [collapsed, expanded]))
        #expect(html.contains("data-section-id=\"5\""))
        #expect(html.contains("aria-expanded=\"false\""))
        #expect(html.contains("aria-expanded=\"true\""))
        #expect(RenderFixture.count("<span class=\"hn\">2 / 4</span>", in: html) == 2)
        #expect(RenderFixture.count("src=\"/icons/disclosure.svg\"", in: html) == 2)
        #expect(html.contains("<span class=\"ht\">My Friends</span>"))
        #expect(html.contains("class=\"hdr h-friend\""))
    }

    @Test("a friend header without an online count shows 0 / total")
    func friendHeaderWithoutOnline() {
        let header = FragmentHeader(
            section: 0, sectionID: SectionID(1), y: 0, height: 44, title: "G", rowCount: 3, isExpanded: false,
            isCollapsible: true)
        let html = RenderFixture.html(
            FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 44, headers: [header]))
        #expect(html.contains(">0 / 3<"))
    }

    @Test("friend rows show icon, name and intro; VIP names get the vip class")
    func friendRows() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .friends,
                rows: [
                    [
                        "name": .string("Lin"), "icon": .string("friend-01"), "intro": .string("Rainy days"),
                        "vip": .bool(true),
                    ],
                    ["name": .string("Chen"), "icon": .string("friend-08"), "vip": .bool(false)],
                ]))
        #expect(html.contains("<img class=\"icon\" src=\"/icons/friend-01.svg\" alt=\"\" width=\"44\" height=\"44\">"))
        #expect(html.contains("<div class=\"t1 vip\">Lin</div><div class=\"t2\">Rainy days</div>"))
        #expect(html.contains("<div class=\"t1\">Chen</div></div>"))
        #expect(RenderFixture.count("vip", in: html) == 1)
        #expect(RenderFixture.count("data-cell=\"friend\"", in: html) == 2)
        RenderFixture.expectWellFormed(html)
    }

    @Test("a friend whose name or intro is not a string shows its text; a friend without an image shows initials")
    func friendRowsOfOtherValues() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .friends,
                rows: [
                    ["name": .int(42), "icon": .string("friend-01"), "intro": .real(1.5)],
                    ["name": .string("Ada <Lovelace>"), "intro": .string(""), "vip": .string("NO")],
                    ["intro": .string("no name"), "vip": .bool(true)],
                    ["name": .string("Grace"), "vip": .int(1)],
                    ["name": .string("Linus"), "vip": .string("yes")],
                ]))
        #expect(html.contains("<div class=\"t1\">42</div><div class=\"t2\">1.5</div>"))
        // No image: the placeholder's initials; an empty intro writes no line; a VIP is a BOOL as key-value
        // coding reads one ("NO" is not; true, 1 and "yes" are).
        #expect(html.contains(">AL</span><div class=\"tx\"><div class=\"t1\">Ada &lt;Lovelace&gt;</div></div>"))
        #expect(html.contains("<div class=\"t1 vip\"></div><div class=\"t2\">no name</div>"))
        #expect(html.contains("<div class=\"t1 vip\">Grace</div>") && html.contains("<div class=\"t1 vip\">Linus</div>"))
        #expect(RenderFixture.count("vip", in: html) == 3)
        RenderFixture.expectWellFormed(html)
    }

    @Test("a friend's cell is the same with or without a search whose query matches nothing")
    func friendRowsWhileSearching() {
        let rows: [Fields] = [
            ["name": .string("Lin & Co"), "icon": .string("friend-01"), "intro": .string("Rainy <days>"), "vip": .bool(true)],
            ["name": .string("周周 Hana"), "vip": .bool(false)],
        ]
        let plain = RenderFixture.html(RenderFixture.window(.friends, rows: rows))
        var searching = RenderFixture.window(.friends, rows: rows)
        searching.marks = SearchQuery("zzzz")
        #expect(RenderFixture.html(searching) == plain)
    }

    @Test("hero rows show name, title, each tag and the whole description, with no height: they size themselves")
    func heroRows() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .heroes,
                rows: [
                    [
                        "name": .string("Aurelian"), "title": .string("The Blade"), "icon": .string("hero-01"),
                        "desc": .string("A knight."),
                        "tags": .array([.string("Warrior"), .string("Tank")]),
                    ]
                ]))
        #expect(html.contains("<span class=\"nm\">Aurelian</span><span class=\"ti\">The Blade</span>"))
        #expect(html.contains("<span class=\"tag\">Warrior</span><span class=\"tag\">Tank</span></div>"))
        #expect(html.contains("<p class=\"desc\">A knight.</p>"))
        #expect(html.contains("data-y=\"0\" data-h=\"60\" aria-selected=\"false\""))
        #expect(html.contains("src=\"/icons/hero-01.svg\" alt=\"\" width=\"56\""))
        RenderFixture.expectWellFormed(html)
    }

    @Test("hero tags given as one string are split at commas")
    func heroStringTags() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .heroes, rows: [["name": .string("N"), "desc": .string("D"), "tags": .string("Mage, Support,, ")]]))
        #expect(html.contains("<span class=\"tag\">Mage</span><span class=\"tag\">Support</span></div>"))
        #expect(html.contains("<p class=\"desc\">D</p>"))
        #expect(FragmentRenderer.heroTags(nil).isEmpty)
    }

    @Test("app rows show size in M, downloads and a Download button")
    func appRows() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .apps,
                rows: [
                    [
                        "name": .string("Pebble"), "icon": .string("app-01"), "size": .real(23.4),
                        "download": .int(1_284_503),
                    ]
                ]))
        #expect(html.contains("<div class=\"t2\">23.4M · 1,284,503 downloads</div>"))
        #expect(html.contains("<button type=\"button\" class=\"dl\" data-action=\"download\">Download</button>"))
        #expect(html.contains("<div class=\"t1\">Pebble</div>"))
    }

    @Test("app sizes and downloads accept whole reals and strings")
    func appSummaryVariants() {
        #expect(FragmentRenderer.appSummary(["size": .real(5), "download": .string("12")]) == "5M · 12 downloads")
        #expect(
            FragmentRenderer.appSummary(["size": .string("12 MB"), "download": .string("3 thousand")])
                == "12 MB · 3 thousand")
        #expect(FragmentRenderer.appSummary(["download": .int(7)]) == "7 downloads")
        #expect(FragmentRenderer.appSummary([:]) == "")
    }

    @Test("message rows show the date of send_time in UTC and an unread dot only when read is false")
    func messageRows() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .messages,
                rows: [
                    [
                        "send_time": .int(1_772_414_100), "title": .string("Alert"), "content": .string("New sign-in"),
                        "read": .bool(false),
                    ],
                    [
                        "send_time": .int(1_767_607_200), "title": .string("Notice"), "content": .string("Upgrade"),
                        "read": .bool(true),
                    ],
                    ["send_time": .real(951_782_400.5), "title": .string("Leap"), "content": .string("Day")],
                ]))
        #expect(html.contains("<time datetime=\"2026-03-02\">2026-03-02</time>"))
        #expect(html.contains("<time datetime=\"2026-01-05\">2026-01-05</time>"))
        #expect(html.contains(">2000-02-29</time>"))
        #expect(RenderFixture.count("class=\"dot\"", in: html) == 1)
        #expect(RenderFixture.count("/icons/message-unread.svg", in: html) == 1)
        #expect(RenderFixture.count("/icons/message.svg", in: html) == 2)
        #expect(html.contains("aria-label=\"Unread\"></span><span class=\"tt\">Alert</span>"))
        #expect(html.contains("<div class=\"t2\">New sign-in</div>"))
        RenderFixture.expectWellFormed(html)
    }

    @Test("generic rows show the first string as title and the second as subtitle")
    func genericRows() {
        let html = RenderFixture.html(
            RenderFixture.window(
                .generic,
                rows: [["id": .int(3), "city": .string("Oslo"), "country": .string("Norway")], ["n": .int(1)]]))
        #expect(html.contains("<div class=\"tx\"><div class=\"t1\">Oslo</div><div class=\"t2\">Norway</div></div>"))
        #expect(html.contains("<div class=\"tx\"><div class=\"t1\"></div></div>"))
        #expect(!html.contains("<img"))
    }
}

@Suite("Fragment renderer: images with a dark appearance")
struct RenderDarkAppearanceTests {
    @Test("an image URL that names a dark appearance after a space is drawn as a picture, in every kind's cell")
    func darkAppearanceIsAPicture() {
        let pair = "/assets/1/Assets.xcassets/star.imageset/star%403x.png /assets/1/Assets.xcassets/star.imageset/star-dark%403x.png"
        for kind in [DatasetKind.friends, .heroes, .apps, .generic] {
            let row = FragmentRow(
                indexPath: IndexPath(row: 0, section: 0), id: RowID(100), y: 0, height: 60,
                fields: ["name": .string("Star"), "icon": .string("star")], setSize: 1, imageURL: pair)
            let html = RenderFixture.html(FragmentWindow(kind: kind, style: .plain, version: 1, contentHeight: 60, rows: [row]))
            #expect(html.contains(
                #"<picture><source media="(prefers-color-scheme: dark)" srcset="/assets/1/Assets.xcassets/star.imageset/star-dark%403x.png">"#
                    + #"<img class="icon" src="/assets/1/Assets.xcassets/star.imageset/star%403x.png""#), "\(kind)")
            #expect(RenderFixture.count("</picture>", in: html) == 1, "\(kind)")
        }
        let plain = FragmentRow(
            indexPath: IndexPath(row: 0, section: 0), id: RowID(100), y: 0, height: 60,
            fields: ["name": .string("Star")], setSize: 1, imageURL: "/icons/friend-01.svg")
        let html = RenderFixture.html(FragmentWindow(kind: .friends, style: .plain, version: 1, contentHeight: 60, rows: [plain]))
        #expect(!html.contains("<picture") && html.contains(#"<img class="icon" src="/icons/friend-01.svg""#))
    }

    @Test("the dark appearance starts after the first space of a URL of any length up to 40 bytes, wherever it is")
    func darkAppearanceStartMatchesAByteByByteSearch() {
        for length in 0...40 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            for space in [nil] + Array(0..<length) {
                var url = plain
                if let space { url[space] = UInt8(ascii: " ") }
                let found = url.withUnsafeBytes { FragmentRenderer.darkAppearanceStart($0) }
                #expect(found == space.map { $0 + 1 }, "a space at \(String(describing: space)) of \(length) bytes")
            }
        }
    }
}
