// ListServerTests — a Settings bundle read in the language a reader names, as a `.lproj` folder or iOS spells it
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

/// A bundle with a group and a switch, in Simplified and Traditional Chinese, Taiwan's own word for the switch.
private func chineseBundle() throws -> APIFixture {
    let root: FieldValue = .dict([
        "PreferenceSpecifiers": .array([
            .dict(["Type": .string("PSGroupSpecifier"), "Title": .string("General")]),
            .dict([
                "Type": .string("PSToggleSwitchSpecifier"), "Title": .string("Sound"), "Key": .string("sound"),
                "DefaultValue": .bool(true),
            ]),
        ])
    ])
    let bundle = SettingsBundle(
        name: "Chimes", root: root,
        strings: [
            "zh-Hans": ["Root": ["General": "通用", "Sound": "声音"]],
            "zh-Hant": ["Root": ["General": "一般", "Sound": "聲音"]],
            "zh-Hant-TW": ["Root": ["Sound": "音效"]],
        ])
    return try APIFixture(datasets: [], imported: [try bundle.dataset(id: "chimes", title: nil, file: "Settings.bundle")])
}

@Suite("API: a Settings bundle's languages")
struct APISettingsBundleLanguageTests {
    @Test("lang= in a .lproj folder's spelling (zh_CN) is read over a real socket; a malformed one is a 400 problem")
    func underscoreOverTheWire() throws {
        let api = try chineseBundle()
        try withTestServer(configure: { $0.problemPaths = AppRoutes.problemPaths }, handler: api.router.handler) { port, _ in
            let simplified = try apiRequest(port, "GET", "/d/chimes/fragment?top=0&height=800&lang=zh_CN")
            #expect(simplified.status == 200, "\(simplified.text)")
            #expect(simplified.text.contains("通用") && simplified.text.contains("声音"))
            let traditional = try apiRequest(port, "GET", "/d/chimes/fragment?top=0&height=800&lang=zh_tw")
            #expect(traditional.status == 200 && traditional.text.contains("音效") && traditional.text.contains("一般"))
            let page = try apiRequest(port, "GET", "/d/chimes?lang=zh_CN")
            #expect(page.status == 200 && page.text.contains("<html lang=\"zh-Hans\">") && page.text.contains("通用"))
            let window = try apiRequest(port, "GET", "/api/datasets/chimes/window?top=0&height=800&lang=zh_CN")
            #expect(window.status == 200, "\(window.text)")
            for malformed in ["zh%20CN", "1x", "zh__CN", "zh-"] {
                let refused = try apiRequest(port, "GET", "/api/datasets/chimes/window?top=0&height=800&lang=\(malformed)")
                #expect(refused.status == 400 && refused.headers["Content-Type"] == "application/problem+json")
                let problem = try #require(try JSONReader.read(refused.body).dictValue)
                #expect(problem["status"] == .int(400) && problem["title"] == .string("Bad Request"))
                #expect(problem["detail"]?.stringValue?.hasPrefix("lang must be a language tag") == true, "\(refused.text)")
                // The page's own paths answer as pages do, in text, with the same words.
                let page = try apiRequest(port, "GET", "/d/chimes/fragment?top=0&height=800&lang=\(malformed)")
                #expect(page.status == 400 && page.text.contains("lang must be a language tag"))
            }
        }
    }

    @Test(
        "zh-TW, zh-HK and zh-MO read Traditional Chinese, Taiwan's own words first; zh-CN and zh-SG Simplified",
        arguments: [
            ("zh-TW", ["音效", "一般"]), ("zh-Hant-TW", ["音效", "一般"]), ("zh-HK", ["聲音", "一般"]),
            ("zh-MO", ["聲音", "一般"]), ("zh-Hant", ["聲音", "一般"]), ("zh-CN", ["声音", "通用"]),
            ("zh-SG", ["声音", "通用"]), ("zh-Hans-CN", ["声音", "通用"]),
        ])
    func chineseScripts(_ tag: String, _ words: [String]) throws {
        let api = try chineseBundle()
        let fragment = text(try api.get("/d/chimes/fragment?top=0&height=800&lang=\(tag)"))
        for word in words { #expect(fragment.contains(word), "\(tag): \(word)") }
        let page = text(try api.get("/d/chimes", headers: ["Accept-Language": "\(tag),en;q=0.5"]))
        for word in words { #expect(page.contains(word), "Accept-Language \(tag): \(word)") }
    }

    @Test("the page names the bundle's own folder for a Traditional reader, so that its windows ask for it")
    func pageNamesTheFolder() throws {
        let api = try chineseBundle()
        let taiwan = text(try api.get("/d/chimes", headers: ["Accept-Language": "zh-TW"]))
        #expect(taiwan.contains(#"<html lang="zh-Hant-TW">"#))
        let hongKong = text(try api.get("/d/chimes?lang=zh_HK"))
        #expect(hongKong.contains(#"<html lang="zh-Hant">"#))
        // Traditional first, Simplified after: the rows are Traditional, and the page says so to the script and
        // to screen readers, whatever script the interface's own words are in.
        let both = text(try api.get("/d/chimes", headers: ["Accept-Language": "zh-TW,zh;q=0.9"]))
        #expect(both.contains(#"<html lang="zh-Hant-TW">"#) && both.contains("音效") && both.contains("一般"))
        #expect(!both.contains("lang=\"zh-Hans\""), "\(both.prefix(300))")
        let fragment = text(try api.get("/d/chimes/fragment?top=0&height=800&lang=zh-Hant-TW"))
        #expect(fragment.contains("音效") && !fragment.contains("声音"))
        #expect(!both.contains("dir="), "Chinese runs left to right")
        let french = text(try api.get("/d/chimes", headers: ["Accept-Language": "fr-FR"]))
        #expect(french.contains(#"<html lang="en">"#) && french.contains(">General<"), "no French: the development language")
    }
}

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

@Suite("API: a Settings bundle titled by its generic folder")
struct APISettingsBundleGenericTitleTests {
    @Test("a Settings.bundle.zip uploaded alone is titled Settings in the interface's language: page, <title>, back control")
    func genericTitleLocalized() throws {
        let root = DocumentFormat.plist.write(.dict([
            "PreferenceSpecifiers": .array([
                .dict(["Type": .string("PSGroupSpecifier"), "Title": .string("Group")]),
                .dict(["Type": .string("PSChildPaneSpecifier"), "Title": .string("Advanced"), "File": .string("Advanced")]),
            ])
        ]))
        let advanced = DocumentFormat.plist.write(.dict([
            "PreferenceSpecifiers": .array([.dict(["Type": .string("PSGroupSpecifier"), "Title": .string("Cache")])])
        ]))
        var archive = ZipArchive()
        archive.add("Settings.bundle/Root.plist", root)
        archive.add("Settings.bundle/Advanced.plist", advanced)
        let api = try APIFixture(datasets: [])
        let request = try HTTPRequest(
            method: "PUT", target: "/api/datasets/prefs", headers: ["Host": "127.0.0.1"], body: archive.bytes)
        #expect(api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed().status == 201)
        #expect(api.dataset("prefs").title == "Settings")
        for chinese in [
            text(try api.get("/d/prefs?lang=zh-Hans")), text(try api.get("/d/prefs", headers: ["Accept-Language": "zh-CN,zh;q=0.9"])),
        ] {
            #expect(chinese.contains("<title>设置") && chinese.contains(#"data-role="title">设置<"#), "\(chinese.prefix(600))")
            #expect(!chinese.contains("Settings<"))
        }
        let english = text(try api.get("/d/prefs?lang=en"))
        #expect(english.contains(#"data-role="title">Settings<"#) && !english.contains("设置"))
        let row = try #require(api.dataset("prefs").sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Advanced" })
        let pane = text(try api.get("/d/prefs?child=\(row.id.rawValue)&lang=zh-Hans"))
        #expect(pane.contains(">设置</a>") && !pane.contains(">Settings</a>"), "the pane's back control")
    }
}
