// ModelsTests — row actions: reading, checking with key paths, the nearest level winning, round trips
import Models
import Testing

private func importing(_ json: String, id: String = "list") throws(ImportError) -> Dataset {
    try DatasetImporter.importDataset(Array(json.utf8), using: DatasetDecoder(file: "\(id).json", id: id))
}

/// The import error of `json`, or nil when it imports.
private func importFailure(_ json: String) -> ImportError? {
    do {
        _ = try importing(json)
        return nil
    } catch {
        return error
    }
}

private let messages = #"""
    {"messages": [{"send_time": 1, "title": "a", "content": "x"}, {"send_time": 2, "title": "b", "content": "y"}],
     "trailingActions": [{"title": "删除", "style": "destructive", "delete": true},
                         {"title": "标为已读", "color": "#0062cc", "update": {"read": true}}],
     "leadingActions": [{"title": "置顶", "moveTo": "top"}],
     "deleteTitle": "删除"}
    """#

@Suite("Row actions (trailingActions, leadingActions, deleteTitle)")
struct SwipeActionsTests {
    @Test("a list beside row actions in its root dictionary imports with them, and exports them back in place")
    func rootLevelActions() throws {
        let dataset = try importing(messages)
        #expect(dataset.kind == .messages)
        #expect(dataset.rowCount == 2)
        let actions = SwipeActions(try #require(dataset.shape.document))
        #expect(actions.deleteTitle == "删除")
        #expect(actions.trailing == [
            SwipeAction(title: "删除", style: .destructive, effect: .delete),
            SwipeAction(title: "标为已读", color: "#0062cc", effect: .update(["read": .bool(true)])),
        ])
        #expect(actions.leading == [SwipeAction(title: "置顶", effect: .moveTo(.top))])
        let exported = DatasetEncoder.encode(dataset)
        #expect(exported.dictValue?.keys == ["messages", "trailingActions", "leadingActions", "deleteTitle"])
        #expect(exported.dictValue?["messages"]?.arrayValue?.count == 2)
        #expect(try importing(String(decoding: JSONWriter.write(exported), as: UTF8.self)).shape == dataset.shape)
    }

    @Test(
        "a broken action is refused with its key path and what was expected",
        arguments: [
            (#"[{"title": "", "delete": true}]"#, "trailingActions[0].title", "1 to 100 characters"),
            (#"[{"delete": true}]"#, "trailingActions[0].title", "missing required key \"title\""),
            (#"[{"title": "A"}]"#, "trailingActions[0]", "exactly one effect (delete, update or moveTo), found none"),
            (#"[{"title": "A", "delete": true, "moveTo": "top"}]"#, "trailingActions[0]", "found delete and moveTo"),
            (#"[{"title": "A", "moveTo": "middle"}]"#, "trailingActions[0].moveTo", "one of top, bottom"),
            (#"[{"title": "A", "style": "red", "delete": true}]"#, "trailingActions[0].style", "normal, destructive"),
            (#"[{"title": "A", "color": "red;x:url(a)", "delete": true}]"#, "trailingActions[0].color", "a colour"),
            (##"[{"title": "A", "color": "#12345", "delete": true}]"##, "trailingActions[0].color", "a colour"),
            (#"[{"title": "A", "update": {}}]"#, "trailingActions[0].update", "the keys to set"),
            (#"[{"title": "A", "delete": false}]"#, "trailingActions[0].delete", "expected true"),
            (#"{"title": "A", "delete": true}"#, "trailingActions", "an array of actions"),
            (#"[1]"#, "trailingActions[0]", "an action dictionary"),
            (#"[{"title": {}, "delete": true}]"#, "trailingActions[0].title", "1 to 16 languages"),
            (#"[{"title": {"en": ""}, "delete": true}]"#, "trailingActions[0].title.en", "1 to 100 characters"),
            (#"[{"title": {"en": ["A"]}, "delete": true}]"#, "trailingActions[0].title.en", "1 to 100 characters"),
            (#"[{"title": {"english!": "A"}, "delete": true}]"#, "trailingActions[0].title.english!", "a language tag"),
            (#"[{"title": {"zh-": "A"}, "delete": true}]"#, "trailingActions[0].title.zh-", "a language tag"),
        ])
    func refusals(actions: String, path: String, message: String) throws {
        let error = try #require(importFailure(#"{"rows": [{"title": "x"}], "trailingActions": "# + actions + "}"))
        #expect(error.path == path)
        #expect(error.message.contains(message), "\(error.message)")
    }

    @Test("a title in several languages keeps them in order, picks by tag and falls back to English, else the first")
    func titlesByLanguage() throws {
        let dataset = try importing(#"""
            {"rows": [{"title": "x"}],
             "trailingActions": [{"title": {"zh-Hans": "标为已读", "en": "Mark as Read"}, "update": {"read": true}}],
             "leadingActions": [{"title": {"zh": "置顶", "ja": "ピン"}, "moveTo": "top"}],
             "deleteTitle": {"zh-Hans": "删除", "en-GB": "Delete"}}
            """#)
        let actions = SwipeActions(try #require(dataset.shape.document))
        let read = try #require(actions.trailing?.first?.title)
        #expect(read.translations.map(\.tag) == ["zh-Hans", "en"])
        #expect(read.fallback == "Mark as Read")
        #expect(read.text { $0.hasPrefix("zh") } == "标为已读")
        #expect(read.text { $0 == "fr" } == "Mark as Read")
        #expect(actions.leading?.first?.title.fallback == "置顶", "without English the first title is the fallback")
        #expect(actions.deleteTitle?.fallback == "Delete")
        #expect(LocalizedTitle("Plain").text { _ in true } == "Plain")
        let exported = DatasetEncoder.encode(dataset)
        #expect(try importing(String(decoding: JSONWriter.write(exported), as: UTF8.self)).shape == dataset.shape)
        let error = try #require(importFailure(#"{"rows": [{"title": "x"}], "deleteTitle": {"en": true}}"#))
        #expect(error.path == "deleteTitle.en")
    }

    @Test("more than eight actions on a side are refused; a root with two lists is still refused")
    func limits() throws {
        let nine = Array(repeating: #"{"title": "A", "delete": true}"#, count: 9).joined(separator: ",")
        let error = try #require(importFailure(#"{"rows": [{"title": "x"}], "leadingActions": [\#(nine)]}"#))
        #expect(error.path == "leadingActions" && error.message.contains("at most 8"))
        #expect(importFailure(#"{"name": "n", "rows": [{"title": "x"}], "more": [{"title": "y"}]}"#) != nil)
    }

    @Test("a table document's table, section and row levels each give actions; the nearest wins key by key")
    func nearestWins() throws {
        let dataset = try importing(#"""
            {"table": {"deleteTitle": "Remove", "trailingActions": [{"title": "T", "delete": true}],
              "sections": [
                {"leadingActions": [{"title": "S", "moveTo": "bottom"}],
                 "rows": [{"text": "a", "editingStyle": "delete", "trailingActions": [{"title": "R", "update": {"x": 1}}]},
                          {"text": "b", "editingStyle": "delete"}]},
                {"rows": [{"text": "c", "editingStyle": "delete", "deleteTitle": "Drop"}]}]}}
            """#)
        let table = SwipeActions(try #require(TableDocument.tableFields(of: dataset.shape)))
        let first = SwipeActions(dataset.sections[0].fields).overriding(table)
        let rowA = SwipeActions(dataset.sections[0].rows[0].fields).overriding(first)
        #expect(rowA.trailing?.map(\.title) == ["R"])
        #expect(rowA.leading?.map(\.title) == ["S"])
        #expect(rowA.deleteTitle == "Remove")
        let rowB = SwipeActions(dataset.sections[0].rows[1].fields).overriding(first)
        #expect(rowB.trailing?.map(\.title) == ["T"])
        let rowC = SwipeActions(dataset.sections[1].rows[0].fields).overriding(SwipeActions(dataset.sections[1].fields).overriding(table))
        #expect(rowC.leading == nil)
        #expect(rowC.deleteTitle == "Drop")
        let error = try #require(importFailure(#"{"table": {"sections": [{"rows": [{"text": "a", "leadingActions": [{"title": "A", "moveTo": 3}]}]}]}}"#))
        #expect(error.path == "table.sections[0].rows[0].leadingActions[0].moveTo")
    }

    @Test("an update a row already holds changes nothing: a BOOL read as key-value coding reads one, an absent BOOL as NO")
    func changesNothing() {
        let read = SwipeAction(title: "Mark as Read", effect: .update(["read": .bool(true)]))
        let unread = SwipeAction(title: "Mark as Unread", effect: .update(["read": .bool(false)]))
        #expect(read.changesNothing(in: ["read": .bool(true)]))
        #expect(read.changesNothing(in: ["read": .int(1), "title": .string("x")]))
        #expect(!read.changesNothing(in: ["read": .int(0)]))
        #expect(!read.changesNothing(in: [:]))
        #expect(unread.changesNothing(in: [:]))
        #expect(unread.changesNothing(in: ["read": .string("NO")]))
        let both = SwipeAction(title: "Flag", effect: .update(["flag": .string("red"), "note": .null]))
        #expect(both.changesNothing(in: ["flag": .string("red")]))
        #expect(!both.changesNothing(in: ["flag": .string("red"), "note": .string("n")]))
        #expect(!both.changesNothing(in: ["flag": .string("blue")]))
        #expect(!SwipeAction(title: "Delete", effect: .delete).changesNothing(in: [:]))
        #expect(!SwipeAction(title: "Pin", effect: .moveTo(.top)).changesNothing(in: [:]))
    }
}
