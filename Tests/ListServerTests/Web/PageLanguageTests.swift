// ListServerTests — the pages and fragments in the language the client prefers
import Foundation
import HTTPServer
import ListRender
import Models
import TestSupport
import Testing

@testable import ListServer

/// UI text follows `Accept-Language` (or `lang=`): the page's template, its own links and the script's
/// words in Chinese for `zh`, English otherwise; the dataset's text is never translated.
@Suite("Pages in English and Simplified Chinese")
struct PageLanguageTests {
    private static func text(_ response: HTTPResponse) -> String {
        String(decoding: response.bodyBytes, as: UTF8.self)
    }

    /// The JSON the script reads from the body's `data-text`.
    private static func scriptWords(_ html: String) throws -> [String: String] {
        let start = try #require(html.range(of: "data-text=\"")).upperBound
        let end = try #require(html[start...].firstIndex(of: "\""))
        let json = html[start..<end].replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&amp;", with: "&")
        return try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: String])
    }

    @Test("Accept-Language zh gets the table page in Chinese, with the script's words and the data untouched")
    func chinesePage() throws {
        let api = try APIFixture()
        let html = Self.text(try api.get("/d/heroes", headers: ["Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"]))
        #expect(html.contains("<html lang=\"zh-Hans\">"))
        #expect(html.contains(">编辑</button>") && html.contains(">全选</button>") && html.contains(">取消</button>"))
        #expect(html.contains("aria-label=\"添加\"") && html.contains("placeholder=\"搜索\""))
        #expect(html.contains("<a class=\"back\" href=\"/\">列表</a>"))
        #expect(!html.contains(">Edit</button>") && !html.contains(">Select All<"))
        #expect(html.contains("<h1 id=\"title\" data-role=\"title\">Heroes"), "the dataset's title stays as it is")
        let words = try Self.scriptWords(html)
        #expect(words["Done"] == "完成" && words["%d selected"] == "已选择 %d 项")
        #expect(words.count == UIText.words.count)
        #expect(!html.contains("<!--"))
    }

    @Test("a reader of Traditional Chinese gets the interface's Traditional words, in the page and in its fragments")
    func traditionalReaderReadsTraditional() throws {
        let api = try APIFixture()
        for field in ["zh-TW", "zh-Hant-HK,en;q=0.8", "en;q=0.4,zh-MO"] {
            let html = Self.text(try api.get("/d/heroes", headers: ["Accept-Language": field]))
            #expect(html.contains("<html lang=\"zh-Hant\">") && html.contains(">編輯</button>"), "\(field)")
            #expect(html.contains("placeholder=\"搜尋\"") && !html.contains("搜索"), "\(field)")
            #expect(try Self.scriptWords(html)["Done"] == "完成", "\(field)")
        }
        let fragment = Self.text(try api.get("/d/heroes/fragment?top=0&height=400&lang=zh-TW"))
        #expect(fragment.contains(">刪除<") && !fragment.contains(">Delete<"), "\(fragment.prefix(800))")
        let simplified = Self.text(try api.get("/d/heroes?lang=zh-Hans", headers: ["Accept-Language": "zh-TW"]))
        #expect(simplified.contains("<html lang=\"zh-Hans\">") && simplified.contains(">编辑</button>"))
        let german = Self.text(try api.get("/d/heroes/fragment?top=0&height=400&lang=de"))
        #expect(german.contains(">Delete<"))
    }

    @Test("without Accept-Language, or preferring English, the page is English; lang= overrides the header")
    func englishPage() throws {
        let api = try APIFixture()
        for headers: HTTPHeaders in [[:], ["Accept-Language": "en-GB,zh;q=0.5"], ["Accept-Language": "de-CH,zh-TW;q=0.5,en"]] {
            let html = Self.text(try api.get("/d/heroes", headers: headers))
            #expect(html.contains("<html lang=\"en\">") && html.contains(">Edit</button>"))
            #expect(try Self.scriptWords(html).isEmpty)
        }
        let chosen = Self.text(try api.get("/d/heroes?lang=zh-Hans", headers: ["Accept-Language": "en"]))
        #expect(chosen.contains("<html lang=\"zh-Hans\">") && chosen.contains(">编辑</button>"))
        // Another language is the reader's, for a dataset's own texts (a Settings bundle's): the words stay English.
        let french = Self.text(try api.get("/d/heroes?lang=fr"))
        #expect(french.contains(">Edit</button>") && french.contains("<html lang=\"en\">"), "heroes have no French")
        #expect(try api.get("/d/heroes?lang=f%20r").status == 400)
        // An empty lang= (a form's empty field) is no choice: the header decides.
        let empty = Self.text(try api.get("/d/heroes?lang=", headers: ["Accept-Language": "zh-CN"]))
        #expect(empty.contains("<html lang=\"zh-Hans\">"))
        #expect(try api.get("/d/heroes/fragment?top=0&height=400&lang=").status == 200)
        #expect(try api.get("/d/heroes/fragment?top=0&height=400&q=&lang=").status == 200)
    }

    @Test("every English word the Chinese table names is in a template or the script, so none goes stale")
    func wordsExist() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Public")
        var sources = ""
        for name in ["table.html", "index.html"] {
            sources += try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
        }
        for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("page").path)
        where name.hasSuffix(".js") {
            sources += try String(contentsOf: root.appendingPathComponent("page/" + name), encoding: .utf8)
        }
        for english in UIText.words.map(\.english.description) {
            #expect(sources.contains(">\(english)<") || sources.contains("\"\(english)\"")
                || sources.contains("'\(english)'"), "\(english) is used nowhere")
        }
    }

    @Test("a fragment's words follow lang=, each language with its own entity tag; the JSON window has none")
    func fragments() throws {
        let apps = try #require(SampleDatasets.all.first { $0.id == "apps" })
        let api = try APIFixture(datasets: [("apps", apps.json)])
        let english = try api.get("/d/apps/fragment?top=0&height=400")
        let chinese = try api.get("/d/apps/fragment?top=0&height=400&lang=zh-Hans")
        #expect(Self.text(english).contains(">Download</button>") && Self.text(chinese).contains(">获取</button>"))
        #expect(Self.text(chinese).contains("次下载"))
        #expect(english.headers["ETag"] != chinese.headers["ETag"])
        #expect(try api.get("/d/apps/fragment?top=0&height=400&lang=1x").status == 400)
        let french = try api.get("/d/apps/fragment?top=0&height=400&lang=fr")
        #expect(Self.text(french).contains(">Download</button>") && french.headers["ETag"] != english.headers["ETag"])
        let json = try api.get("/api/datasets/apps/window?top=0&height=400&lang=zh-Hans")
        #expect(json.headers["ETag"] == (try api.get("/api/datasets/apps/window?top=0&height=400")).headers["ETag"])
    }

    @Test(
        "Arabic and Hebrew readers get the interface's words in their language, the page right to left",
        arguments: [("ar", "تعديل", "بحث", "حذف", "رجوع"), ("he", "עריכה", "חיפוש", "מחיקה", "חזרה")])
    func rightToLeftReaders(_ tag: String, _ edit: String, _ search: String, _ delete: String, _ back: String) throws {
        let api = try APIFixture()
        let byHeader = Self.text(try api.get("/d/heroes", headers: ["Accept-Language": "\(tag)-IL,en;q=0.5"]))
        for html in [byHeader, Self.text(try api.get("/d/heroes?lang=\(tag)"))] {
            #expect(html.contains("<html lang=\"\(tag)\" dir=\"rtl\">"), "\(html.prefix(200))")
            #expect(html.contains(">\(edit)</button>") && html.contains("placeholder=\"\(search)\""))
            #expect(!html.contains(">Edit</button>"))
            #expect(try Self.scriptWords(html)["Back"] == back)
        }
        let fragment = Self.text(try api.get("/d/heroes/fragment?top=0&height=400&lang=\(tag)"))
        #expect(fragment.contains(">\(delete)<") && !fragment.contains(">Delete<"), "\(fragment.prefix(800))")
    }

    @Test("every word of the pages and script has every language, with the same placeholders as its English")
    func everyPageWordHasEveryLanguage() {
        for word in UIText.words {
            let english = word.english.description
            let placeholders = { (text: String) in text.split(separator: "%", omittingEmptySubsequences: false).dropFirst().map(\.first) }
            for language in UILanguage.allCases where language != .english {
                let translated = word[language].description
                #expect(!translated.isEmpty && translated != english, "“\(english)” has no \(language)")
                #expect(placeholders(translated) == placeholders(english), "“\(english)” in \(language): \(translated)")
            }
        }
        #expect(Set(UIText.words.map(\.english.description)).count == UIText.words.count, "a word is given twice")
    }

    @Test("the home page speaks the client's language around the datasets' own titles")
    func home() throws {
        let api = try APIFixture()
        let html = Self.text(try api.get("/", headers: ["Accept-Language": "zh-Hans"]))
        #expect(html.contains("<h1>列表</h1>") && html.contains("aria-label=\"数据集\""))
        #expect(html.contains("行</small>"))
        let english = Self.text(try api.get("/"))
        #expect(english.contains("<h1>Lists</h1>") && english.contains(" rows</small>"))
        let traditional = Self.text(try api.get("/", headers: ["Accept-Language": "zh-TW"]))
        #expect(traditional.contains("<h1>列表</h1>") && traditional.contains("aria-label=\"資料集\"") && traditional.contains("列</small>"))
        let hebrew = Self.text(try api.get("/?lang=he"))
        #expect(hebrew.contains("<html lang=\"he\" dir=\"rtl\">") && hebrew.contains(" שורות</small>"), "\(hebrew.prefix(300))")
    }
}
