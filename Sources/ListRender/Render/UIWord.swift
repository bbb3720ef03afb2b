// ListRender — the words fragments and pages write themselves, each with all its translations in one place

/// A word the server writes into fragments and pages around the data (the page's script and template words
/// are `UIText`'s). Each case gives its translations in every ``UILanguage`` in one place, as iOS writes them
/// (its zh-Hant, ar and he localizations); ``UILanguage/pick(_:)`` reads one as a `StaticString`, so that the
/// fragment path writes it without allocating.
public enum UIWord: Sendable, CaseIterable {
    // Fragments (ListRender)
    case insert, delete, open, download, checked, moreInfo, addARow, addRow, slider, expand, collapse
    // Pages (ListServer)
    case noDatasetsYet, friends, heroes, apps, messages, generic, table, settingsKind
    case section, sections, row, rows, previousRows, nextRows, sectionIndex, settings, lists, search, cancel

    /// The word in every language: English, Simplified Chinese, Traditional Chinese, Arabic, Hebrew.
    public var translations: UIWords {
        switch self {
        case .insert: UIWords("Insert", zhHans: "插入", zhHant: "插入", ar: "إدراج", he: "הוספה")
        case .delete: UIWords("Delete", zhHans: "删除", zhHant: "刪除", ar: "حذف", he: "מחיקה")
        case .open: UIWords("Open", zhHans: "打开", zhHant: "打開", ar: "فتح", he: "פתיחה")
        case .download: UIWords("Download", zhHans: "获取", zhHant: "取得", ar: "تنزيل", he: "הורדה")
        case .checked: UIWords("Checked", zhHans: "已选中", zhHant: "已選取", ar: "محدد", he: "מסומן")
        case .moreInfo:
            UIWords("More Info: ", zhHans: "更多信息：", zhHant: "更多資訊：", ar: "مزيد من المعلومات: ", he: "מידע נוסף: ")
        case .addARow: UIWords("Add a row", zhHans: "添加一行", zhHant: "加入一列", ar: "إضافة صف", he: "הוספת שורה")
        case .addRow: UIWords("Add Row", zhHans: "添加行", zhHant: "加入列", ar: "إضافة صف", he: "הוספת שורה")
        case .slider: UIWords("Slider", zhHans: "滑块", zhHant: "滑桿", ar: "شريط تمرير", he: "מחוון")
        case .expand: UIWords("Expand", zhHans: "展开", zhHant: "展開", ar: "توسيع", he: "הרחבה")
        case .collapse: UIWords("Collapse", zhHans: "收起", zhHant: "收合", ar: "طي", he: "כיווץ")
        case .noDatasetsYet:
            UIWords(
                "<p class=\"none\">No datasets yet.</p>", zhHans: "<p class=\"none\">还没有数据集。</p>",
                zhHant: "<p class=\"none\">還沒有資料集。</p>", ar: "<p class=\"none\">لا توجد مجموعات بيانات بعد.</p>",
                he: "<p class=\"none\">אין עדיין מאגרי נתונים.</p>")
        case .friends: UIWords("friends", zhHans: "好友", zhHant: "好友", ar: "الأصدقاء", he: "חברים")
        case .heroes: UIWords("heroes", zhHans: "英雄", zhHant: "英雄", ar: "الأبطال", he: "גיבורים")
        case .apps: UIWords("apps", zhHans: "应用", zhHant: "App", ar: "التطبيقات", he: "אפליקציות")
        case .messages: UIWords("messages", zhHans: "消息", zhHant: "訊息", ar: "الرسائل", he: "הודעות")
        case .generic: UIWords("generic", zhHans: "列表", zhHant: "列表", ar: "قائمة", he: "רשימה")
        case .table: UIWords("table", zhHans: "表格", zhHant: "表格", ar: "جدول", he: "טבלה")
        case .settingsKind: UIWords("settings", zhHans: "设置", zhHant: "設定", ar: "الإعدادات", he: "הגדרות")
        case .section: UIWords("section", zhHans: "个分区", zhHant: "個區段", ar: "قسم", he: "מקטע")
        case .sections: UIWords("sections", zhHans: "个分区", zhHant: "個區段", ar: "أقسام", he: "מקטעים")
        case .row: UIWords("row", zhHans: "行", zhHant: "列", ar: "صف", he: "שורה")
        case .rows: UIWords("rows", zhHans: "行", zhHant: "列", ar: "صفوف", he: "שורות")
        case .previousRows:
            UIWords("Previous rows", zhHans: "上一页", zhHant: "上一頁", ar: "الصفوف السابقة", he: "השורות הקודמות")
        case .nextRows: UIWords("Next rows", zhHans: "下一页", zhHant: "下一頁", ar: "الصفوف التالية", he: "השורות הבאות")
        case .sectionIndex: UIWords("Section index", zhHans: "索引", zhHant: "索引", ar: "فهرس الأقسام", he: "אינדקס")
        case .settings: UIWords("Settings", zhHans: "设置", zhHant: "設定", ar: "الإعدادات", he: "הגדרות")
        case .lists: UIWords("Lists", zhHans: "列表", zhHant: "列表", ar: "القوائم", he: "רשימות")
        case .search: UIWords("Search", zhHans: "搜索", zhHant: "搜尋", ar: "بحث", he: "חיפוש")
        case .cancel: UIWords("Cancel", zhHans: "取消", zhHant: "取消", ar: "إلغاء", he: "ביטול")
        }
    }
}
