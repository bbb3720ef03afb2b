// ListServerTests — a Settings bundle with device variants exports every one of its files
import Foundation
import HTTPServer
import Models
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

private func page(_ specifiers: [Fields]) -> [UInt8] {
    DocumentFormat.plist.write(.dict(["StringsTable": .string("Root"), "PreferenceSpecifiers": .array(specifiers.map(FieldValue.dict))]))
}

private let group: Fields = ["Type": .string("PSGroupSpecifier"), "Title": .string("General")]
private let sound: Fields = [
    "Type": .string("PSToggleSwitchSpecifier"), "Title": .string("Sound"), "Key": .string("sound"), "DefaultValue": .bool(true),
]
private let scale: Fields = [
    "Type": .string("PSSliderSpecifier"), "Key": .string("text_scale"), "DefaultValue": .real(1),
    "MinimumValue": .real(0.5), "MaximumValue": .real(2),
]
private func child(_ title: String, _ file: String) -> Fields {
    ["Type": .string("PSChildPaneSpecifier"), "Title": .string(title), "File": .string(file)]
}

/// A bundle of 17 files shaped as apps with iPad layouts write them (Awful's, PsyTrack's): a plain `Root.plist`
/// an `~iphone` variant replaces, an `~ipad` one, panes with their own variants, a pane only the iPad opens, and
/// strings tables in three languages.
private func variantBundle() -> [String: [UInt8]] {
    let strings = { (text: String) in Array(text.utf8) }
    return [
        "Root.plist": page([group, sound, child("About", "About")]),
        "Root~iphone.plist": page([group, sound, child("Display", "Display"), child("Sync", "Sync")]),
        "Root~ipad.plist": page([group, sound, child("Display", "Display"), child("Licenses", "Licenses")]),
        "Display.plist": page([group, scale]),
        "Display~ipad.plist": page([group, scale, ["Type": .string("PSToggleSwitchSpecifier"), "Title": .string("Split View"), "Key": .string("split")]]),
        "Sync.plist": page([group, ["Type": .string("PSTextFieldSpecifier"), "Title": .string("Server"), "Key": .string("server")]]),
        "Sync~iphone.plist": page([group, ["Type": .string("PSTextFieldSpecifier"), "Title": .string("Server"), "Key": .string("server"), "DefaultValue": .string("a.example")]]),
        "Sync~ipad.plist": page([["Type": .string("PSTextFieldSpecifier"), "Title": .string("Server"), "Key": .string("server")]]),
        "Licenses.plist": page([["Type": .string("PSTitleValueSpecifier"), "Title": .string("Version"), "Key": .string("version"), "DefaultValue": .string("1.0")]]),
        "About.plist": page([group]),
        "en.lproj/Root.strings": strings(#""Sound" = "Sound";"#),
        "zh-Hans.lproj/Root.strings": strings(#""Sound" = "声音"; "General" = "通用";"#),
        "de.lproj/Root.strings": strings(#""Sound" = "Ton";"#),
        "en.lproj/Display.strings": strings(#""General" = "Display";"#),
        "zh-Hans.lproj/Display.strings": strings(#""General" = "显示";"#),
        "en.lproj/Sync.strings": strings(#""Server" = "Server";"#),
        "zh-Hans.lproj/Sync.strings": strings(#""Server" = "服务器";"#),
    ]
}

@Suite("Settings bundles: device variants")
struct APISettingsBundleVariantsTests {
    @Test("format=bundle gives back all 17 files, each page holding an edited key with its value as DefaultValue")
    func everyFileExported() throws {
        let files = variantBundle()
        var archive = ZipArchive()
        for (path, bytes) in files.sorted(by: { $0.key < $1.key }) { archive.add("Settings.bundle/\(path)", bytes) }
        let api = try APIFixture(datasets: [])
        let request = try HTTPRequest(
            method: "PUT", target: "/api/datasets/tides", headers: ["Host": "127.0.0.1", "Content-Type": "application/zip"],
            body: archive.bytes)
        let created = api.router.respond(to: request, problemPaths: AppRoutes.problemPaths).completed()
        #expect(created.status == 201, "\(text(created))")
        // The iPhone's pages are shown: Sound, Display and Sync.
        let rows = api.dataset("tides").sections.flatMap(\.rows)
        #expect(rows.compactMap { $0.fields["text"]?.text } == ["Sound", "Display", "Sync"])
        let soundID = try #require(rows.first { $0.fields["text"]?.text == "Sound" }).id.rawValue
        let display = try #require(rows.first { $0.fields["text"]?.text == "Display" })
        let slider = try #require(TableDocument.childDataset(of: display, in: api.dataset("tides"))).sections[0].rows[0].id.rawValue
        #expect(try api.batch("tides", #"{"baseVersion":1,"updateRows":[{"id":\#(soundID),"fields":{"on":false}}]}"#).status == 200)
        let moved = try api.batch(
            "tides", #"{"baseVersion":2,"child":"\#(display.id.rawValue)","updateRows":[{"id":\#(slider),"fields":{"value":1.5}}]}"#)
        #expect(moved.status == 200, "\(text(moved))")

        let exported = try api.get("/api/datasets/tides/export?format=bundle")
        #expect(exported.status == 200)
        let entries = try ZipArchive.files(in: exported.bodyBytes)
        let byPath = Dictionary(uniqueKeysWithValues: entries.map { (String($0.path.dropFirst("Settings.bundle/".count)), $0.bytes) })
        #expect(entries.count == 17 && Set(byPath.keys) == Set(files.keys), "\(byPath.keys.sorted())")
        for (path, bytes) in files where path.hasSuffix(".strings") { #expect(byPath[path] == bytes, "\(path) as it came") }
        func specifier(_ path: String, _ key: String) throws -> Fields? {
            let document = try DocumentFormat.plist.read(try #require(byPath[path]))
            return document.dictValue?["PreferenceSpecifiers"]?.arrayValue?.compactMap(\.dictValue).first { $0["Key"] == .string(key) }
        }
        for path in ["Root.plist", "Root~iphone.plist", "Root~ipad.plist"] {
            #expect(try specifier(path, "sound")?["DefaultValue"] == .bool(false), "\(path)")
        }
        for path in ["Display.plist", "Display~ipad.plist"] {
            #expect(try specifier(path, "text_scale")?["DefaultValue"] == .real(1.5), "\(path)")
        }
        #expect(try specifier("Sync~iphone.plist", "server")?["DefaultValue"] == .string("a.example"))
        #expect(byPath["Sync~ipad.plist"] == files["Sync~ipad.plist"], "a key never edited stays as the iPad's file has it")
        #expect(byPath["Licenses.plist"] == files["Licenses.plist"], "a page without a changed key, as it came")
        #expect(byPath["About.plist"] == files["About.plist"])

        // The archive imports again as the same bundle, its values kept.
        let again = try HTTPRequest(
            method: "PUT", target: "/api/datasets/again", headers: ["Host": "127.0.0.1"], body: exported.bodyBytes)
        #expect(api.router.respond(to: again, problemPaths: AppRoutes.problemPaths).completed().status == 201)
        let defaults = try DocumentFormat.plist.read(try api.get("/api/datasets/again/export?format=defaults").bodyBytes)
        #expect(defaults.dictValue?["sound"] == .bool(false) && defaults.dictValue?["text_scale"] == .real(1.5))
    }
}
