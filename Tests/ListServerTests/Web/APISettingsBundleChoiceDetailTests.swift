// ListServerTests — a multi-value's chosen title, copied to every row of its key, in every language of the bundle
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

/// A bundle whose two multi-values share the key `unit`, their titles (and one's short titles) translated.
private func soundings() throws -> APIFixture {
    func strings(_ texts: String...) -> FieldValue { .array(texts.map(FieldValue.string)) }
    let titles: Fields = [
        "Type": .string("PSMultiValueSpecifier"), "Key": .string("unit"), "DefaultValue": .string("m"),
        "Titles": strings("Metres", "Fathoms"), "Values": strings("m", "fm"),
    ]
    var depth = titles, chart = titles
    depth["Title"] = .string("Depth unit")
    depth["ShortTitles"] = strings("m", "fm")
    chart["Title"] = .string("Chart unit")
    let root: FieldValue = .dict(["PreferenceSpecifiers": .array([.dict(depth), .dict(chart)])])
    let strings = #""Metres" = "米";"Fathoms" = "英寻";"fm" = "寻";"Depth unit" = "水深单位";"Chart unit" = "海图单位";"#
    let files = ["Root.plist": DocumentFormat.plist.write(root), "zh-Hans.lproj/Root.strings": Array(strings.utf8)]
    let dataset = try SettingsBundle(name: "Soundings", files: files)
        .dataset(id: "soundings", title: nil, file: "Soundings.bundle")
    return try APIFixture(datasets: [], imported: [dataset])
}

private func row(_ api: APIFixture, _ text: String) throws -> Row {
    try #require(api.dataset("soundings").sections.flatMap(\.rows).first { $0.fields["text"]?.text == text })
}

private func translatedDetail(_ row: Row) -> FieldValue? {
    row.fields["localized"]?.dictValue?["zh-Hans"]?.dictValue?["detail"]
}

@Suite("API: a multi-value's choice, copied to its key's rows, in every language")
struct APISettingsBundleChoiceDetailTests {
    @Test("a choice writes its title as the detail of every multi-value of its key, translated ones too")
    func copiedChoiceIsTranslated() throws {
        let api = try soundings()
        let depth = try row(api, "Depth unit"), chart = try row(api, "Chart unit")
        #expect(translatedDetail(chart) == .string("米"))
        #expect(translatedDetail(depth) == nil, "the short m is not translated")
        let choices = try #require(TableDocument.childDataset(of: depth, in: api.dataset("soundings")))
        let fathoms = choices.sections[0].rows[1].id.rawValue
        let update = #"{"id":\#(fathoms),"fields":{"accessory":"checkmark"}}"#
        let child = depth.id.rawValue
        let reply = try api.batch("soundings", #"{"baseVersion":1,"child":"\#(child)","updateRows":[\#(update)]}"#)
        #expect(reply.status == 200, "\(String(decoding: reply.bodyBytes, as: UTF8.self))")
        // The row chosen in shows its short title, the copy its title, each in Chinese where the strings give it.
        let (newDepth, newChart) = (try row(api, "Depth unit"), try row(api, "Chart unit"))
        #expect(newDepth.fields["detail"] == .string("fm") && translatedDetail(newDepth) == .string("寻"))
        #expect(newChart.fields["detail"] == .string("Fathoms"))
        #expect(translatedDetail(newChart) == .string("英寻"))
        // A reader of the page in Chinese finds both rows by the title they now show, and not by the old one.
        func search(_ query: String) throws -> String {
            let window = "/d/soundings/fragment?top=0&height=800&lang=zh-Hans&q=" + query
            return String(decoding: try api.get(window).bodyBytes, as: UTF8.self)
        }
        let found = try search("英寻")
        #expect(found.contains("海图单位"), "\(found.prefix(600))")
        let stale = try search("米")
        #expect(!stale.contains("海图单位"), "\(stale.prefix(600))")
    }
}
