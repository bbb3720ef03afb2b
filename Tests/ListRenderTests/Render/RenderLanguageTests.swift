// ListRenderTests — the interface's own words in English, Chinese (both scripts), Arabic and Hebrew
import Models
import Testing

@testable import ListRender

@Suite("Fragment renderer: the interface's language")
struct RenderLanguageTests {
    @Test(
        "Accept-Language picks the supported range with the highest quality, English when none is named",
        arguments: [
            ("zh-CN,zh;q=0.9,en;q=0.8", UILanguage.simplifiedChinese),
            ("en-US,en;q=0.9,zh;q=0.8", .english),
            ("fr-FR, zh-Hans;q=0.5, de;q=0.9", .simplifiedChinese),
            ("en;q=0.2, zh-SG;q=0.7", .simplifiedChinese),
            ("zh-TW,zh-Hant;q=0.9", .traditionalChinese), ("zh-HK;q=0.5, en", .english),
            ("zh-Hant-HK, zh-CN;q=0.8", .traditionalChinese), ("de;q=0.9, ar-EG;q=0.8, en;q=0.5", .arabic),
            ("he-IL", .hebrew), ("iw", .hebrew), ("fr, ar;q=0", .english),
            ("zh;q=0, en;q=0.1", .english),
            ("de-DE", .english), ("*", .english), ("", .english), (" ZH-cn ; q=1 ", .simplifiedChinese),
        ])
    func acceptLanguage(_ field: String, _ expected: UILanguage) {
        #expect(UILanguage(acceptLanguage: field) == expected)
    }

    @Test("tags name a language or nothing")
    func tags() {
        #expect(UILanguage(tag: "en") == .english)
        #expect(UILanguage(tag: "zh-Hans") == .simplifiedChinese)
        #expect(UILanguage(tag: "zh-Hant") == .traditionalChinese && UILanguage(tag: "zh_TW") == .traditionalChinese)
        #expect(UILanguage(tag: "zh-Hant-TW") == .traditionalChinese && UILanguage(tag: "ZH") == .simplifiedChinese)
        #expect(UILanguage(tag: "zh-SG") == .simplifiedChinese && UILanguage(tag: "zh-Hans-HK") == .simplifiedChinese)
        #expect(UILanguage(tag: "en-GB") == .english && UILanguage(tag: "de") == nil)
        #expect(UILanguage(tag: "ar") == .arabic && UILanguage(tag: "ar-SA") == .arabic && UILanguage(tag: "arn") == nil)
        #expect(UILanguage(tag: "he") == .hebrew && UILanguage(tag: "he-IL") == .hebrew && UILanguage(tag: "hee") == nil)
        #expect(UILanguage(tag: "zhx") == nil)
        #expect(UILanguage(tag: "fr") == nil)
        #expect(UILanguage(tag: "english") == nil)
        #expect(UILanguage.simplifiedChinese.tag.description == "zh-Hans")
        for language in UILanguage.allCases {
            #expect(UILanguage(tag: language.tag.description) == language, "\(language) does not read its own tag")
        }
        #expect(UILanguage.allCases.filter(\.isRightToLeft) == [.arabic, .hebrew])
    }

    @Test("every word of the fragments and pages has a translation in every language, none left in English")
    func everyWordHasEveryLanguage() {
        for word in UIWord.allCases {
            let english = word.translations.english.description
            #expect(!english.isEmpty, "\(word) has no English")
            for language in UILanguage.allCases where language != .english {
                let translated = language.pick(word).description
                #expect(!translated.isEmpty, "\(word) has no \(language)")
                // A word the languages share with English (Traditional Chinese writes apps as App) is allowed.
                #expect(translated != english || (word == .apps && language == .traditionalChinese),
                        "\(word) is English in \(language)")
                let scripts = translated.unicodeScalars.filter { $0.properties.isAlphabetic && !$0.isASCII }
                #expect(language == .traditionalChinese && word == .apps || !scripts.isEmpty || english.hasPrefix("<"),
                        "\(word) in \(language) has no letters of its script: \(translated)")
            }
        }
    }

    @Test("Traditional Chinese counts in 萬, 億 and 兆 as Intl.NumberFormat(\"zh-Hant\") does; Arabic and Hebrew group")
    func traditionalCounts() {
        #expect(FragmentRenderer.downloadCount(12_345, language: .traditionalChinese) == "1.2萬")
        #expect(FragmentRenderer.downloadCount(99_999, language: .traditionalChinese) == "10萬")
        #expect(FragmentRenderer.downloadCount(123_456_789, language: .traditionalChinese) == "1.2億")
        #expect(FragmentRenderer.downloadCount(1_500_000_000_000, language: .traditionalChinese) == "1.5兆")
        #expect(FragmentRenderer.downloadCount(1_284_503, language: .arabic) == "1,284,503")
        #expect(FragmentRenderer.downloadCount(1_284_503, language: .hebrew) == "1,284,503")
    }

    @Test(
        "download counts are grouped as each language writes them",
        arguments: [
            (UInt64(0), "0", "0"), (999, "999", "999"), (1000, "1,000", "1000"), (9999, "9,999", "9999"),
            (12_345, "12,345", "1.2万"), (100_000, "100,000", "10万"), (1_284_503, "1,284,503", "128万"),
            (350_000_000, "350,000,000", "3.5亿"), (12_000_000_000, "12,000,000,000", "120亿"),
            // Rounded as Intl.NumberFormat("zh-Hans", {notation: "compact"}) rounds (its outputs, from node).
            (15_500, "15,500", "1.6万"), (99_499, "99,499", "9.9万"), (99_999, "99,999", "10万"),
            (125_000, "125,000", "13万"), (999_999, "999,999", "100万"), (9_995_000, "9,995,000", "1000万"),
            (99_999_999, "99,999,999", "1亿"), (123_456_789, "123,456,789", "1.2亿"),
            (1_500_000_000_000, "1,500,000,000,000", "1.5万亿"),
        ])
    func downloadCounts(_ count: UInt64, _ english: String, _ chinese: String) {
        #expect(FragmentRenderer.downloadCount(count, language: .english) == english)
        #expect(FragmentRenderer.downloadCount(count, language: .simplifiedChinese) == chinese)
    }

    @Test("a Chinese fragment writes its own words in Chinese and the data as it is")
    func chineseFragment() {
        var apps = RenderFixture.window(
            .apps, rows: [["name": .string("Pebble"), "size": .real(23.4), "download": .int(1_284_503)]])
        apps.language = .simplifiedChinese
        let html = RenderFixture.html(apps)
        #expect(html.contains("<div class=\"t2\">23.4M · 128万次下载</div>"))
        #expect(html.contains("data-action=\"download\">获取</button>"))
        #expect(html.contains("<div class=\"t1\">Pebble</div>"))
        #expect(!html.contains("Download"))
        let english = RenderFixture.html(
            RenderFixture.window(.apps, rows: [["name": .string("Pebble"), "download": .string("1284503")]]))
        #expect(english.contains("1,284,503 downloads") && english.contains(">Download</button>"))
    }
}

extension RenderLanguageTests {
    @Test(
        "a fragment writes its own words in Traditional Chinese, Arabic and Hebrew as iOS does",
        arguments: [
            (UILanguage.traditionalChinese, "取得", "128萬次下載"), (.arabic, "تنزيل", "1,284,503 تنزيل"),
            (.hebrew, "הורדה", "1,284,503 הורדות"),
        ])
    func otherLanguagesFragment(_ language: UILanguage, _ button: String, _ downloads: String) {
        var apps = RenderFixture.window(
            .apps, rows: [["name": .string("Pebble"), "size": .real(23.4), "download": .int(1_284_503)]])
        apps.language = language
        let html = RenderFixture.html(apps)
        #expect(html.contains("<div class=\"t2\">23.4M · \(downloads)</div>"), "\(html.prefix(1200))")
        #expect(html.contains("data-action=\"download\">\(button)</button>"))
        #expect(!html.contains("Download") && !html.contains("获取"))
    }
}
