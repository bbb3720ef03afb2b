// ListServerTests — row actions over the API: the fragment's buttons, and rowActions run as batches
import Foundation
import HTTPServer
import ListStore
import Models
import TestSupport
import Testing

@testable import ListServer

private let messagesJSON = SampleDatasets.sample(id: "messages")!.json

/// Section 1; row 2 can be deleted and has its own trailing action; rows 3 and 4 take the table's; row 5 cannot be
/// swiped.
private let document = #"""
    {"table": {"trailingActions": [{"title": "Flag", "update": {"flagged": true}}], "sections": [
      {"leadingActions": [{"title": "Last", "moveTo": "bottom"}], "rows": [
        {"text": "a", "editingStyle": "delete", "trailingActions": [{"title": "Top", "moveTo": "top"}]},
        {"text": "b", "editingStyle": "delete"},
        {"text": "c", "editingStyle": "delete"},
        {"text": "fixed"}]}]}}
    """#

@Suite("Row actions over the API")
struct APIRowActionsTests {
    @Test("the messages sample's fragment carries Delete, Mark as Read or Mark as Unread and a leading Pin on every row; 删除, 标为已读 and 置顶 in Chinese")
    func fragmentButtons() throws {
        let api = try APIFixture(datasets: [("messages", messagesJSON)])
        for (query, delete, read, unread, pin) in [
            ("", "Delete", "Mark as Read", "Mark as Unread", "Pin"), ("&lang=zh-Hans", "删除", "标为已读", "标为未读", "置顶"),
        ] {
            let html = String(decoding: try api.get("/d/messages/fragment?height=400" + query).bodyBytes, as: UTF8.self)
            let rows = RenderCount.of("role=\"row\" data-cell=\"message\"", in: html)
            #expect(rows > 3)
            func second(_ index: Int, _ title: String) -> Int {
                RenderCount.of(">\(delete)</button><button type=\"button\" class=\"act\" data-action=\"row-action\" data-edge=\"trailing\" data-index=\"\(index)\" style=\"background:#0062cc\" tabindex=\"-1\">\(title)</button></div>", in: html)
            }
            #expect(second(1, read) > 0 && second(2, unread) > 0)
            #expect(second(1, read) + second(2, unread) == rows)
            #expect(RenderCount.of("data-edge=\"leading\" data-index=\"0\" style=\"background:#b25000\" tabindex=\"-1\">\(pin)</button>", in: html) == rows)
        }
    }

    @Test("a trailing update and a leading move run as one batch with one version and one change event")
    func runInOneBatch() throws {
        let api = try APIFixture(datasets: [("messages", messagesJSON)])
        let ids = api.rowIDs("messages")
        let unread = try #require(api.dataset("messages").sections[0].rows.first { $0.fields["read"] == .bool(false) && $0.id != RowID(ids[0]) })
        let reply = try api.batch("messages", #"{"baseVersion":1,"rowActions":[{"id":\#(unread.id),"edge":"trailing","index":1},{"id":\#(ids[5]),"edge":"leading","index":0}]}"#)
        #expect(reply.status == 200)
        #expect(api.version("messages") == 2)
        let after = api.dataset("messages").sections[0].rows
        #expect(after[0].id == RowID(ids[5]))
        #expect(after.first { $0.id == unread.id }?.fields["read"] == .bool(true))
        #expect(after.first { $0.id == unread.id }?.fields["title"] == unread.fields["title"])
        let deleted = try api.batch("messages", #"{"baseVersion":2,"rowActions":[{"id":\#(ids[1]),"edge":"trailing","index":0}]}"#)
        #expect(deleted.status == 200)
        #expect(!api.rowIDs("messages").contains(ids[1]))
    }

    @Test("an action a row does not have, or on a row that cannot be swiped, is refused with 422 and changes nothing")
    func refusals() throws {
        let api = try APIFixture(datasets: [("doc", document), ("messages", messagesJSON)])
        let tooFar = try api.batch("messages", #"{"baseVersion":1,"rowActions":[{"id":3,"edge":"trailing","index":3}]}"#)
        #expect(try expectProblem(tooFar, status: 422).contains("row 3 has 3 trailing actions; index 3 is not one of them"))
        let fixed = try api.batch("doc", #"{"baseVersion":1,"rowActions":[{"id":5,"edge":"trailing","index":0}]}"#)
        #expect(try expectProblem(fixed, status: 422).contains("row 5 cannot be swiped"))
        let edge = try api.batch("doc", #"{"baseVersion":1,"rowActions":[{"id":2,"edge":"left","index":0}]}"#)
        #expect(try expectProblem(edge, status: 422).contains("rowActions[0].edge"))
        let missing = try api.batch("doc", #"{"baseVersion":1,"rowActions":[{"id":99,"edge":"leading","index":0}]}"#)
        #expect(try expectProblem(missing, status: 422).contains("row 99 does not exist"))
        #expect(api.version("doc") == 1 && api.version("messages") == 1)
    }

    @Test("in a table document the nearest level wins, and an action's move needs no canMove")
    func tableLevels() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let before = String(decoding: try api.get("/d/doc/fragment?height=400").bodyBytes, as: UTF8.self)
        #expect(RenderCount.of(#"data-edge="trailing" data-index="0" tabindex="-1">Flag</button>"#, in: before) == 2)
        #expect(try api.batch("doc", #"{"baseVersion":1,"rowActions":[{"id":3,"edge":"trailing","index":0}]}"#).status == 200)
        #expect(api.dataset("doc").sections[0].rows[1].fields["flagged"] == .bool(true))
        #expect(try api.batch("doc", #"{"baseVersion":2,"rowActions":[{"id":4,"edge":"trailing","index":0}]}"#).status == 200)
        #expect(try api.batch("doc", #"{"baseVersion":3,"rowActions":[{"id":2,"edge":"leading","index":0}]}"#).status == 200)
        #expect(api.rowIDs("doc") == [3, 4, 5, 2])
        #expect(try api.batch("doc", #"{"baseVersion":4,"rowActions":[{"id":2,"edge":"trailing","index":0}]}"#).status == 200)
        #expect(api.rowIDs("doc") == [2, 3, 4, 5])
        let plainMove = try api.batch("doc", #"{"baseVersion":5,"moveRows":[{"id":2,"toSection":0,"toRow":2}]}"#)
        #expect(try expectProblem(plainMove, status: 422).contains("cannot move"))
        let html = String(decoding: try api.get("/d/doc/fragment?height=400").bodyBytes, as: UTF8.self)
        #expect(html.contains(#"data-edge="trailing" data-index="0" tabindex="-1">Top</button>"#))
        // Rows 3 and 4 are flagged now: Flag would change nothing there, so neither offers it.
        #expect(!html.contains(">Flag<"))
        #expect(html.contains(#"data-edge="leading" data-index="0" tabindex="-1">Last</button>"#))
    }
}

@Suite("Row actions over the API: moves land among the batch's final rows")
struct APIRowActionMoveTests {
    @Test("a move to the bottom beside a delete or an insert lands after the last row the batch leaves")
    func bottomAfterTheBatch() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let beside = #"{"baseVersion":1,"deleteRows":[3],"rowActions":[{"id":2,"edge":"leading","index":0}]}"#
        #expect(try api.batch("doc", beside).status == 200)
        #expect(api.rowIDs("doc") == [4, 5, 2])
        let inserted = #"""
            {"baseVersion":2,"insertRows":[{"section":0,"row":0,"fields":{"text":"new"}}],
             "rowActions":[{"id":4,"edge":"leading","index":0}]}
            """#
        #expect(try api.batch("doc", inserted).status == 200)
        #expect(api.rowIDs("doc").last == 4 && api.rowIDs("doc").count == 4)
    }

    @Test("two moves to the bottom in one batch land in their order, the last one's row at the bottom")
    func twoMovesInOneBatch() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let both = #"{"baseVersion":1,"rowActions":[{"id":2,"edge":"leading","index":0},{"id":3,"edge":"leading","index":0}]}"#
        #expect(try api.batch("doc", both).status == 200)
        #expect(api.rowIDs("doc") == [4, 5, 2, 3])
    }

    @Test("a refusal names the row action the client sent, not the operation it stands for")
    func refusalsNameTheAction() throws {
        let api = try APIFixture(datasets: [("doc", document)])
        let deleted = #"{"baseVersion":1,"deleteRows":[2],"rowActions":[{"id":2,"edge":"leading","index":0}]}"#
        let deletedAndMoved = try expectProblem(try api.batch("doc", deleted), status: 422)
        #expect(deletedAndMoved.hasPrefix("rowActions[0]: row 2 is already deleted by deleteRows[0]"), "\(deletedAndMoved)")
        #expect(!deletedAndMoved.contains("moveRows"), "\(deletedAndMoved)")
        let updated = #"{"baseVersion":1,"updateRows":[{"id":3,"fields":{"text":"B"}}],"rowActions":[{"id":3,"edge":"trailing","index":0}]}"#
        let updatedTwice = try expectProblem(try api.batch("doc", updated), status: 422)
        #expect(updatedTwice.contains("rowActions[0]") && !updatedTwice.contains("updateRows[1]"), "\(updatedTwice)")
        #expect(api.version("doc") == 1)
    }
}

/// Counts occurrences in a response body.
private enum RenderCount {
    static func of(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }
}
