// ListServerTests — one user-defaults key, one value: copies of a key and of a pane change together
import Foundation
import HTTPServer
import Models
import TestSupport
import Testing

@testable import ListServer

private func text(_ response: HTTPResponse) -> String { String(decoding: response.bodyBytes, as: UTF8.self) }

private func specifier(_ type: String, _ title: String, _ extra: Fields = [:]) -> FieldValue {
    var fields: Fields = ["Type": .string(type), "Title": .string(title)]
    for field in extra { fields[field.key] = field.value }
    return .dict(fields)
}

/// A bundle whose `sync` switch is on the root page twice and once in `Pane`, which a root row opens and, through
/// `Complete`, another.
private func copies() throws -> APIFixture {
    let sync: Fields = ["Key": .string("sync"), "DefaultValue": .bool(true)]
    let mode: Fields = [
        "Key": .string("mode"), "DefaultValue": .string("a"), "Values": .array([.string("a"), .string("b")]),
        "Titles": .array([.string("Auto"), .string("Bright")]),
    ]
    let root: FieldValue = .dict([
        "PreferenceSpecifiers": .array([
            specifier("PSGroupSpecifier", "First"),
            specifier("PSToggleSwitchSpecifier", "Sync", sync),
            specifier("PSChildPaneSpecifier", "Pane One", ["File": .string("Pane")]),
            specifier("PSGroupSpecifier", "Second"),
            specifier("PSToggleSwitchSpecifier", "Sync Again", sync),
            specifier("PSChildPaneSpecifier", "Complete", ["File": .string("Complete")]),
            specifier("PSMultiValueSpecifier", "Mode", mode),
        ])
    ])
    let pane: FieldValue = .dict([
        "PreferenceSpecifiers": .array([
            specifier("PSToggleSwitchSpecifier", "Pane Switch", ["Key": .string("pane_sw"), "DefaultValue": .bool(true)]),
            specifier("PSToggleSwitchSpecifier", "Sync In Pane", sync),
            specifier("PSRadioGroupSpecifier", "Mode Here", mode),
        ])
    ])
    // As InAppSettingsKit's sample reaches Advanced.plist from Root and through Complete.plist.
    let complete: FieldValue = .dict([
        "PreferenceSpecifiers": .array([specifier("PSChildPaneSpecifier", "Pane Two", ["File": .string("Pane")])])
    ])
    let dataset = try SettingsBundle(name: "Copies", root: root, panes: ["Pane": pane, "Complete": complete])
        .dataset(id: "copies", title: nil, file: "Root.plist")
    return try APIFixture(datasets: [], imported: [dataset])
}

/// Every switch of the dataset whose text is `title`, at any depth, as on/off.
private func switches(_ title: String, in dataset: Dataset) -> [Bool] {
    func inRow(_ row: Fields) -> [Bool] {
        var found = row["text"]?.text == title ? [row["on"]?.flag ?? false] : []
        for section in row[TableDocument.childKey]?.dictValue?[TableDocument.sectionsKey]?.arrayValue ?? [] {
            for child in section.dictValue?[TableDocument.rowsKey]?.arrayValue ?? [] {
                found += inRow(child.dictValue ?? [:])
            }
        }
        return found
    }
    return dataset.sections.flatMap(\.rows).flatMap { inRow($0.fields) }
}

private func rowID(_ api: APIFixture, _ text: String) throws -> Int64 {
    try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.fields["text"]?.text == text }).id.rawValue
}

/// The `DefaultValue`s of the exported page's specifiers with `key`.
private func exportedDefaults(_ api: APIFixture, key: String, pane: String? = nil) throws -> [FieldValue?] {
    let target = "/api/datasets/copies/export?format=plist" + (pane.map { "&pane=\($0)" } ?? "")
    let page = try DocumentFormat.plist.read(try api.get(target).bodyBytes)
    let specifiers = page.dictValue?["PreferenceSpecifiers"]?.arrayValue?.compactMap(\.dictValue) ?? []
    return specifiers.filter { $0["Key"] == .string(key) }.map { $0["DefaultValue"] }
}

@Suite("API: one Settings key, one value")
struct APISettingsBundleKeysTests {
    @Test("turning off one switch of a key turns off every switch with that key, in every pane, and its undo restores all")
    func switchCopiesChangeTogether() throws {
        let api = try copies()
        let sync = try rowID(api, "Sync")
        let reply = try api.batch(
            "copies", #"{"baseVersion":1,"undoable":true,"updateRows":[{"id":\#(sync),"fields":{"on":false}}]}"#)
        #expect(reply.status == 200, "\(text(reply))")
        let dataset = api.dataset("copies")
        #expect(switches("Sync", in: dataset) == [false] && switches("Sync Again", in: dataset) == [false])
        #expect(switches("Sync In Pane", in: dataset) == [false, false], "both copies of the pane")
        #expect(try exportedDefaults(api, key: "sync") == [.bool(false), .bool(false)])
        #expect(try exportedDefaults(api, key: "sync", pane: "Pane") == [.bool(false)])
        let defaults = try DocumentFormat.plist.read(try api.get("/api/datasets/copies/export?format=defaults").bodyBytes)
        #expect(defaults.dictValue?["sync"] == .bool(false))

        let body = text(reply)
        let undo = try #require(body.range(of: #""undo":"#)).upperBound
        let undone = try api.batch("copies", String(body[undo...].dropLast()))
        #expect(undone.status == 200, "\(text(undone))")
        let restored = api.dataset("copies")
        #expect(switches("Sync", in: restored) + switches("Sync Again", in: restored) == [true, true])
        #expect(switches("Sync In Pane", in: restored) == [true, true])
    }

    @Test("a change in a pane opened from two rows shows in both copies and in the export")
    func paneCopiesChangeTogether() throws {
        let api = try copies()
        let one = try rowID(api, "Pane One")
        let row = try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.id.rawValue == one })
        let pane = try #require(TableDocument.childDataset(of: row, in: api.dataset("copies")))
        let paneSwitch = try #require(pane.sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Pane Switch" })
        let syncInPane = try #require(pane.sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Sync In Pane" })
        let body = #"{"baseVersion":1,"child":"\#(one)","updateRows":[{"id":\#(paneSwitch.id.rawValue),"fields":{"on":false}},"#
            + #"{"id":\#(syncInPane.id.rawValue),"fields":{"on":false}}]}"#
        let reply = try api.batch("copies", body)
        #expect(reply.status == 200, "\(text(reply))")
        let dataset = api.dataset("copies")
        #expect(switches("Pane Switch", in: dataset) == [false, false])
        #expect(switches("Sync", in: dataset) + switches("Sync Again", in: dataset) == [false, false])
        #expect(try exportedDefaults(api, key: "pane_sw", pane: "Pane") == [.bool(false)])
        #expect(try exportedDefaults(api, key: "sync") == [.bool(false), .bool(false)])
    }

    @Test("a multi-value's choice checks the same value in a radio group of that key in both copies of a pane")
    func choiceCopiesChangeTogether() throws {
        let api = try copies()
        let mode = try rowID(api, "Mode")
        let row = try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.id.rawValue == mode })
        let choices = try #require(TableDocument.childDataset(of: row, in: api.dataset("copies")))
        let bright = choices.sections[0].rows[1].id.rawValue
        let reply = try api.batch(
            "copies", #"{"baseVersion":1,"child":"\#(mode)","updateRows":[{"id":\#(bright),"fields":{"accessory":"checkmark"}}]}"#)
        #expect(reply.status == 200, "\(text(reply))")
        #expect(try exportedDefaults(api, key: "mode", pane: "Pane") == [.string("b")], "the radio group in the pane")
        let one = try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Pane One" })
        let complete = try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Complete" })
        let completeTable = try #require(TableDocument.childDataset(of: complete, in: api.dataset("copies")))
        let two = completeTable.sections[0].rows[0]
        for (pane, parent) in [(one, api.dataset("copies")), (two, completeTable)] {
            let table = try #require(TableDocument.childDataset(of: pane, in: parent))
            let radio = try #require(table.sections.first { $0.fields["header"]?.text == "Mode Here" })
            #expect(radio.rows.map { $0.fields["accessory"]?.text } == [nil, "checkmark"], "\(pane.fields["text"] ?? .null)")
        }
        let defaults = try DocumentFormat.plist.read(try api.get("/api/datasets/copies/export?format=defaults").bodyBytes)
        #expect(defaults.dictValue?["mode"] == .string("b"))
    }

    @Test("a change in the copy of a pane reached through another pane shows in the first copy, and its undo restores both")
    func nestedPaneCopyAndUndo() throws {
        let api = try copies()
        let complete = try #require(api.dataset("copies").sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Complete" })
        let completeTable = try #require(TableDocument.childDataset(of: complete, in: api.dataset("copies")))
        let two = completeTable.sections[0].rows[0]
        let pane = try #require(TableDocument.childDataset(of: two, in: completeTable))
        let paneSwitch = try #require(pane.sections.flatMap(\.rows).first { $0.fields["text"]?.text == "Pane Switch" })
        let address = "\(complete.id.rawValue)~\(two.id.rawValue)"
        let reply = try api.batch(
            "copies",
            #"{"baseVersion":1,"undoable":true,"child":"\#(address)","updateRows":[{"id":\#(paneSwitch.id.rawValue),"fields":{"on":false}}]}"#)
        #expect(reply.status == 200, "\(text(reply))")
        #expect(switches("Pane Switch", in: api.dataset("copies")) == [false, false])
        #expect(try exportedDefaults(api, key: "pane_sw", pane: "Pane") == [.bool(false)])

        let body = text(reply)
        let undo = try #require(body.range(of: #""undo":"#)).upperBound
        let undone = try api.batch("copies", String(body[undo...].dropLast()))
        #expect(undone.status == 200, "\(text(undone))")
        #expect(switches("Pane Switch", in: api.dataset("copies")) == [true, true])
    }
}
