// Models — one Settings page read into a table dictionary, sections and rows as the Settings app lays them out

/// Reads the pages of a ``SettingsBundle`` into table dictionaries (``TableDocument``'s vocabulary), as the
/// Settings app lays a page out:
/// - `PSGroupSpecifier` starts a section (`Title` its header, `FooterText` its footer), and so does
///   `PSRadioGroupSpecifier`, whose `Titles` are the section's rows as a choice list (`choice: single`);
///   specifiers before the first group sit in a section without a header, and those after a radio group in
///   a new one;
/// - every other specifier is a row of the current section (``row(for:page:visited:)``).
///
/// Texts are resolved through the page's `StringsTable`, else the table named after its file (`Audio.plist`
/// → `Audio.strings`) and then `Root`, as the Settings app and InAppSettingsKit do: the row's `text`, `detail`, a
/// section's `header` and `footer` in the development language, and under ``localizedKey`` the texts of each
/// other language of the bundle where they differ (`{"zh-Hans": {"text": "通用"}}`).
struct SettingsPageReader {
    let bundle: SettingsBundle
    /// The folders (`zh-Hans.lproj` → `zh-Hans`) of languages other than the development one.
    let languageFolders: [String]

    /// The key of a row's or section's texts in other languages than the development one.
    static let localizedKey = "localized"
    /// The key of a row's or section's specifier, as the file had it.
    static let specifierKey = "specifier"
    /// The key of a page's own keys (`Title`, `StringsTable`) in its table, `PreferenceSpecifiers` emptied.
    static let pageKey = "page"
    /// The key of a page's file name (without `.plist`) in its table.
    static let fileKey = "file"
    /// The key of a row whose child pane's file is not in the bundle: the file's name.
    static let missingFileKey = "missingFile"
    /// The suffix of a slider's image name's key (`minimumImage`) that makes the key of its `<img srcset>`.
    static let imageSourcesSuffix = "Sources"
    /// The key, in the page given to ``Texts`` and ``localized(_:table:language:)`` only, of the table named
    /// after a page's file, looked in before `Root` when the page has no `StringsTable`.
    static let fileTableKey = "fileStringsTable"
    /// How deep child panes may open one another; a deeper pane is a row saying so.
    static let maximumDepth = 16

    /// The value each key starts with (``startingValues(of:)``).
    let startingValues: [String: FieldValue]

    init(bundle: SettingsBundle) {
        self.bundle = bundle
        languageFolders = bundle.strings.keys.filter { !SettingsBundle.developmentLanguages.contains($0) }.sorted()
        startingValues = Self.startingValues(of: bundle)
    }

    /// The table dictionary of a page.
    /// - Parameters:
    ///   - page: the page's dictionary.
    ///   - file: its file name without `.plist`.
    ///   - visited: the files of the pages that lead to this one, so that a pane that opens itself stops.
    /// - Complexity: O(n) in the specifiers of the page and the pages it opens.
    func table(of page: Fields, file: String, visited: Set<String>) -> Fields {
        var pageKeys = page
        var lookup = page
        if page[SettingsBundle.stringsTableKey] == nil, file != "Root" { lookup[Self.fileTableKey] = .string(file) }
        pageKeys[SettingsBundle.specifiersKey] = .array([])
        var sections: [FieldValue] = []
        var current: (fields: Fields, rows: [FieldValue])?
        func close() {
            guard let (fields, rows) = current else { return }
            var section = fields
            section[TableDocument.rowsKey] = .array(rows)
            sections.append(.dict(section))
            current = nil
        }
        let specifiers = page[SettingsBundle.specifiersKey]?.arrayValue ?? []
        let page = lookup
        for item in specifiers {
            let specifier = SettingsSpecifier(item.dictValue ?? [:])
            switch specifier.kind {
            case .group:
                close()
                current = (sectionFields(specifier, page: page), [])
            case .radioGroup:
                close()
                var fields = sectionFields(specifier, page: page)
                fields[TableDocument.choiceKey] = .string("single")
                current = (fields, choiceRows(specifier, page: page))
                close()
            default:
                if current == nil { current = (Fields(), []) }
                current?.rows.append(.dict(row(for: specifier, page: page, visited: visited.union([file]))))
            }
        }
        close()
        return [
            "style": .string(TableStyle.insetGrouped.rawValue), Self.pageKey: .dict(pageKeys),
            Self.fileKey: .string(file), TableDocument.sectionsKey: .array(sections),
        ]
    }

    /// A section's keys: `header` and `footer` from a group's `Title` and `FooterText`, and its specifier.
    private func sectionFields(_ specifier: SettingsSpecifier, page: Fields) -> Fields {
        var texts = Texts(reader: self, page: page)
        if let title = specifier.title { texts.set("header", title) }
        if let footer = specifier.fields["FooterText"]?.text { texts.set("footer", footer) }
        var fields = texts.fields
        fields[Self.specifierKey] = .dict(specifier.fields)
        return fields
    }

    /// The value each `Key` starts with: the `DefaultValue` of the first specifier with that key that gives one,
    /// in document order (the root page, each child pane's page where its row opens it, each page once), as the
    /// Settings app registers the first default of a key. Two specifiers with one key are one stored preference,
    /// so both show this value, whatever default the second gives.
    /// - Complexity: O(n) in the specifiers of the bundle's pages.
    static func startingValues(of bundle: SettingsBundle) -> [String: FieldValue] {
        var values: [String: FieldValue] = [:]
        var visited: Set<String> = []
        func walk(_ page: FieldValue?, file: String) {
            guard visited.insert(file).inserted else { return }
            for item in page?.dictValue?[SettingsBundle.specifiersKey]?.arrayValue ?? [] {
                guard let fields = item.dictValue else { continue }
                let specifier = SettingsSpecifier(fields)
                if let key = specifier.key, let value = specifier.defaultValue, values[key] == nil { values[key] = value }
                if specifier.kind == .childPane, let file = fields["File"]?.text { walk(bundle.panes[file], file: file) }
            }
        }
        walk(bundle.root, file: bundle.rootFile)
        return values
    }

    /// The value a specifier shows before any is stored: its key's (``startingValues``), else its `DefaultValue`.
    func startingValue(of specifier: SettingsSpecifier) -> FieldValue? {
        specifier.key.flatMap { startingValues[$0] } ?? specifier.defaultValue
    }

    /// The rows of a choice list (a radio group's section, a multi-value's child table): one per title,
    /// holding its value, the one whose value is its key's starting value (``startingValue(of:)``) checked.
    func choiceRows(_ specifier: SettingsSpecifier, page: Fields) -> [FieldValue] {
        let chosen = specifier.index(ofValue: startingValue(of: specifier))
        let shortTitles = specifier.shortTitles
        var rows: [FieldValue] = []
        for (index, value) in specifier.values.enumerated() {
            var texts = Texts(reader: self, page: page)
            let title = index < specifier.titles.count ? specifier.titles[index] : value.text ?? ""
            texts.set("text", title)
            if index < shortTitles.count { texts.set("short", shortTitles[index]) }
            var fields = texts.fields
            fields["value"] = value
            if index == chosen { fields["accessory"] = .string(TableAccessory.checkmark.rawValue) }
            rows.append(.dict(fields))
        }
        if specifier.fields["DisplaySortedByTitle"]?.flag == true {
            rows.sort { ($0.dictValue?["text"]?.text ?? "") < ($1.dictValue?["text"]?.text ?? "") }
        }
        return rows
    }

    /// The text of a strings-table key in a language folder, else in the development language, else the key;
    /// in each, the page's `StringsTable`, else its file's table and then `Root`.
    /// - Parameter language: a folder name; nil for the development language.
    func localized(_ key: String, table page: Fields, language: String?) -> String {
        let tables = page[SettingsBundle.stringsTableKey]?.stringValue.map { [$0] }
            ?? [page[Self.fileTableKey]?.stringValue, "Root"].compactMap { $0 }
        func text(in folder: String) -> String? {
            tables.lazy.compactMap { bundle.strings[folder]?[$0]?[key] }.first
        }
        if let language, let text = text(in: language) { return text }
        for folder in SettingsBundle.developmentLanguages {
            if let text = text(in: folder) { return text }
        }
        return key
    }

    /// Texts being set on a row or a section: each in the development language under its key, and in every
    /// other language where it differs, under ``localizedKey``.
    struct Texts {
        let reader: SettingsPageReader
        let page: Fields
        private var base = Fields()
        private var others: [String: Fields] = [:]

        init(reader: SettingsPageReader, page: Fields) {
            self.reader = reader
            self.page = page
        }

        /// Sets `name` to the text of the strings-table key `key`.
        mutating func set(_ name: String, _ key: String) {
            let text = reader.localized(key, table: page, language: nil)
            base[name] = .string(text)
            for folder in reader.languageFolders {
                let translated = reader.localized(key, table: page, language: folder)
                guard translated != text else { continue }
                others[SettingsBundle.languageTag(ofFolder: folder), default: Fields()][name] = .string(translated)
            }
        }

        /// Sets `name` to a text in each language given (the development one under `en`), not looked up.
        mutating func set(_ name: String, byLanguage texts: [String: String]) {
            let text = texts["en"] ?? ""
            base[name] = .string(text)
            for (tag, translated) in texts where tag != "en" && translated != text {
                others[tag, default: Fields()][name] = .string(translated)
            }
        }

        /// The fields set, with ``localizedKey`` when a language differs.
        var fields: Fields {
            var result = base
            if !others.isEmpty {
                let languages = others.sorted { $0.key < $1.key }.map { Field($0.key, .dict($0.value)) }
                result[SettingsPageReader.localizedKey] = .dict(Fields(languages))
            }
            return result
        }
    }
}
