// ModelsTests — a Settings dataset's values changed as the page changes them, exported as pages and defaults
import Testing

@testable import Models

/// Sets a row's fields, found by its text at any depth of the root page's rows (child tables included).
private func update(_ dataset: inout Dataset, _ text: String, _ changes: Fields) {
    for s in dataset.sections.indices {
        for r in dataset.sections[s].rows.indices where dataset.sections[s].rows[r].fields["text"]?.text == text {
            for field in changes { dataset.sections[s].rows[r].fields[field.key] = field.value }
        }
    }
}

@Suite("Settings bundles: values stored and exported as the bundle's pages and as user defaults")
struct SettingsExportTests {
    @Test("an untouched bundle exports its Root.plist as the file has it")
    func untouchedExportsEqual() throws {
        let files = try settingsBundleFiles()
        let dataset = try settingsBundleDataset()
        let root = try DatasetImporter.readDocument(try #require(files["Root.plist"]), file: "Root.plist")
        #expect(DatasetEncoder.encode(dataset) == root)
        let harbours = try DatasetImporter.readDocument(try #require(files["Harbours.plist"]), file: "Harbours.plist")
        #expect(SettingsExport.pane("Harbours", of: dataset) == harbours)
        #expect(SettingsExport.pane("Advanced", of: dataset) != nil && SettingsExport.pane("Nowhere", of: dataset) == nil)
    }

    @Test("changed values export as DefaultValue: a switch as its TrueValue, a text, a slider, a radio choice")
    func changedValuesExport() throws {
        var dataset = try settingsBundleDataset()
        update(&dataset, "Sound", ["on": .bool(true)])
        update(&dataset, "Name", ["value": .string("Grace Hopper")])
        update(&dataset, "Dark", ["accessory": .string("checkmark")])
        update(&dataset, "Automatic", ["accessory": .null])
        let slider = dataset.sections[2].rows[0].id
        dataset.sections[2].rows[0].fields["value"] = .real(1.25)
        let page = try #require(DatasetEncoder.encode(dataset).dictValue)
        let specifiers = page["PreferenceSpecifiers"]?.arrayValue?.compactMap(\.dictValue) ?? []
        func specifier(_ key: String) -> Fields? { specifiers.first { $0["Key"]?.stringValue == key } }
        #expect(specifier("alert_sound")?["DefaultValue"] == .string("YES"))
        #expect(specifier("user_name")?["DefaultValue"] == .string("Grace Hopper"))
        #expect(specifier("text_scale")?["DefaultValue"] == .real(1.25), "row \(slider)")
        #expect(specifier("theme")?["DefaultValue"] == .string("dark"))
        #expect(specifier("alerts_enabled")?["DefaultValue"] == .bool(true), "unchanged")
        let again = try DatasetDecoder(file: "Root.plist", id: "again").decode(.dict(page))
        #expect(again.row("Sound")?.fields["on"] == .bool(true) && again.row("Name")?.fields["value"] == "Grace Hopper")
    }

    @Test("format=defaults gives every keyed value of every page as {Key: value}, child panes included")
    func defaults() throws {
        var dataset = try settingsBundleDataset()
        update(&dataset, "High Water Alerts", ["on": .bool(false)])
        let values = try #require(SettingsExport.defaults(of: dataset).dictValue)
        #expect(values["alerts_enabled"] == .bool(false) && values["alert_sound"] == .string("NO"))
        #expect(values["alert_lead"] == .int(60) && values["theme"] == .string("auto") && values["units"] == .string("m"))
        #expect(values["home_harbour"] == .string("qingdao") && values["history_days"] == .int(7))
        #expect(values["chart_datum"] == .int(0) && values["station_id"] == .string("2043"))
        #expect(values["reset_tips"] == nil, "an unknown type holds no value")
        #expect(values.keys.first == "user_name")
        dataset.sections[2].rows[0].fields["value"] = .int(1)
        #expect(try #require(SettingsExport.defaults(of: dataset).dictValue)["text_scale"] == .real(1), "a slider's value is a float")
    }

    @Test("defaults: a switch as its TrueValue/FalseValue else a boolean, whatever form its DefaultValue took; IASK types")
    func defaultsForms() throws {
        func specifier(_ type: String, _ title: String, _ extra: Fields = [:]) -> FieldValue {
            var fields: Fields = ["Type": .string(type), "Title": .string(title), "Key": .string(title.lowercased())]
            for field in extra { fields[field.key] = field.value }
            return .dict(fields)
        }
        let page: FieldValue = .dict([
            "PreferenceSpecifiers": .array([
                specifier("PSToggleSwitchSpecifier", "Bool", ["DefaultValue": .bool(true), "TrueValue": "YES", "FalseValue": "NO"]),
                specifier("PSToggleSwitchSpecifier", "Word", ["DefaultValue": "YES"]),
                specifier("PSToggleSwitchSpecifier", "Number", ["DefaultValue": .int(1)]),
                specifier("PSToggleSwitchSpecifier", "Off", ["DefaultValue": "NO", "TrueValue": "YES", "FalseValue": "NO"]),
                specifier("PSToggleSwitchSpecifier", "Bare"),
                specifier("PSTextFieldSpecifier", "Name", ["IASKPlaceholder": "Your name"]),
                specifier("IASKTextViewSpecifier", "Notes", ["DefaultValue": "hello"]),
                specifier("IASKButtonSpecifier", "Reset"),
            ])
        ])
        var dataset = try DatasetDecoder(file: "Root.plist", id: "forms").decode(page)
        #expect(dataset.row("Bool")?.fields["on"] == .bool(true), "true beside TrueValue YES is on")
        #expect(DatasetEncoder.encode(dataset) == page, "an untouched page exports as it came, no empty DefaultValue added")
        let values = try #require(SettingsExport.defaults(of: dataset).dictValue)
        #expect(values["bool"] == "YES" && values["word"] == .bool(true) && values["number"] == .bool(true))
        #expect(values["off"] == "NO" && values["notes"] == "hello")
        #expect(values["bare"] == nil && values["name"] == nil && values["reset"] == nil, "no DefaultValue, unchanged")
        update(&dataset, "Bool", ["on": .bool(false)])
        update(&dataset, "Word", ["on": .bool(false)])
        update(&dataset, "Bare", ["on": .bool(true)])
        update(&dataset, "Name", ["value": "Ada"])
        let changed = try #require(SettingsExport.defaults(of: dataset).dictValue)
        #expect(changed["bool"] == "NO" && changed["word"] == .bool(false) && changed["bare"] == .bool(true))
        #expect(changed["name"] == "Ada")
    }

    @Test("a page file not shown takes the current values of its keys, in its own format; else it stays as it came")
    func pageFileStoringValues() throws {
        let page: FieldValue = .dict([
            "PreferenceSpecifiers": .array([
                .dict(["Type": "PSToggleSwitchSpecifier", "Title": "Sound", "Key": "sound", "TrueValue": "YES", "FalseValue": "NO", "DefaultValue": "YES"]),
                .dict(["Type": "PSTextFieldSpecifier", "Title": "Name", "Key": "name"]),
            ])
        ])
        let binary = DocumentFormat.binaryPlist.write(page)
        let stored = SettingsExport.page(binary, storing: ["sound": "NO", "other": "x"])
        #expect(PropertyListFormat.isBinaryPropertyList(stored), "binary stays binary")
        let specifiers = try BinaryPropertyListReader.read(stored).dictValue?["PreferenceSpecifiers"]?.arrayValue ?? []
        #expect(specifiers.first?.dictValue?["DefaultValue"] == "NO" && specifiers.last?.dictValue?["DefaultValue"] == nil)
        let xml = DocumentFormat.plist.write(page)
        #expect(SettingsExport.page(xml, storing: ["sound": "YES"]) == xml, "the value it starts with: as it came")
        #expect(SettingsExport.page(Array("not a page".utf8), storing: ["sound": "NO"]) == Array("not a page".utf8))
    }
}

@Suite("Settings bundles: values never edited are exported as they came")
struct SettingsExportUneditedTests {
    private func page(_ defaultValue: FieldValue) -> [UInt8] {
        DocumentFormat.plist.write(.dict([
            "PreferenceSpecifiers": .array([
                .dict([
                    "Type": .string("PSMultiValueSpecifier"), "Title": .string("Level"), "Key": .string("level"),
                    "DefaultValue": defaultValue, "Values": .array([.int(0), .int(1)]),
                    "Titles": .array([.string("Low"), .string("High")]),
                ])
            ])
        ]))
    }

    @Test("a page no row shows keeps its DefaultValue \"0\" (a string) while the key is not edited, and takes an edit")
    func uneditedStringStaysAString() throws {
        let ipad = page(.string("0"))
        var bundle = try SettingsBundle(name: "Levels", files: ["Root.plist": page(.int(0)), "Root~ipad.plist": ipad])
        bundle.folder = "Settings"
        var dataset = try bundle.dataset(id: "levels", title: nil, file: "Settings.bundle")
        let archive = SettingsExport.bundleArchive(of: dataset).bytes
        let again = try SettingsBundle(archive: archive, file: "Settings.bundle.zip", name: "Settings")
        #expect(again.pageFiles["Root~ipad.plist"] == ipad, "byte for byte as it came")

        // The user picks High: every page of the bundle says 1.
        let choices = try #require(dataset.sections[0].rows[0].fields["table"]?.dictValue)
        var list = try #require(choices["sections"]?.arrayValue?.first?.dictValue)
        var rows = (list["rows"]?.arrayValue ?? []).compactMap(\.dictValue)
        try #require(rows.count == 2)
        rows[0]["accessory"] = nil
        rows[1]["accessory"] = .string("checkmark")
        list["rows"] = .array(rows.map(FieldValue.dict))
        var table = choices
        table["sections"] = .array([.dict(list)])
        dataset.sections[0].rows[0].fields["table"] = .dict(table)
        let edited = try SettingsBundle(archive: SettingsExport.bundleArchive(of: dataset).bytes, file: "S.zip", name: "S")
        let page = try DocumentFormat.plist.read(try #require(edited.pageFiles["Root~ipad.plist"]))
        let specifier = page.dictValue?["PreferenceSpecifiers"]?.arrayValue?.first?.dictValue
        #expect(specifier?["DefaultValue"] == .int(1))
    }
}

@Suite("Settings bundles: every keyed specifier with a DefaultValue is in format=defaults")
struct SettingsExportDefaultsTests {
    @Test("a radio group without Values, a child pane row's DefaultValue and a pane's radio default are all given")
    func defaultsOfEveryKeyedSpecifier() throws {
        let root: FieldValue = .dict([
            "PreferenceSpecifiers": .array([
                .dict(["Type": .string("PSRadioGroupSpecifier"), "Title": .string("City"), "Key": .string("city"),
                       "DefaultValue": .string("Seattle")]),
                .dict(["Type": .string("PSGroupSpecifier"), "Title": .string("More")]),
                .dict(["Type": .string("PSChildPaneSpecifier"), "Title": .string("Fruit"), "File": .string("Fruit"),
                       "Key": .string("fruit_pane"), "DefaultValue": .string("opened")]),
            ])
        ])
        let fruit: FieldValue = .dict([
            "PreferenceSpecifiers": .array([
                .dict(["Type": .string("PSRadioGroupSpecifier"), "Title": .string("Pick"), "Key": .string("fruit"),
                       "DefaultValue": .int(1), "Titles": .array([.string("Apple"), .string("Banana")])])
            ])
        ])
        let dataset = try SettingsBundle(name: "Fruit", root: root, panes: ["Fruit": fruit])
            .dataset(id: "fruit", title: nil, file: "Root.plist")
        let defaults = try #require(SettingsExport.defaults(of: dataset).dictValue)
        #expect(defaults["city"] == .string("Seattle"))
        #expect(defaults["fruit_pane"] == .string("opened"))
        #expect(defaults["fruit"] == .int(1))
        #expect(defaults.count == 3)
        // The pages still give each DefaultValue as the file had it.
        let page = SettingsExport.page(of: dataset)
        #expect(page == root, "\(page)")
    }
}
