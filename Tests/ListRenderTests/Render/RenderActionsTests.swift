// ListRenderTests — the buttons a swipe reveals: order, styles, colours, Delete's title, edit mode's button
import ListRender
import Models
import Testing

private func html(_ actions: SwipeActions?, language: UILanguage = .english, canEdit: Bool = true) -> String {
    var window = RenderFixture.window(.messages, rows: [["send_time": .int(0), "title": .string("A")]], canEdit: canEdit)
    window.rows[0].actions = actions
    window.language = language
    return RenderFixture.html(window)
}

@Suite("Fragment renderer: row actions")
struct RenderActionsTests {
    @Test("without actions a row gets one destructive Delete in the interface's language, and no leading group")
    func defaultDelete() {
        let english = html(nil)
        #expect(english.contains(#"<div class="acts t"><button type="button" class="act d" data-action="delete" tabindex="-1">Delete</button></div>"#))
        #expect(!english.contains("acts l"))
        #expect(html(nil, language: .simplifiedChinese).contains(#"data-action="delete" tabindex="-1">删除</button>"#))
        #expect(!html(nil, canEdit: false).contains("acts"))
    }

    @Test("trailing actions keep their order (the page lays them out from the edge), leading ones get their own group")
    func bothSides() {
        let actions = SwipeActions(
            trailing: [
                SwipeAction(title: "删除", style: .destructive, effect: .delete),
                SwipeAction(title: "Mark <Read>", color: "#0062cc", effect: .update(["read": .bool(true)])),
            ],
            leading: [SwipeAction(title: "Pin", color: "orange", effect: .moveTo(.top))])
        let markup = html(actions)
        let expected = #"<div class="acts t"><button type="button" class="act d" data-action="delete" tabindex="-1">删除</button>"#
            + #"<button type="button" class="act" data-action="row-action" data-edge="trailing" data-index="1" style="background:#0062cc" tabindex="-1">Mark &lt;Read&gt;</button></div>"#
            + #"<div class="acts l"><button type="button" class="act" data-action="row-action" data-edge="leading" data-index="0" style="background:orange" tabindex="-1">Pin</button></div>"#
        // After the cell's content, so that the row's accessible name starts with what it shows.
        #expect(markup.contains("</div></div>" + expected + "</div>"))
        #expect(markup.firstRange(of: #"<div class="rc""#)!.lowerBound < markup.firstRange(of: "acts t")!.lowerBound)
        RenderFixture.expectWellFormed(markup)
        #expect(FragmentRenderer.actionMarkup(actions, language: .english) == Array(expected.utf8))
    }

    @Test("an action that would change nothing on the row is left out of its markup; the others keep their index")
    func leftOutPerRow() {
        let actions = SwipeActions(trailing: [
            SwipeAction(title: "Delete", style: .destructive, effect: .delete),
            SwipeAction(title: "Read", effect: .update(["read": .bool(true)])),
            SwipeAction(title: "Unread", effect: .update(["read": .bool(false)])),
        ])
        let readRow = String(decoding: FragmentRenderer.actionMarkup(actions, language: .english, row: ["read": .bool(true)]), as: UTF8.self)
        #expect(!readRow.contains(">Read<") && readRow.contains(#"data-index="2" tabindex="-1">Unread</button>"#))
        let unreadRow = String(decoding: FragmentRenderer.actionMarkup(actions, language: .english, row: ["read": .int(0)]), as: UTF8.self)
        #expect(unreadRow.contains(#"data-index="1" tabindex="-1">Read</button>"#) && !unreadRow.contains(">Unread<"))
        #expect(FragmentRenderer.leavesOut(actions, row: [:]) && FragmentRenderer.leavesOut(actions, row: ["read": .bool(true)]))
        #expect(!FragmentRenderer.leavesOut(SwipeActions(trailing: [actions.trailing![0]]), row: [:]))
    }

    @Test("trailing actions that do not delete come with a Delete for edit mode only, titled by deleteTitle")
    func editModeDelete() {
        let actions = SwipeActions(trailing: [SwipeAction(title: "Archive", effect: .moveTo(.bottom))], deleteTitle: "Remove")
        let markup = html(actions)
        #expect(markup.contains(#"data-edge="trailing" data-index="0" tabindex="-1">Archive</button><button type="button" class="act d em" data-action="delete" tabindex="-1">Remove</button></div>"#))
        #expect(html(SwipeActions(deleteTitle: "Remove")).contains(#"class="act d" data-action="delete" tabindex="-1">Remove</button></div>"#))
        #expect(!html(SwipeActions(trailing: [])).contains("data-edge"))
    }

    @Test("titles given by language show in the interface's language, else the English or first title")
    func titlesByLanguage() {
        let read = LocalizedTitle(translations: [.init(tag: "zh-Hans", text: "标为已读"), .init(tag: "en", text: "Mark as Read")])
        let remove = LocalizedTitle(translations: [.init(tag: "zh", text: "删除"), .init(tag: "fr", text: "Supprimer")])
        let actions = SwipeActions(trailing: [SwipeAction(title: read, effect: .update(["read": .bool(true)]))], deleteTitle: remove)
        let english = html(actions)
        #expect(english.contains(#"tabindex="-1">Mark as Read</button>"#))
        #expect(english.contains(#"class="act d em" data-action="delete" tabindex="-1">删除</button>"#), "no English: the first")
        let chinese = html(actions, language: .simplifiedChinese)
        #expect(chinese.contains(#"tabindex="-1">标为已读</button>"#))
        #expect(chinese.contains(#"data-action="delete" tabindex="-1">删除</button>"#))
        #expect(read.text(in: .simplifiedChinese) == "标为已读" && read.text(in: .english) == "Mark as Read")
    }
}
