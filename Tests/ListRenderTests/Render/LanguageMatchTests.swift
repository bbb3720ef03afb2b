// ListRenderTests — a reader's language matched to a Settings bundle's `.lproj` folders as iOS matches it
import Testing

@testable import ListRender

@Suite("Language match")
struct LanguageMatchTests {
    @Test(
        "Chinese takes its script from its region and falls back through shorter tags before the development language",
        arguments: [
            ("zh-TW", ["en", "zh-Hans", "zh-Hant-TW", "zh-Hant"], "zh-Hant-TW"),
            ("zh-TW", ["en", "zh-Hans", "zh-Hant"], "zh-Hant"),
            ("zh-HK", ["zh-Hans", "zh-Hant"], "zh-Hant"),
            ("zh-MO", ["zh-Hans", "zh_TW"], "zh_TW"),
            ("zh-Hant-TW", ["zh-Hans", "zh"], "zh"),
            ("zh-CN", ["zh-Hant", "zh-Hans"], "zh-Hans"),
            ("zh-SG", ["zh-Hant", "zh-Hans"], "zh-Hans"),
            ("zh_CN", ["zh_CN", "zh-Hans"], "zh_CN"),
            ("ZH-hant", ["zh-hant"], "zh-hant"),
            ("de-CH", ["de", "fr"], "de"),
            ("de", ["de-CH", "fr"], "de-CH"),
            ("pt_BR", ["pt-PT", "pt-BR"], "pt-BR"),
        ] as [(String, [String], String)])
    func picks(_ tag: String, _ available: [String], _ expected: String) {
        #expect(LanguageMatch.best(for: tag, among: available) == expected)
    }

    @Test(
        "a script never stands in for the other one, nor a language for another",
        arguments: [
            ("zh-TW", ["en", "zh-Hans"]), ("zh-CN", ["zh-Hant", "zh-Hant-TW"]), ("zh-HK", ["zh_CN"]),
            ("fr", ["en", "de"]), ("de", []),
        ] as [(String, [String])])
    func refuses(_ tag: String, _ available: [String]) {
        #expect(LanguageMatch.best(for: tag, among: available) == nil)
    }

    @Test("the tags tried for zh-TW go from the most specific to the language alone")
    func candidates() {
        #expect(LanguageMatch.candidates(for: "zh_TW") == ["zh-hant-tw", "zh-tw", "zh-hant", "zh"])
        #expect(LanguageMatch.candidates(for: "de-CH") == ["de-ch", "de"])
        #expect(LanguageMatch.normalized("zh_Hant_TW") == "zh-Hant-TW")
    }

    @Test("Arabic, Hebrew, Persian and Urdu run right to left in any region; a script subtag decides when given")
    func rightToLeft() {
        for tag in ["ar", "ar-SA", "he", "he_IL", "iw", "fa-IR", "ur", "yi", "ku-Arab", "AR"] {
            #expect(LanguageMatch.isRightToLeft(tag), "\(tag)")
        }
        for tag in ["en", "zh-Hant-TW", "de", "ug-Latn", "az-Latn", "", "arn"] {
            #expect(!LanguageMatch.isRightToLeft(tag), "\(tag)")
        }
    }
}
