// ModelsTests — a Settings bundle read as the Settings app lays it out, and written back with its values
import Foundation
import Testing

@testable import Models

extension FieldValue: ExpressibleByStringLiteral, ExpressibleByArrayLiteral {
    /// A string, so that a specifier reads as its plist does.
    public init(stringLiteral text: String) { self = .string(text) }
    /// An array of values.
    public init(arrayLiteral items: FieldValue...) { self = .array(items) }
}

/// The fixture bundle folder's files, by their paths inside it.
func settingsBundleFiles() throws -> [String: [UInt8]] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/SettingsBundles/Settings.bundle")
    var files: [String: [UInt8]] = [:]
    for path in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where !path.hasSuffix(".lproj") {
        files[path] = Array(try Data(contentsOf: folder.appendingPathComponent(path)))
    }
    return files
}

/// The fixture bundle read into a dataset.
func settingsBundleDataset() throws -> Dataset {
    try SettingsBundle(name: "Tide Table", files: try settingsBundleFiles()).dataset(id: "tides", title: nil, file: "Settings.bundle")
}

/// A Settings page of the given specifiers, as XML.
func settingsPage(_ specifiers: [Fields], title: String? = nil) -> FieldValue {
    var page: Fields = [:]
    if let title { page["Title"] = .string(title) }
    page["PreferenceSpecifiers"] = .array(specifiers.map(FieldValue.dict))
    return .dict(page)
}

extension Dataset {
    /// The row whose text is `text`, in the root page.
    func row(_ text: String) -> Row? {
        sections.lazy.flatMap(\.rows).first { $0.fields["text"]?.text == text }
    }
}

@Suite("Settings bundles: every specifier as the Settings app shows it")
struct SettingsBundleTests {
    @Test("a page of groups is one section per group, titled and footed, in order, with an untitled one before")
    func groupsAreSections() throws {
        let page = settingsPage([
            ["Type": "PSToggleSwitchSpecifier", "Title": "Early", "Key": "early"],
            ["Type": "PSGroupSpecifier", "Title": "First", "FooterText": "Below the first."],
            ["Type": "PSTitleValueSpecifier", "Title": "Version", "Key": "v", "DefaultValue": "1.0"],
            ["Type": "PSGroupSpecifier"],
        ], title: "My App")
        let dataset = try DatasetDecoder(file: "Root.plist", id: "root").decode(page)
        #expect(dataset.kind == .settings && dataset.style == .insetGrouped && dataset.title == "My App")
        #expect(dataset.sections.map { $0.fields["header"]?.text } == [nil, "First", nil])
        #expect(dataset.sections.map { $0.fields["footer"]?.text } == [nil, "Below the first.", nil])
        #expect(dataset.sections.map(\.rows.count) == [1, 1, 0])
    }

    @Test("each specifier type maps to its control: switch, value1, text field, slider, multi-value, radio, child pane")
    func everySpecifierType() throws {
        let dataset = try settingsBundleDataset()
        #expect(dataset.kind == .settings && dataset.title == "Tide Table")
        #expect(dataset.sections.map { $0.fields["header"]?.text } == ["Account", "Alerts", "Text Size", "Units", "Appearance", "More"])
        let name = try #require(dataset.row("Name")).fields
        #expect(name["accessoryView"] == "textField" && name["value"] == "Ada Lovelace")
        #expect(name["autocapitalization"] == "Words" && name["autocorrection"] == "No")
        #expect(try #require(dataset.row("Password")).fields["secure"] == .bool(true))
        #expect(try #require(dataset.row("Server")).fields["keyboardType"] == "URL")
        let alerts = try #require(dataset.row("High Water Alerts")).fields
        #expect(alerts["accessoryView"] == "switch" && alerts["on"] == .bool(true))
        #expect(try #require(dataset.row("Sound")).fields["on"] == .bool(false), "DefaultValue NO is FalseValue")
        let time = try #require(dataset.row("Alert Time")).fields
        #expect(time["style"] == "value1" && time["accessory"] == "disclosureIndicator" && time["detail"] == "1 h")
        let choices = try #require(time["table"]?.dictValue?["sections"]?.arrayValue?.first?.dictValue)
        #expect(choices["choice"] == "single")
        let choiceRows = choices["rows"]?.arrayValue?.compactMap(\.dictValue) ?? []
        #expect(choiceRows.map { $0["text"]?.text } == ["15 Minutes Before", "30 Minutes Before", "1 Hour Before", "2 Hours Before"])
        #expect(choiceRows.map { $0["accessory"] != nil } == [false, false, true, false])
        let slider = try #require(dataset.sections[2].rows.first).fields
        #expect(slider["accessoryView"] == "slider" && slider["value"] == .real(1) && slider["maximumValue"] == .real(1.6))
        let heights = try #require(dataset.row("Heights")).fields
        #expect(heights["style"] == "value1" && heights["detail"] == "Metres")
        let radio = dataset.sections[4]
        #expect(radio.fields["choice"] == "single" && radio.fields["footer"] == "Automatic follows the system.")
        #expect(radio.rows.map { $0.fields["accessory"]?.stringValue } == ["checkmark", nil, nil])
        let reset = try #require(dataset.row("Reset Tips")).fields
        #expect(reset["accessoryView"] == nil && reset["specifier"]?.dictValue?["Type"] == "IASKButtonSpecifier")
    }

    @Test("an untitled row of a type the Settings app does not know shows its default text, else its key, never its type")
    func untitledThirdPartyRows() throws {
        let page = settingsPage([
            ["Type": "IASKTextViewSpecifier", "Key": "notes", "DefaultValue": "Some notes"],
            ["Type": "IASKCustomViewSpecifier", "Key": "custom"],
            ["Type": "IASKCustomViewSpecifier"],
        ])
        let dataset = try DatasetDecoder(file: "Root.plist", id: "third").decode(page)
        #expect(dataset.sections.flatMap(\.rows).map { $0.fields["text"]?.text } == ["Some notes", "custom", "IASKCustomViewSpecifier"])
    }

    @Test("a multi-value without Values offers its Titles, the default one chosen")
    func multiValueWithoutValues() throws {
        let page = settingsPage([
            ["Type": "PSMultiValueSpecifier", "Title": "Flavour", "Key": "flavour", "Titles": ["Vanilla", "Mint"],
             "DefaultValue": "Mint"],
        ])
        let dataset = try SettingsBundle(name: "Odd", files: ["Root.plist": DocumentFormat.plist.write(page)])
            .dataset(id: "odd", title: nil, file: "Odd.bundle")
        let row = try #require(dataset.row("Flavour")).fields
        #expect(row["detail"] == "Mint")
        let rows = row["table"]?.dictValue?["sections"]?.arrayValue?.first?.dictValue?["rows"]?.arrayValue?
            .compactMap(\.dictValue) ?? []
        #expect(rows.map { $0["text"]?.text } == ["Vanilla", "Mint"])
        #expect(rows.map { $0["accessory"] != nil } == [false, true])
    }

    @Test("a specifier without a Type is refused by its key path, not read as a list of another kind")
    func specifierWithoutType() throws {
        let page = settingsPage([["Type": "PSGroupSpecifier", "Title": "A"], ["Title": "No type", "Key": "k"]])
        #expect(throws: ImportError(
            file: "Root.plist", path: "PreferenceSpecifiers[1].Type",
            message: "expected the specifier's type (PSGroupSpecifier, …)")) {
            try DatasetImporter.importDataset(DocumentFormat.plist.write(page), using: DatasetDecoder(file: "Root.plist", id: "x"))
        }
    }

    @Test("child panes open their page as a child table, two levels deep, each with its own strings table")
    func childPanes() throws {
        let dataset = try settingsBundleDataset()
        let harbours = try #require(dataset.row("Harbours"))
        let child = try #require(TableDocument.childDataset(of: harbours, in: dataset))
        #expect(child.sections.map { $0.fields["header"]?.text } == ["Home Harbour", "Data"])
        let harbour = try #require(child.row("Harbour")).fields
        #expect(harbour["localized"]?.dictValue?["zh-Hans"]?.dictValue?["text"] == "港口", "from a binary .strings")
        let advanced = try #require(child.row("Advanced"))
        let grandchild = try #require(TableDocument.childDataset(of: advanced, in: child))
        #expect(grandchild.sections.first?.fields["footer"] == "Readings older than this are removed.")
        #expect(grandchild.row("Chart Datum")?.fields["on"] == .bool(false))
        #expect(grandchild.row("Station ID")?.fields["keyboardType"] == "NumberPad")
    }

    @Test("a child pane whose file is not there is a row saying so, and one that opens itself stops")
    func missingPanes() throws {
        let page = settingsPage([["Type": "PSChildPaneSpecifier", "Title": "Licenses", "File": "Licenses"]])
        let alone = try DatasetDecoder(file: "Root.plist", id: "root").decode(page)
        let row = try #require(alone.row("Licenses")).fields
        #expect(row["table"] == nil && row["detail"] == "Licenses.plist is missing from the bundle")
        #expect(row["missingFile"] == "Licenses.plist")
        let said = row["localized"]?.dictValue
        #expect(said?["zh-Hant"]?.dictValue?["detail"] == "設定包中缺少 Licenses.plist")
        #expect(said?["ar"]?.dictValue?["detail"] == "الملف Licenses.plist غير موجود في الحزمة")
        #expect(said?["he"]?.dictValue?["detail"] == "Licenses.plist חסר בחבילה")
        let loop = settingsPage([["Type": "PSChildPaneSpecifier", "Title": "Again", "File": "Loop"]])
        let bundle = SettingsBundle(root: page, panes: ["Licenses": loop, "Loop": loop])
        let dataset = try bundle.dataset(id: "loop", title: nil, file: "Root.plist")
        let licensesRow = try #require(dataset.row("Licenses"))
        let licenses = try #require(TableDocument.childDataset(of: licensesRow, in: dataset))
        let againRow = try #require(licenses.row("Again"))
        let again = try #require(TableDocument.childDataset(of: againRow, in: licenses))
        #expect(again.row("Again")?.fields["detail"] == "Loop.plist opens itself")
    }

    @Test("titles resolve in each language, else the development language, else the key itself")
    func localisation() throws {
        let dataset = try settingsBundleDataset()
        let account = dataset.sections[0].fields
        #expect(account["header"] == "Account" && account["localized"]?.dictValue?["zh-Hans"]?.dictValue?["header"] == "账户")
        let time = try #require(dataset.row("Alert Time")).fields
        #expect(time["localized"]?.dictValue?["zh-Hans"]?.dictValue?["detail"] == "1 小时", "a short title")
        let page = settingsPage([["Type": "PSGroupSpecifier", "Title": "Untranslated"]])
        let bare = try SettingsBundle(root: page, strings: ["de": ["Root": ["Other": "Andere"]]]).dataset(id: "b", title: nil, file: "R")
        #expect(bare.sections[0].fields["header"] == "Untranslated" && bare.sections[0].fields["localized"] == nil)
        #expect(try settingsBundleDataset().shape.document?["languages"] == .array(["en", "de", "zh-Hans"]))
    }

    @Test("a child pane without a StringsTable reads the table named after its file, then Root")
    func childPaneTableByFile() throws {
        let root = settingsPage([["Type": "PSChildPaneSpecifier", "Title": "Sound", "File": "Sound"]])
        let sound = settingsPage([["Type": "PSGroupSpecifier", "Title": "Codecs"], ["Type": "PSGroupSpecifier", "Title": "Echo"]])
        let strings: [String: [String: [String: String]]] = [
            "fr": ["Root": ["Sound": "Son", "Echo": "Écho", "Codecs": "pas celui-ci"], "Sound": ["Codecs": "Codecs audio"]],
        ]
        let dataset = try SettingsBundle(root: root, panes: ["Sound": sound], strings: strings)
            .dataset(id: "sound", title: nil, file: "Settings.bundle")
        let row = try #require(dataset.row("Sound"))
        #expect(row.fields["localized"]?.dictValue?["fr"]?.dictValue?["text"] == "Son")
        let child = try #require(TableDocument.childDataset(of: row, in: dataset))
        let french = child.sections.map { $0.fields["localized"]?.dictValue?["fr"]?.dictValue?["header"] }
        #expect(french == ["Codecs audio", "Écho"])
    }

    @Test("an empty page is a Settings page with no rows, titled by its bundle")
    func emptyPage() throws {
        let page = settingsPage([])
        #expect(SettingsBundle.isPage(page))
        let dataset = try SettingsBundle(name: "Blank", files: ["Root.plist": DocumentFormat.plist.write(page)])
            .dataset(id: "blank", title: nil, file: "Blank.bundle")
        #expect(dataset.kind == .settings && dataset.sections.allSatisfy(\.rows.isEmpty) && dataset.title == "Blank")
    }

    @Test("a Settings page is told from a list of specifiers: an array of dictionaries, each with a Type")
    func detection() {
        #expect(SettingsBundle.isPage(settingsPage([["Type": "PSGroupSpecifier"]])))
        #expect(!SettingsBundle.isPage(.dict(["PreferenceSpecifiers": .array([.dict(["Title": "x"])])])))
        #expect(!SettingsBundle.isPage(.array([.dict(["Type": "PSGroupSpecifier"])])))
        #expect(SettingsBundle.languageTag(ofFolder: "zh_CN") == "zh-CN" && SettingsBundle.languageTag(ofFolder: "English") == "en")
    }

    @Test("a device's variant of a page is read before the plain one, an iPad's is left out, and catalogs translate")
    func variantsAndCatalogs() throws {
        func page(_ title: String) -> [UInt8] {
            XMLPropertyListWriter.write(settingsPage([["Type": "PSGroupSpecifier", "Title": .string(title)]]))
        }
        let catalog = #"{"sourceLanguage": "en", "strings": {"Phone": {"localizations": {"ja": {"stringUnit": {"value": "電話"}}}}}}"#
        let files = [
            "Root.plist": page("Plain"), "Root~iphone.plist": page("Phone"), "Root~ipad.plist": page("Pad"),
            "Root.xcstrings": Array(catalog.utf8), "Broken.plist": Array("<plist".utf8),
        ]
        let dataset = try SettingsBundle(name: "Device", files: files).dataset(id: "device", title: nil, file: "Device.bundle")
        #expect(dataset.sections[0].fields["header"] == "Phone" && dataset.title == "Device")
        #expect(dataset.sections[0].fields["localized"]?.dictValue?["ja"]?.dictValue?["header"] == "電話")
        #expect(throws: ImportError.self) { try SettingsBundle(name: "Empty", files: ["Other.plist": page("x")]) }
    }

    @Test("specifiers sharing a Key show one value: the first default in document order, in every page and control")
    func oneKeyOneStartingValue() throws {
        // The root's field says "north" and its pane's multi-value "south"; the pane's radio group names the same
        // key with no default, and a switch's key gives NO on the root and YES in the pane.
        let root = settingsPage([
            ["Type": "PSTextFieldSpecifier", "Title": "Wind", "Key": "wind", "DefaultValue": "north"],
            ["Type": "PSToggleSwitchSpecifier", "Title": "Gusts", "Key": "gusts", "DefaultValue": .bool(false)],
            ["Type": "PSChildPaneSpecifier", "Title": "More", "File": "More"],
        ])
        let more = settingsPage([
            ["Type": "PSMultiValueSpecifier", "Title": "Wind from", "Key": "wind", "DefaultValue": "south",
             "Titles": ["North", "South"], "Values": ["north", "south"]],
            ["Type": "PSToggleSwitchSpecifier", "Title": "Show gusts", "Key": "gusts", "DefaultValue": .bool(true)],
            ["Type": "PSRadioGroupSpecifier", "Title": "Direction", "Key": "wind",
             "Titles": ["North", "South"], "Values": ["north", "south"]],
        ])
        let dataset = try SettingsBundle(root: root, panes: ["More": more]).dataset(id: "wind", title: nil, file: "Root.plist")
        #expect(dataset.row("Wind")?.fields["value"] == "north")
        #expect(dataset.row("Gusts")?.fields["on"] == .bool(false))
        let moreRow = try #require(dataset.row("More"))
        let pane = try #require(TableDocument.childDataset(of: moreRow, in: dataset))
        let windFrom = try #require(pane.row("Wind from")).fields
        #expect(windFrom["detail"] == "North", "the pane's own default (South) is not the key's")
        let choices = windFrom["table"]?.dictValue?["sections"]?.arrayValue?.first?.dictValue?["rows"]?.arrayValue?
            .compactMap(\.dictValue) ?? []
        #expect(choices.map { $0["accessory"] != nil } == [true, false])
        #expect(pane.row("Show gusts")?.fields["on"] == .bool(false))
        let radio = try #require(pane.sections.first { $0.fields["header"] == "Direction" })
        #expect(radio.rows.map { $0.fields["accessory"] != nil } == [true, false])
        // Read from the pane's side first, the pane's default would be the first: the order is the document's.
        let reversed = try SettingsBundle(root: more).dataset(id: "more", title: nil, file: "Root.plist")
        #expect(reversed.row("Wind from")?.fields["detail"] == "South")
    }
}
