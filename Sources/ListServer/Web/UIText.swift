// Web — the interface's own words in the language the client prefers
import HTTPServer
import ListRender

/// The words the pages and their script write around the data, each with its translations in every
/// ``UILanguage`` in one place, by their English (the templates and the script are written in English). The
/// fragments' own words are ListRender's (``UIWord``).
enum UIText {
    /// Every English word or phrase of `Public/table.html`, `Public/index.html` and the page's script, with
    /// its Simplified Chinese, Traditional Chinese, Arabic and Hebrew, as iOS writes them.
    static let words: [UIWords] = [
        UIWords("Edit", zhHans: "编辑", zhHant: "編輯", ar: "تعديل", he: "עריכה"),
        UIWords("Done", zhHans: "完成", zhHant: "完成", ar: "تم", he: "סיום"),
        UIWords("Manage", zhHans: "管理", zhHant: "管理", ar: "إدارة", he: "ניהול"),
        UIWords("Add", zhHans: "添加", zhHant: "加入", ar: "إضافة", he: "הוספה"),
        UIWords("Back", zhHans: "返回", zhHant: "返回", ar: "رجوع", he: "חזרה"),
        UIWords("Select All", zhHans: "全选", zhHant: "全選", ar: "تحديد الكل", he: "בחירת הכל"),
        UIWords("Deselect All", zhHans: "取消全选", zhHant: "取消全選", ar: "إلغاء تحديد الكل", he: "ביטול בחירת הכל"),
        UIWords("0 selected", zhHans: "已选择 0 项", zhHant: "已選取 0 項", ar: "تم تحديد 0", he: "0 נבחרו"),
        UIWords("%d selected", zhHans: "已选择 %d 项", zhHant: "已選取 %d 項", ar: "تم تحديد %d", he: "%d נבחרו"),
        UIWords("Delete", zhHans: "删除", zhHant: "刪除", ar: "حذف", he: "מחיקה"),
        UIWords(
            "Delete %d selected?", zhHans: "删除所选的 %d 项？", zhHant: "刪除所選的 %d 項？", ar: "حذف العناصر المحددة (%d)؟",
            he: "למחוק %d פריטים שנבחרו?"),
        UIWords("Cancel", zhHans: "取消", zhHant: "取消", ar: "إلغاء", he: "ביטול"),
        UIWords("Save", zhHans: "存储", zhHant: "儲存", ar: "حفظ", he: "שמירה"),
        UIWords("Name", zhHans: "名称", zhHant: "名稱", ar: "الاسم", he: "שם"),
        UIWords("Title", zhHans: "标题", zhHant: "標題", ar: "العنوان", he: "כותרת"),
        UIWords("Retry", zhHans: "重试", zhHant: "重試", ar: "إعادة المحاولة", he: "ניסיון חוזר"),
        UIWords("No rows", zhHans: "无内容", zhHant: "無內容", ar: "لا يوجد محتوى", he: "אין תוכן"),
        UIWords("No Settings", zhHans: "无设置", zhHant: "無設定", ar: "لا توجد إعدادات", he: "אין הגדרות"),
        UIWords("Lists", zhHans: "列表", zhHant: "列表", ar: "القوائم", he: "רשימות"),
        UIWords("Datasets", zhHans: "数据集", zhHant: "資料集", ar: "مجموعات البيانات", he: "מאגרי נתונים"),
        UIWords("New Row", zhHans: "新行", zhHant: "新列", ar: "صف جديد", he: "שורה חדשה"),
        UIWords("Could not load: ", zhHans: "无法载入：", zhHant: "無法載入：", ar: "تعذر التحميل: ", he: "לא ניתן לטעון: "),
        UIWords("Not saved: ", zhHans: "未存储：", zhHant: "未儲存：", ar: "لم يتم الحفظ: ", he: "לא נשמר: "),
        UIWords(
            "%s is downloading…", zhHans: "正在下载“%s”…", zhHant: "正在下載「%s」…", ar: "جارٍ تنزيل «%s»…",
            he: "“%s” בהורדה…"),
        UIWords("Yes", zhHans: "是", zhHant: "是", ar: "نعم", he: "כן"),
        UIWords("No", zhHans: "否", zhHant: "否", ar: "لا", he: "לא"),
        UIWords(
            "No Results for “%s”", zhHans: "没有“%s”的结果", zhHant: "沒有「%s」的結果", ar: "لا توجد نتائج لـ «%s»",
            he: "אין תוצאות עבור “%s”"),
        UIWords("Opening %s…", zhHans: "正在打开“%s”…", zhHant: "正在打開「%s」…", ar: "جارٍ فتح «%s»…", he: "פותח את “%s”…"),
        UIWords("Reconnecting…", zhHans: "正在重新连接…", zhHant: "正在重新連線…", ar: "جارٍ إعادة الاتصال…", he: "מתחבר מחדש…"),
        UIWords("Copy", zhHans: "拷贝", zhHant: "拷貝", ar: "نسخ", he: "העתקה"),
        UIWords(
            "This cannot be undone.", zhHans: "此操作无法撤销。", zhHant: "此操作無法還原。", ar: "لا يمكن التراجع عن هذا الإجراء.",
            he: "לא ניתן לבטל פעולה זו."),
        UIWords("Delete “%s”?", zhHans: "删除“%s”？", zhHant: "刪除「%s」？", ar: "حذف «%s»؟", he: "למחוק את “%s”?"),
        UIWords("Refreshing…", zhHans: "正在刷新…", zhHant: "正在重新整理…", ar: "جارٍ التحديث…", he: "מרענן…"),
        UIWords("Undo", zhHans: "撤销", zhHant: "還原", ar: "تراجع", he: "ביטול פעולה"),
        UIWords("%d deleted", zhHans: "已删除 %d 项", zhHant: "已刪除 %d 項", ar: "تم حذف %d", he: "%d נמחקו"),
        UIWords("Expand", zhHans: "展开", zhHant: "展開", ar: "توسيع", he: "הרחבה"),
        UIWords("Collapse", zhHans: "收起", zhHant: "收合", ar: "طي", he: "כיווץ"),
        // Why a batch was refused (refusals.js): what was not done, then why, in words about the rows shown.
        UIWords("Not moved: ", zhHans: "未移动：", zhHant: "未移動：", ar: "لم يتم النقل: ", he: "לא הועבר: "),
        UIWords("Not deleted: ", zhHans: "未删除：", zhHant: "未刪除：", ar: "لم يتم الحذف: ", he: "לא נמחק: "),
        UIWords("Not added: ", zhHans: "未添加：", zhHant: "未加入：", ar: "لم تتم الإضافة: ", he: "לא נוסף: "),
        UIWords("Could not undo: ", zhHans: "无法撤销：", zhHant: "無法還原：", ar: "تعذر التراجع: ", he: "לא ניתן לבטל: "),
        UIWords(
            "the connection was lost.", zhHans: "连接已中断。", zhHant: "連線已中斷。", ar: "انقطع الاتصال.",
            he: "החיבור נותק."),
        UIWords(
            "“%s” was deleted elsewhere.", zhHans: "“%s”已在别处删除。", zhHant: "「%s」已在別處刪除。",
            ar: "تم حذف «%s» في مكان آخر.", he: "“%s” נמחק במקום אחר."),
        UIWords(
            "this row was deleted elsewhere.", zhHans: "此行已在别处删除。", zhHant: "此列已在別處刪除。",
            ar: "تم حذف هذا الصف في مكان آخر.", he: "שורה זו נמחקה במקום אחר."),
        UIWords(
            "%d rows were deleted elsewhere.", zhHans: "%d 行已在别处删除。", zhHant: "%d 列已在別處刪除。",
            ar: "تم حذف صفوف في مكان آخر: %d.", he: "%d שורות נמחקו במקום אחר."),
        UIWords(
            "“%s” was changed elsewhere meanwhile.", zhHans: "“%s”已同时在别处更改。", zhHant: "「%s」已同時在別處更改。",
            ar: "تم تغيير «%s» في مكان آخر في الأثناء.", he: "“%s” שונה במקום אחר בינתיים."),
        UIWords(
            "this row was changed elsewhere meanwhile.", zhHans: "此行已同时在别处更改。", zhHant: "此列已同時在別處更改。",
            ar: "تم تغيير هذا الصف في مكان آخر في الأثناء.", he: "שורה זו שונתה במקום אחר בינתיים."),
        UIWords(
            "%d rows were changed elsewhere meanwhile.", zhHans: "%d 行已同时在别处更改。", zhHant: "%d 列已同時在別處更改。",
            ar: "تم تغيير صفوف في مكان آخر في الأثناء: %d.", he: "%d שורות שונו במקום אחר בינתיים."),
        UIWords(
            "the rows around it changed elsewhere.", zhHans: "周围的行已在别处更改。", zhHant: "周圍的列已在別處更改。",
            ar: "تغيّرت الصفوف المحيطة به في مكان آخر.", he: "השורות סביבה שונו במקום אחר."),
        UIWords(
            "the list changed elsewhere. Try again.", zhHans: "列表已在别处更改，请再试一次。", zhHant: "列表已在別處更改，請再試一次。",
            ar: "تغيّرت القائمة في مكان آخر. حاول مرة أخرى.", he: "הרשימה שונתה במקום אחר. נסה שוב."),
        UIWords(
            "the list could not take this change.", zhHans: "列表无法接受此更改。", zhHant: "列表無法接受此更改。",
            ar: "تعذر على القائمة قبول هذا التغيير.", he: "הרשימה לא יכלה לקבל שינוי זה."),
        UIWords(
            "the server could not save it now. Try again.", zhHans: "服务器暂时无法存储，请再试一次。",
            zhHant: "伺服器暫時無法儲存，請再試一次。", ar: "تعذر على الخادم الحفظ الآن. حاول مرة أخرى.",
            he: "השרת לא הצליח לשמור כעת. נסה שוב."),
        UIWords(
            "Changed elsewhere: “%s”", zhHans: "已在别处更改为“%s”", zhHant: "已在別處更改為「%s」",
            ar: "تم التغيير في مكان آخر: «%s»", he: "שונה במקום אחר: “%s”"),
        UIWords("Use Theirs", zhHans: "采用此值", zhHant: "採用此值", ar: "استخدام قيمتهم", he: "שימוש בערך שלהם"),
        UIWords(
            "Deleted elsewhere and deselected: %d", zhHans: "已在别处删除并取消选择：%d 项", zhHant: "已在別處刪除並取消選取：%d 項",
            ar: "تم الحذف في مكان آخر وإلغاء التحديد: %d", he: "נמחקו במקום אחר ובוטלה בחירתם: %d"),
    ]

    /// The language a request asks for: its `lang` query parameter, else its `Accept-Language` field.
    static func language(of request: HTTPRequest, query: UILanguage?) -> UILanguage {
        query ?? UILanguage(acceptLanguage: request.headers["Accept-Language"] ?? "")
    }

    /// The `lang` attribute of a page in `tag`, with `dir="rtl"` when the language is written from right to
    /// left (Arabic, Hebrew), as iOS mirrors its interface for them.
    static func languageAttributes(_ tag: String) -> String {
        "lang=\"\(tag)\"" + (LanguageMatch.isRightToLeft(tag) ? " dir=\"rtl\"" : "")
    }

    /// A page template in `language`: `lang="en"` names it (and its direction), and each English word of
    /// ``words`` that stands alone between tags (`>Edit<`) or as an attribute's value (`aria-label="Add"`) is
    /// replaced. The template's own markup, never a dataset's text, goes through here.
    /// - Complexity: O(template × words).
    static func translate(_ template: [UInt8], to language: UILanguage) -> [UInt8] {
        guard language != .english else { return template }
        var page = template.replacing(
            Array(#"lang="en""#.utf8), with: Array(languageAttributes(language.tag.description).utf8))
        for word in words {
            let (english, translated) = (word.english.description, word[language].description)
            for (open, close) in [(">", "<"), ("\"", "\"")] {
                page = page.replacing(
                    Array((open + english + close).utf8), with: Array((open + translated + close).utf8))
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
        return "{" + words.map { quoted($0.english.description) + ":" + quoted($0[language].description) }
            .joined(separator: ",") + "}"
    }
}
