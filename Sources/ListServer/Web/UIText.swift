// Web — the interface's own words in the language the client prefers
import HTTPServer
import ListRender

/// The words the pages and their script write around the data, in Simplified Chinese by their English
/// (the templates and the script are written in English). The fragments' own words are ListRender's
/// (``UILanguage/pick(_:_:)``).
enum UIText {
    /// Every English word or phrase of `Public/table.html`, `Public/index.html` and the page's script, with
    /// its Chinese, as iOS writes it.
    static let chinese: [(english: String, chinese: String)] = [
        ("Edit", "编辑"), ("Done", "完成"), ("Manage", "管理"), ("Add", "添加"), ("Back", "返回"),
        ("Select All", "全选"), ("Deselect All", "取消全选"), ("0 selected", "已选择 0 项"),
        ("%d selected", "已选择 %d 项"), ("Delete", "删除"), ("Delete %d selected?", "删除所选的 %d 项？"),
        ("Cancel", "取消"), ("Save", "存储"), ("Name", "名称"), ("Title", "标题"), ("Retry", "重试"),
        ("No rows", "无内容"), ("No Settings", "无设置"), ("Lists", "列表"), ("Datasets", "数据集"),
        ("New Row", "新行"), ("Could not load: ", "无法载入："), ("Not saved: ", "未存储："),
        ("%s is downloading…", "正在下载“%s”…"), ("Yes", "是"), ("No", "否"),
        ("No Results for “%s”", "没有“%s”的结果"), ("Opening %s…", "正在打开“%s”…"),
        ("Reconnecting…", "正在重新连接…"), ("Copy", "拷贝"), ("This cannot be undone.", "此操作无法撤销。"), ("Delete “%s”?", "删除“%s”？"), ("Refreshing…", "正在刷新…"),
        ("Undo", "撤销"), ("%d deleted", "已删除 %d 项"), ("Expand", "展开"), ("Collapse", "收起"),
        // Why a batch was refused (refusals.js): what was not done, then why, in words about the rows shown.
        ("Not moved: ", "未移动："), ("Not deleted: ", "未删除："), ("Not added: ", "未添加："),
        ("Could not undo: ", "无法撤销："), ("the connection was lost.", "连接已中断。"),
        ("“%s” was deleted elsewhere.", "“%s”已在别处删除。"), ("this row was deleted elsewhere.", "此行已在别处删除。"),
        ("%d rows were deleted elsewhere.", "%d 行已在别处删除。"),
        ("“%s” was changed elsewhere meanwhile.", "“%s”已同时在别处更改。"),
        ("this row was changed elsewhere meanwhile.", "此行已同时在别处更改。"),
        ("%d rows were changed elsewhere meanwhile.", "%d 行已同时在别处更改。"),
        ("the rows around it changed elsewhere.", "周围的行已在别处更改。"),
        ("the list changed elsewhere. Try again.", "列表已在别处更改，请再试一次。"),
        ("the list could not take this change.", "列表无法接受此更改。"),
        ("the server could not save it now. Try again.", "服务器暂时无法存储，请再试一次。"),
        ("Changed elsewhere: “%s”", "已在别处更改为“%s”"), ("Use Theirs", "采用此值"),
        ("Deleted elsewhere and deselected: %d", "已在别处删除并取消选择：%d 项"),
    ]

    /// The language a request asks for: its `lang` query parameter, else its `Accept-Language` field.
    static func language(of request: HTTPRequest, query: UILanguage?) -> UILanguage {
        query ?? UILanguage(acceptLanguage: request.headers["Accept-Language"] ?? "")
    }

    /// A page template in `language`: `lang="en"` names it, and each English word of ``chinese`` that
    /// stands alone between tags (`>Edit<`) or as an attribute's value (`aria-label="Add"`) is replaced.
    /// The template's own markup, never a dataset's text, goes through here.
    /// - Complexity: O(template × words).
    static func translate(_ template: [UInt8], to language: UILanguage) -> [UInt8] {
        guard language != .english else { return template }
        var page = template.replacing(Array(#"lang="en""#.utf8), with: Array(#"lang="zh-Hans""#.utf8))
        for (english, chinese) in chinese {
            for (open, close) in [(">", "<"), ("\"", "\"")] {
                page = page.replacing(Array((open + english + close).utf8), with: Array((open + chinese + close).utf8))
            }
        }
        return page
    }

    /// The words the script shows, as the JSON object it reads from `data-text` on the body: empty for
    /// English, whose words the script has.
    static func scriptWords(_ language: UILanguage) -> String {
        guard language != .english else { return "{}" }
        func quoted(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        return "{" + chinese.map { quoted($0.english) + ":" + quoted($0.chinese) }.joined(separator: ",") + "}"
    }
}
