// ListServerTests — a Settings bundle over the API: PUT of a Root.plist, values changed by batches, exports
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

/// A fixture serving the settings-bundle sample as `tides`.
private func tides() throws -> APIFixture {
    let sample = try #require(SampleDatasets.sample(id: "settings-bundle"))
    var dataset = try sample.dataset()
    dataset.id = "tides"
    return try APIFixture(datasets: [], imported: [dataset])
}

/// The id of the row whose text is `text`, in the root page.
private func rowID(_ api: APIFixture, _ text: String) throws -> Int64 {
    try #require(api.dataset("tides").sections.flatMap(\.rows).first { $0.fields["text"]?.text == text }).id.rawValue
}

@Suite("API: Settings bundles")
struct APISettingsBundleTests {
    @Test("a PUT of a Root.plist is a settings dataset whose child panes are rows saying their file is missing")
    func putRootPlist() throws {
        let api = try APIFixture(datasets: [])
        let sample = try #require(SampleDatasets.sample(id: "settings-bundle"))
        let files = try SampleDataset.bundleFiles(sample.bytes, file: "s").1
        let root = try #require(files["Root.plist"])
        let request = try HTTPRequest(
            method: "PUT", target: "/api/datasets/root", headers: ["Host": "127.0.0.1", "Content-Type": "application/x-plist"],
            body: root)
        let response = api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed()
        #expect(response.status == 201, "\(text(response))")
        let detail = try jsonBody(try api.get("/api/datasets/root"))
        #expect(detail["kind"] == .string("settings") && detail["style"] == .string("insetGrouped"))
        let window = text(try api.get("/d/root/fragment?top=0&height=3000"))
        #expect(window.contains("Harbours.plist is missing from the bundle"))
        #expect(window.contains("data-kind=\"settings\""))
        let export = try api.get("/api/datasets/root/export?format=plist")
        #expect(try DocumentFormat.plist.read(export.bodyBytes) == (try DocumentFormat.plist.read(root)))
    }

    @Test("the page draws each control: a switch, text fields (secure, URL keyboard), a slider, value1 and chevrons")
    func controlsInTheFragment() throws {
        let api = try tides()
        let window = text(try api.get("/d/tides/fragment?top=0&height=3000"))
        #expect(window.contains("role=\"switch\""))
        #expect(window.contains("data-action=\"text\"") && window.contains("value=\"Ada Lovelace\""))
        #expect(window.contains("type=\"password\"") && window.contains("inputmode=\"url\""))
        #expect(window.contains("autocapitalize=\"words\""))
        #expect(window.contains("type=\"range\" step=\"any\" min=\"0.8\" max=\"1.6\" value=\"1\""))
        #expect(window.contains("data-accessory=\"disclosureIndicator\"") && window.contains(">1 h<"))
        #expect(window.contains("data-choice=\"single\""), "the radio group's rows")
        #expect(window.contains("Reset Tips"))
    }

    @Test("a search finds a row by its text in any language the bundle has, marked as the reader sees it")
    func searchInTheReadersLanguage() throws {
        let api = try tides()
        let found = text(try api.get("/d/tides/fragment?top=0&height=3000&lang=zh-Hans&q=%E9%AB%98%E6%BD%AE"))
        #expect(found.contains("<mark>高潮</mark>提醒"), "\(found.prefix(400))")
        let german = try jsonBody(try api.get("/api/datasets/tides/window?top=0&height=3000&q=Hochwasser"))
        #expect(german["matches"] == .int(1))
    }

    @Test("the page speaks the reader's language where the bundle's strings do (any language), else the development one")
    func languages() throws {
        let api = try tides()
        let chinese = text(try api.get("/d/tides/fragment?top=0&height=3000&lang=zh-Hans"))
        #expect(chinese.contains("账户") && chinese.contains("高潮提醒") && chinese.contains(">1 小时<"))
        #expect(chinese.contains("“自动”跟随系统设置。"), "a radio group's footer")
        let english = text(try api.get("/d/tides/fragment?top=0&height=3000", headers: ["Accept-Language": "en-GB"]))
        #expect(english.contains("Account") && !english.contains("账户"))
        let german = text(try api.get("/d/tides/fragment?top=0&height=3000&lang=de"))
        #expect(german.contains(">Konto<") && german.contains("Hochwasser-Hinweise") && german.contains("Dunkel"))
        #expect(german.contains("Server") && german.contains("Reset Tips"), "untranslated: the development language")
        #expect(german.contains("„Automatisch“ folgt dem System."))
        let page = text(try api.get("/d/tides", headers: ["Accept-Language": "de-DE,de;q=0.9,en;q=0.5"]))
        #expect(page.contains(#"lang="de""#) && page.contains(">Konto<"), "the page asks its windows for German")
        #expect(try api.get("/d/tides/fragment?lang=1x").status == 400)
        let harbours = try rowID(api, "Harbours")
        let pane = text(try api.get("/d/tides?child=\(harbours)&lang=zh-Hans"))
        #expect(pane.contains("<title>港口") || pane.contains(">港口<"), "the pane's title in Chinese")
        #expect(pane.contains("母港") && pane.contains("潮汐时间以此港口为准。"), "its own strings table, a binary one")
    }

    @Test("the page's title is the bundle's Title in the reader's language, from the root page's strings")
    func titleInTheReadersLanguage() throws {
        let root: FieldValue = .dict([
            "Title": .string("Kitchen"),
            "PreferenceSpecifiers": .array([
                .dict(["Type": .string("PSChildPaneSpecifier"), "Title": .string("Oven"), "File": .string("Oven")]),
            ]),
        ])
        let oven: FieldValue = .dict([
            "PreferenceSpecifiers": .array([.dict(["Type": .string("PSGroupSpecifier"), "Title": .string("Heat")])]),
        ])
        let bundle = SettingsBundle(
            root: root, panes: ["Oven": oven], strings: ["zh-Hans": ["Root": ["Kitchen": "厨房", "Oven": "烤箱"]]])
        let api = try APIFixture(datasets: [], imported: [try bundle.dataset(id: "kitchen", title: nil, file: "Settings.bundle")])
        let chinese = text(try api.get("/d/kitchen?lang=zh-Hans"))
        #expect(chinese.contains("<title>厨房") || chinese.contains(">厨房<"), "the title in Chinese")
        #expect(!chinese.contains("Kitchen"))
        let english = text(try api.get("/d/kitchen?lang=en"))
        #expect(english.contains("Kitchen") && !english.contains("厨房"))
        let ovenRow = try #require(api.dataset("kitchen").sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Oven" }).id.rawValue
        let pane = text(try api.get("/d/kitchen?child=\(ovenRow)&lang=zh-Hans"))
        #expect(pane.contains("烤箱") && pane.contains("厨房") && !pane.contains("Kitchen"), "the back control says 厨房")
    }

    @Test("batches change a switch, a text field, a slider and a radio choice; exports give them as DefaultValue")
    func valuesStoredAndExported() throws {
        let api = try tides()
        let sound = try rowID(api, "Sound"), name = try rowID(api, "Name"), dark = try rowID(api, "Dark")
        let slider = api.dataset("tides").sections[2].rows[0].id.rawValue
        let body = #"{"baseVersion":1,"updateRows":["#
            + #"{"id":\#(sound),"fields":{"on":true}},{"id":\#(name),"fields":{"value":"Grace Hopper"}},"#
            + #"{"id":\#(slider),"fields":{"value":1.25}},{"id":\#(dark),"fields":{"accessory":"checkmark"}}]}"#
        let reply = try api.batch("tides", body)
        #expect(reply.status == 200, "\(text(reply))")
        let values = try DocumentFormat.plist.read(try api.get("/api/datasets/tides/export?format=defaults").bodyBytes)
        let defaults = try #require(values.dictValue)
        #expect(defaults["alert_sound"] == .string("YES") && defaults["user_name"] == .string("Grace Hopper"))
        #expect(defaults["text_scale"] == .real(1.25) && defaults["theme"] == .string("dark"))
        #expect(defaults["home_harbour"] == .string("qingdao"), "a child pane's value")
        let root = try JSONReader.read(try api.get("/api/datasets/tides/export?format=json").bodyBytes)
        let specifiers = root.dictValue?["PreferenceSpecifiers"]?.arrayValue?.compactMap(\.dictValue) ?? []
        #expect(specifiers.first { $0["Key"] == .string("theme") }?["DefaultValue"] == .string("dark"))
        let unknown = try api.batch("tides", #"{"baseVersion":2,"updateRows":[{"id":99999,"fields":{"on":false}}]}"#)
        #expect(unknown.status == 422 || unknown.status == 404, "\(text(unknown))")
    }

    @Test("a multi-value choice in its child table changes the row's detail and the exported value")
    func multiValueChoice() throws {
        let api = try tides()
        let time = try rowID(api, "Alert Time")
        let row = try #require(api.dataset("tides").sections.flatMap(\.rows).first { $0.id.rawValue == time })
        let child = try #require(TableDocument.childDataset(of: row, in: api.dataset("tides")))
        let twoHours = child.sections[0].rows[3].id.rawValue
        let reply = try api.batch("tides", #"{"baseVersion":1,"child":"\#(time)","updateRows":[{"id":\#(twoHours),"fields":{"accessory":"checkmark"}}]}"#)
        #expect(reply.status == 200, "\(text(reply))")
        #expect(text(try api.get("/d/tides/fragment?top=0&height=3000")).contains(">2 h<"))
        let defaults = try DocumentFormat.plist.read(try api.get("/api/datasets/tides/export?format=defaults").bodyBytes)
        #expect(defaults.dictValue?["alert_lead"] == .int(120))
        let pane = try api.get("/api/datasets/tides/export?format=plist&pane=Harbours")
        #expect(pane.status == 200 && text(pane).contains("<string>Show Tide Table</string>"))
        #expect(try api.get("/api/datasets/tides/export?pane=Nowhere").status == 404)
        let named = try api.get("/api/datasets/tides/export?format=plist&pane=Harbours.plist")
        #expect(named.status == 200 && named.bodyBytes == pane.bodyBytes)
    }

    @Test("another kind has no panes (404) and no defaults (422); an empty pane= is the whole document")
    func panesOfOtherKinds() throws {
        let api = try APIFixture()
        #expect(try api.get("/api/datasets/letters/export?pane=Harbours").status == 404)
        try expectProblem(try api.get("/api/datasets/letters/export?format=defaults"), status: 422)
        let whole = try api.get("/api/datasets/letters/export?format=json&pane=")
        let plain = try api.get("/api/datasets/letters/export?format=json")
        #expect(whole.status == 200 && whole.bodyBytes == plain.bodyBytes)
        let malformed = try api.get("/d/letters?lang=null")
        let traditional = try api.get("/d/letters?lang=zh-Hant-TW")
        #expect(malformed.status == 400 && traditional.status == 200)
    }
}
